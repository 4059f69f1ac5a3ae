package gotest_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/drivers/gotest"
	"github.com/espectacular/ah/ports"
)

func TestSelect(t *testing.T) {
	tests := []struct {
		name  string
		flags []string
		want  ports.Selector
		ok    bool
	}{
		{"package and run", []string{"./acceptance", "-run", "^TestScript$/^check$"}, ports.Selector{Terms: []string{"^TestScript$/^check$", "./acceptance"}}, true},
		{"run= form first", []string{"-run=^TestA$", "."}, ports.Selector{Terms: []string{"^TestA$", "."}}, true},
		{"another flag", []string{".", "-run", "^TestA$", "-count=2"}, ports.Selector{}, false},
		{"two packages", []string{"./a", "./b", "-run", "^TestA$"}, ports.Selector{}, false},
		{"package pattern", []string{"./...", "-run", "^TestA$"}, ports.Selector{}, false},
		{"no run", []string{"."}, ports.Selector{}, false},
		{"no package", []string{"-run", "^TestA$"}, ports.Selector{}, false},
		{"level does not compile", []string{".", "-run", "^TestA$/(x"}, ports.Selector{}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := gotest.New().Select(tt.flags)
			assert.Equal(t, tt.ok, ok)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestBatchArgv(t *testing.T) {
	d := gotest.New()
	sels := []ports.Selector{
		{Terms: []string{"^TestScript$/^check$/^a$", "./acceptance"}},
		{Terms: []string{"^TestCorpus$", "./acceptance"}},
		{Terms: []string{"^TestScript$/^check$/^a$", "./acceptance"}},
	}
	got, ok := d.BatchArgv([]string{"go", "test"}, sels)
	require.True(t, ok)
	assert.Equal(t, []string{"go", "test", "./acceptance", "-run", "^TestScript$/^check$/^a$|^TestCorpus$", "-timeout=0"}, got)
	got, _ = d.BatchArgv([]string{"go", "test", "-timeout=30m"}, sels[:1])
	assert.Equal(t, []string{"go", "test", "-timeout=30m", "./acceptance", "-run", "^TestScript$/^check$/^a$"}, got, "the runner's own -timeout stays")
	got, ok = d.BatchArgv([]string{"go", "test"}, append(sels, ports.Selector{Terms: []string{"^TestB$", "./other"}}))
	require.True(t, ok, "packages batch together (issue 23 item 10)")
	assert.Equal(t, []string{"go", "test", "./acceptance", "./other", "-run", "^TestScript$/^check$/^a$|^TestCorpus$|^TestB$", "-timeout=0"}, got)
}

// TestMatches follows testing's rules: levels split at top-level `/`,
// alternatives at top-level `|`, each level an unanchored regexp, and a
// test with fewer name elements than levels is only a partial match.
func TestMatches(t *testing.T) {
	tests := []struct {
		pattern string
		id      string
		want    bool
	}{
		{"^TestScript$/^check$/^a$", "m/acceptance.TestScript/check/a", true},
		{"^TestScript$/^check$/^a$", "m/acceptance.TestScript/check", false},
		{"^TestScript$/^check$/^a$", "m/acceptance.TestScript", false},
		{"^TestScript$/^check$/^a$", "m/acceptance.TestScript/check/ab", false},
		{"^TestScript$/^check$/^a$", "m/acceptance.TestScript/check/a/deeper", true},
		{"^TestA$", "example.com/x.y.TestA/sub", true},
		{"TestA", "example.com/x.TestAB", true},
		{"^TestA$|^TestB$/^x$", "m.TestB/x", true},
		{"^TestA$|^TestB$/^x$", "m.TestB/y", false},
		{"^TestA$|^TestB$/^x$", "m.TestA/y", true},
		{"^Test(A|B)$/^x$", "m.TestB/x", true},
		{"^Test[/|]$", "m.Test/", false},
		{"^TestSub$/^child a$", "m.TestSub/child_a", true},
		{"^ExampleAdd$", "m.ExampleAdd", true},
	}
	for _, tt := range tests {
		t.Run(tt.pattern+" "+tt.id, func(t *testing.T) {
			got := gotest.New().Matches(ports.Selector{Terms: []string{tt.pattern, "."}}, result(tt.id, ports.TestPassed))
			assert.Equal(t, tt.want, got, "Matches(%q, %q)", tt.pattern, tt.id)
		})
	}
}

// TestMatchesResolved attributes by (package, test) once Audit resolved
// the binding's package: the same name in another package is not its.
func TestMatchesResolved(t *testing.T) {
	sel := ports.Selector{Terms: []string{"^TestA$", "./a", "m/a"}}
	d := gotest.New()
	assert.True(t, d.Matches(sel, result("m/a.TestA", ports.TestPassed)))
	assert.False(t, d.Matches(sel, result("m/b.TestA", ports.TestPassed)), "another package")
	assert.False(t, d.Matches(sel, result("m/a/x.TestA", ports.TestPassed)), "a package below")
	assert.True(t, d.Matches(sel, result("m/a.TestA/sub", ports.TestPassed)))

	// Exactly the import path, never a prefix of it (issue 36): a.old's
	// TestParse is not a's, however its display id reads.
	parse := ports.Selector{Terms: []string{"TestParse", "./a", "example.com/m/a"}}
	assert.False(t, d.Matches(parse, ports.TestCase{ID: "example.com/m/a.old.TestParse", Path: []string{"example.com/m/a.old", "TestParse"}}))
	assert.True(t, d.Matches(parse, ports.TestCase{ID: "example.com/m/a.TestParse", Path: []string{"example.com/m/a", "TestParse"}}))
}
