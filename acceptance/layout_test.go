package acceptance_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestReadmeLayout keeps the README's layout section true: every package
// directory under core/, drivers/ and infra/ is named there, so a newcomer
// finds each concept's home from the README.
func TestReadmeLayout(t *testing.T) {
	readme, err := os.ReadFile(filepath.Join("..", "README.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(readme), "Layout (hexagonal):\n\n```\n")
	section, _, ok2 := strings.Cut(rest, "```")
	if !ok || !ok2 {
		t.Fatal("README.md has no layout section (\"Layout (hexagonal):\" then a code block)")
	}
	for _, top := range []string{"core", "drivers", "infra"} {
		entries, err := os.ReadDir(filepath.Join("..", top))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			if !e.IsDir() {
				continue
			}
			if !regexp.MustCompile(`(?m)\b` + regexp.QuoteMeta(e.Name()) + `\b`).MatchString(section) {
				t.Errorf("README.md's layout section does not name %s/%s: add a line saying what it holds", top, e.Name())
			}
		}
	}
}
