package acceptance_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/acceptance"
	"github.com/espectacular/ah/cmd/ah/cli/output"
	"github.com/espectacular/ah/core/changelog"
)

// TestChangelogFileMatchesUpgrade: CHANGELOG.md at the root holds the same
// entries `ah upgrade` prints, in its words, from the one embedded table
// (core/changelog/entries.go); AH_UPDATE_GOLDEN=1 rewrites the file.
func TestChangelogFileMatchesUpgrade(t *testing.T) {
	want := output.ChangelogMarkdown(changelog.All())
	path := filepath.Join("..", "CHANGELOG.md")
	if acceptance.UpdateGolden() {
		if err := os.WriteFile(path, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read CHANGELOG.md: %v (write it with AH_UPDATE_GOLDEN=1 go test ./acceptance -run TestChangelogFileMatchesUpgrade)", err)
	}
	assert.Equal(t, want, string(got), "CHANGELOG.md differs from core/changelog/entries.go: edit the table, then AH_UPDATE_GOLDEN=1 go test ./acceptance -run TestChangelogFileMatchesUpgrade")
	// The newest release heads the file, and it is this ah's version.
	assert.Contains(t, string(got), "\n## "+changelog.Current+"\n")
}
