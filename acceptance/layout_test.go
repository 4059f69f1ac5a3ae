package acceptance_test

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestReadmeLayout keeps the documentation's layout section (README.md or
// a docs/ page, docs/development.md today) true: every package directory
// under core/, drivers/ and infra/ is named there, so a newcomer finds each
// concept's home from the documentation.
func TestReadmeLayout(t *testing.T) {
	const marker = "Layout (hexagonal):\n\n```\n"
	var file, section string
	for _, name := range docFiles(t) {
		if _, rest, ok := strings.Cut(readRepoFile(t, name), marker); ok {
			if file != "" {
				t.Fatalf("both %s and %s have a layout section: keep one", file, name)
			}
			section, _, _ = strings.Cut(rest, "```")
			file = name
		}
	}
	if file == "" {
		t.Fatal("neither README.md nor a docs/ page has a layout section (\"Layout (hexagonal):\" then a code block)")
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
				t.Errorf("%s's layout section does not name %s/%s: add a line saying what it holds", file, top, e.Name())
			}
		}
	}
}
