package acceptance_test

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// glossaryRow is one row of the glossary in docs/development.md: a word,
// its one meaning, and the package owning it.
var glossaryRow = regexp.MustCompile("^\\| ([a-z][a-z ]*) \\| (.+) \\| `([a-z][a-z/]*)` \\|$")

// TestGlossaryInStepWithPackages holds the glossary of docs/development.md
// (issue 40: one meaning per word, one home per concept) to the code:
// each word is defined once, its owner is a package of this module, and
// that package's doc comment uses the word, so renaming a package or
// rewording its doc without the glossary (or the reverse) fails here.
func TestGlossaryInStepWithPackages(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "docs", "development.md"))
	if err != nil {
		t.Fatal(err)
	}
	_, section, ok := strings.Cut(string(data), "\n## Glossary\n")
	if !ok {
		t.Fatal("docs/development.md has no ## Glossary section")
	}
	section, _, _ = strings.Cut(section, "\n## ")
	seen := map[string]bool{}
	for line := range strings.SplitSeq(section, "\n") {
		if !strings.HasPrefix(line, "| ") || strings.HasPrefix(line, "| Word ") || strings.HasPrefix(line, "| ---") {
			continue
		}
		m := glossaryRow.FindStringSubmatch(line)
		if m == nil {
			t.Errorf("glossary row not of the form | word | meaning | `package` |: %s", line)
			continue
		}
		word, owner := m[1], m[3]
		if seen[word] {
			t.Errorf("glossary: %q is defined twice", word)
		}
		seen[word] = true
		doc := packageDoc(t, owner)
		if doc == "" {
			t.Errorf("glossary: %q is owned by %s, which is no package with a doc comment", word, owner)
			continue
		}
		// "capability" is used as "capabilities" too.
		stem := strings.TrimSuffix(word, "y")
		if !strings.Contains(strings.ToLower(doc), stem) {
			t.Errorf("glossary: %q is owned by %s, whose package doc never uses the word: say what it owns there, or fix the glossary", word, owner)
		}
	}
	if len(seen) < 10 {
		t.Errorf("glossary: only %d words read; is the table still a table?", len(seen))
	}
}

// packageDoc returns the package comments of the Go package in dir
// (repository-relative), "" when there is none.
func packageDoc(t *testing.T, dir string) string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", dir, "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var doc strings.Builder
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		af, err := parser.ParseFile(token.NewFileSet(), f, nil, parser.PackageClauseOnly|parser.ParseComments)
		if err != nil {
			t.Fatal(err)
		}
		if af.Doc != nil {
			doc.WriteString(af.Doc.Text())
		}
	}
	return doc.String()
}
