package acceptance_test

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/slug"
)

// seedSpecs are the seed documents whose scenarios ah implements (issue
// 27): 004 the gate, 000 the adapters. 003 is a peer's guide, not ours.
var seedSpecs = []string{"000_", "004_"}

// TestEverySeedScenarioIsInTheCorpus: issue 27, every scenario title of
// seeds 000 and 004 is a scenario of this repository's own corpus, under
// the seed's exact title, with a contract; TestOwnContractsNameExistingTests
// checks that the contract runs exactly its proof. The seeds live next to
// the repository (../shared/seeds), or where AH_SEEDS_DIR says; without
// them the test skips.
func TestEverySeedScenarioIsInTheCorpus(t *testing.T) {
	dir := os.Getenv("AH_SEEDS_DIR")
	if dir == "" {
		dir = filepath.Join("..", "..", "shared", "seeds")
	}
	entries, err := os.ReadDir(dir)
	if os.IsNotExist(err) {
		t.Skipf("no seed documents at %s (set AH_SEEDS_DIR)", dir)
	}
	require.NoError(t, err)
	var seedTitles []string
	for _, e := range entries {
		if !slices.ContainsFunc(seedSpecs, func(p string) bool { return strings.HasPrefix(e.Name(), p) }) {
			continue
		}
		data, err := os.ReadFile(filepath.Join(dir, e.Name()))
		require.NoError(t, err)
		seedTitles = append(seedTitles, titles(data, "Scenario: ")...)
	}
	require.NotEmpty(t, seedTitles, "%s holds no seed 000 or 004", dir)

	corpus := map[string]string{} // title -> contract path
	specs, err := filepath.Glob(filepath.Join("..", "openspec", "specs", "*", "spec.md"))
	require.NoError(t, err)
	for _, p := range specs {
		data, err := os.ReadFile(p)
		require.NoError(t, err)
		capability := filepath.Base(filepath.Dir(p))
		for _, title := range titles(data, "#### Scenario: ") {
			corpus[title] = filepath.Join("..", ".espectacular", capability, slug.Make(title)+".toml")
		}
	}
	for _, title := range seedTitles {
		contract, ok := corpus[title]
		if !ok {
			t.Errorf("seed scenario %q is not a scenario of openspec/specs/*/spec.md: add it under its exact title", title)
			continue
		}
		require.FileExists(t, contract, "seed scenario %q has no contract", title)
	}
}

// titles returns the text after prefix of every line that starts with it.
func titles(data []byte, prefix string) []string {
	var out []string
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		if title, ok := strings.CutPrefix(strings.TrimRight(sc.Text(), " \r"), prefix); ok {
			out = append(out, strings.TrimSpace(title))
		}
	}
	return out
}
