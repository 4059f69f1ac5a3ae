package vitest_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

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
		{[]string{"-t", "a(?=b)"}, nil, false},
		{[]string{"-t", `(a)\1`}, nil, false},
		{[]string{"-t", `\(?=literal`}, []string{`\(?=literal`}, true},
		{[]string{"-t", `(?<name>a)`}, []string{`(?<name>a)`}, true},
		{[]string{"-t", `[(?=]x`}, []string{`[(?=]x`}, true},
		{[]string{"-t", `\p{L}`}, nil, false},
		{[]string{"-t", `(?i)adds`}, nil, false},
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
	got, _ := d.BatchArgv(cmd, []ports.Selection{{Terms: []string{"a", "x.test.js"}}, {Terms: []string{"b|c", "y.test.js"}}})
	assert.Equal(t, []string{"vitest", "run", "x.test.js", "y.test.js", "--testNamePattern=(?:a)|(?:b|c)"}, got)
	got, _ = d.BatchArgv(cmd, []ports.Selection{{Terms: []string{"a", "x.test.js"}}, {Terms: []string{"b"}}})
	assert.Equal(t, []string{"vitest", "run", "--testNamePattern=(?:a)|(?:b)"}, got, "one binding without file filters runs every file")
}

func TestMatches(t *testing.T) {
	tests := []struct {
		terms []string
		id    string
		want  bool
	}{
		{[]string{"adds two"}, "test/calc.test.js > calc add adds two numbers", true},
		{[]string{"^calc add adds"}, "test/calc.test.js > calc add adds two numbers", true},
		{[]string{"^adds"}, "test/calc.test.js > calc add adds two numbers", false},
		{[]string{"adds", "test/calc"}, "test/calc.test.js > calc add adds two numbers", true},
		{[]string{"adds", "test/other"}, "test/calc.test.js > calc add adds two numbers", false},
	}
	for _, tt := range tests {
		got := vitest.New().Matches(ports.Selection{Terms: tt.terms}, ports.TestCase{ID: tt.id})
		assert.Equal(t, tt.want, got, "Matches(%q, %q)", tt.terms, tt.id)
	}
}
