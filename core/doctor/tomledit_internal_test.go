package doctor

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestAppendEdit: a block goes after one blank line; an empty file gets the
// block alone, and a last line without a newline is ended first.
func TestAppendEdit(t *testing.T) {
	const block = "# b\n[runners.go]\n"
	for data, want := range map[string]string{
		"":        block,
		"a = 1":   "a = 1\n\n" + block,
		"a = 1\n": "a = 1\n\n" + block,
		"\n":      "\n\n" + block,
	} {
		e := appendEdit([]byte(data), block, "m", nil)
		assert.NoError(t, e.err)
		assert.Equal(t, want, string(e.content), "appendEdit(%q)", data)
		assert.Equal(t, block, e.added)
	}
}

func TestBlockParent(t *testing.T) {
	for block, want := range map[string]string{
		"# header\n[runners.go]\n":     "runners",
		"\n[quality.mutation]\n":       "quality",
		"# x\n[spk]\n":                 "spk",
		"# no table header\nkey = 1\n": "",
		"[runners.go]\n":               "", // a header is found after a line break only
	} {
		assert.Equal(t, want, blockParent(block), "blockParent(%q)", block)
	}
}

func TestSet(t *testing.T) {
	doc := map[string]any{"runners": map[string]any{"unit": "u"}, "x": 1}
	set(doc, "v", "runners", "go")
	set(doc, 2, "quality", "mutation", "threshold")
	set(doc, 3, "top")
	assert.Equal(t, map[string]any{
		"runners": map[string]any{"unit": "u", "go": "v"},
		"quality": map[string]any{"mutation": map[string]any{"threshold": 2}},
		"x":       1, "top": 3,
	}, doc)
}

func TestTOMLArray(t *testing.T) {
	assert.Equal(t, `["a<b>&\"c\"\\"]`, tomlArray([]string{`a<b>&"c"\`}), "HTML characters stay, quotes and backslashes are escaped")
	assert.Equal(t, `["go", "test", "-run", "^X$"]`, tomlArray([]string{"go", "test", "-run", "^X$"}))
	assert.Equal(t, `[]`, tomlArray(nil))
}
