package vitest_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/drivers/vitest"
	"github.com/espectacular/ah/ports"
)

func TestSelect(t *testing.T) {
	tests := []struct {
		flags []string
		want  []string
		ok    bool
	}{
		{[]string{"-t", "adds"}, []string{"adds"}, true},
		{[]string{"test/calc.test.js", "-t", "adds two"}, []string{"adds two", "test/calc.test.js"}, true},
		{[]string{"--testNamePattern=^calc add"}, []string{"^calc add"}, true},
		{[]string{"--testNamePattern", "x", "-t", "y"}, nil, false},
		{[]string{"-t", "a", "--bail"}, nil, false},
		{[]string{"test/calc.test.js"}, nil, false},
		// JavaScript evaluates every pattern, lookaround and
		// back-references included; only one that would not split back
		// out of a batch's alternation stays alone.
		{[]string{"-t", "a(?=b)"}, []string{"a(?=b)"}, true},
		{[]string{"-t", `(a)\1`}, []string{`(a)\1`}, true},
		{[]string{"-t", `^n10\s?$`}, []string{`^n10\s?$`}, true},
		{[]string{"-t", `\(?=literal`}, []string{`\(?=literal`}, true},
		{[]string{"-t", `[(]x`}, []string{`[(]x`}, true},
		{[]string{"-t", `a)|(?:b`}, nil, false},
		{[]string{"-t", `a\`}, nil, false},
		{[]string{"-t", `[a`}, nil, false},
		{[]string{"-t", `(a`}, nil, false},
	}
	for _, tt := range tests {
		got, ok := vitest.New().Select(tt.flags)
		assert.Equal(t, tt.ok, ok, "Select(%q)", tt.flags)
		if tt.ok {
			assert.Equal(t, tt.want, got.Terms, "Select(%q)", tt.flags)
		}
	}
}

func TestBatchArgv(t *testing.T) {
	d := vitest.New()
	cmd := []string{"vitest", "run"}
	got, _ := d.BatchArgv(cmd, []ports.Selector{{Terms: []string{"a", "x.test.js"}}, {Terms: []string{"b|c", "y.test.js"}}})
	assert.Equal(t, []string{"vitest", "run", "x.test.js", "y.test.js", "--testNamePattern=(?:a)|(?:b|c)"}, got)
	got, _ = d.BatchArgv(cmd, []ports.Selector{{Terms: []string{"a", "x.test.js"}}, {Terms: []string{"b"}}})
	assert.Equal(t, []string{"vitest", "run", "--testNamePattern=(?:a)|(?:b)"}, got, "one binding without file filters runs every file")
}

func TestMatches(t *testing.T) {
	id := "test/calc.test.js > calc add > adds two numbers"
	path := []string{"test/calc.test.js", "calc add", "adds two numbers"}
	tests := []struct {
		terms     []string
		selectors []string
		want      bool
	}{
		{[]string{"adds two"}, []string{"adds two"}, true},
		{[]string{"^adds"}, []string{"adds two"}, false},
		{[]string{"adds"}, nil, false},
		{[]string{"adds", "test/calc"}, []string{"adds"}, true},
		{[]string{"adds", "./test/calc"}, []string{"adds"}, true},
		{[]string{"adds", "test/other"}, []string{"adds"}, false},
	}
	for _, tt := range tests {
		got := vitest.New().Matches(ports.Selector{Terms: tt.terms}, ports.TestCase{ID: id, Path: path, Selectors: tt.selectors})
		assert.Equal(t, tt.want, got, "Matches(%q) with selectors %q", tt.terms, tt.selectors)
	}
}

func TestBatchArgvSplitsBack(t *testing.T) {
	d := vitest.New()
	var sels []ports.Selector
	for _, f := range [][]string{{"-t", `^a(?=b)`}, {"-t", `[)]|x`}, {"-t", `\)`}} {
		sel, ok := d.Select(f)
		require.True(t, ok, "Select(%q)", f)
		sels = append(sels, sel)
	}
	got, ok := d.BatchArgv([]string{"vitest", "run"}, sels)
	require.True(t, ok)
	p := vitest.New().Prepare(got, "/s")
	assert.JSONEq(t, `["(?:^a(?=b))|(?:[)]|x)|(?:\\))", "^a(?=b)", "[)]|x", "\\)"]`, string(p.Files[vitest.PatternsName]))
}
