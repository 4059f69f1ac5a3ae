package lifecycle

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/tomlstring"
)

// Stub is the text of a stub contract: the scenario's id, its title as
// description, archetype PF, status active (no superseded_by: an active
// contract is superseded by nothing), this ah's version, and a commented
// [[tests.<testType>]] example. It declares no test, so ah check
// reports it as no-tests-declared until a person binds one (issue 11).
func Stub(id, title, version, testType string) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "id = %s\n", tomlstring.Quote(id))
	fmt.Fprintf(&b, "description = %s\n", tomlstring.Quote(title))
	b.WriteString("archetype = \"PF\"\n")
	b.WriteString("status = \"active\"\n")
	fmt.Fprintf(&b, "authored_with = %s\n", tomlstring.Quote(version))
	b.WriteString("\n# Bind the test that proves this scenario (until then ah check reports\n")
	b.WriteString("# no-tests-declared), then run `ah check --run-tests`:\n")
	fmt.Fprintf(&b, "# [[tests.%s]]\n", testType)
	if testType == "shell" {
		b.WriteString("# command = \"<a command that exits 0 only when the scenario holds>\"\n")
	} else {
		b.WriteString("# flags = \"<selects exactly the test that proves this scenario>\"\n")
	}
	return []byte(b.String())
}

// TestType is the test type a stub's example uses: the first framework
// (by name) that the repository's manifests or test files show, else shell.
func TestType(f adapter.Facts) string {
	if shown := Shown(f); len(shown) > 0 {
		return shown[0]
	}
	return "shell"
}

// Shown lists, sorted, the frameworks the repository's manifests or test
// files show: the ones ah init probes (a probe of an absent one, such as
// npx vitest, can take seconds and decides nothing).
func Shown(f adapter.Facts) []string {
	var out []string
	for _, name := range slices.Sorted(maps.Keys(f.Evidence)) {
		if e := f.Evidence[name]; e.Manifest || e.ImportedBy != "" {
			out = append(out, name)
		}
	}
	return out
}
