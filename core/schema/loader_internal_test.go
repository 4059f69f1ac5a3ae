package schema

import (
	"io/fs"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/schemas"
)

// TestEmbeddedLoader: $refs resolve inside schemas.FS only; a URL outside
// schemas.Base or a file that is not embedded is an error, never a fetch.
func TestEmbeddedLoader(t *testing.T) {
	doc, err := embedded{}.Load(schemas.Base + schemas.Config)
	require.NoError(t, err)
	assert.Equal(t, schemas.Base+schemas.Config, doc.(map[string]any)["$id"])

	_, err = embedded{}.Load("https://example.invalid/" + schemas.Config)
	assert.ErrorContains(t, err, "is not embedded in ah")
	_, err = embedded{}.Load(schemas.Base + "nope.schema.json")
	assert.ErrorContains(t, err, `no embedded schema "nope.schema.json"`)
}

// TestGetCompilesEachSchemaOnce: every embedded schema compiles on its
// own (a $ref to a sibling file loads it), and a second Get is the same
// compiled schema.
func TestGetCompilesEachSchemaOnce(t *testing.T) {
	entries, err := fs.ReadDir(schemas.FS, ".")
	require.NoError(t, err)
	for _, e := range entries {
		first, err := Get(e.Name())
		require.NoError(t, err, e.Name())
		again, err := Get(e.Name())
		require.NoError(t, err)
		assert.Same(t, first, again, e.Name())
	}
}
