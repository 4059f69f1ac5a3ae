package schema

import (
	"encoding/json"
	"io/fs"
	"maps"
	"slices"
	"strings"
	"sync"

	"github.com/espectacular/ah/core/spelling"
	"github.com/espectacular/ah/schemas"
)

// raw holds the embedded schema documents as plain JSON, by file name, so
// that messages can name what a schema location allows (its property names,
// its items) where the validator's error does not say.
var raw = sync.OnceValue(func() map[string]any {
	out := map[string]any{}
	entries, _ := fs.ReadDir(schemas.FS, ".")
	for _, e := range entries {
		data, err := fs.ReadFile(schemas.FS, e.Name())
		if err != nil {
			continue
		}
		var doc any
		if json.Unmarshal(data, &doc) == nil {
			out[e.Name()] = doc
		}
	}
	return out
})

// node returns the schema object at a schema URL ("<base><file>#/$defs/x"),
// or nil when it cannot be found.
func node(schemaURL string) map[string]any {
	file, frag, _ := strings.Cut(strings.TrimPrefix(schemaURL, schemas.Base), "#")
	cur, _ := raw()[file].(map[string]any)
	for _, tok := range strings.Split(strings.TrimPrefix(frag, "/"), "/") {
		if tok == "" || cur == nil {
			continue
		}
		tok = strings.NewReplacer("~1", "/", "~0", "~").Replace(tok)
		cur, _ = cur[tok].(map[string]any)
	}
	return cur
}

// knownKeys lists the property names the schema at schemaURL declares,
// sorted.
func knownKeys(schemaURL string) []string {
	props, _ := node(schemaURL)["properties"].(map[string]any)
	return slices.Sorted(maps.Keys(props))
}

// unknownKeyHint names the declared key an unknown one is probably a
// misspelling of (timout_seconds -> timeout_seconds), or says to check the
// spelling.
func unknownKeyHint(schemaURL string, keys []string) string {
	if len(keys) == 1 {
		if h := spelling.Hint(keys[0], knownKeys(schemaURL)); h != "" {
			return h
		}
	}
	return " (check the spelling)"
}

// wantsTables reports whether the schema at schemaURL is an array of
// tables (its items are a referenced table definition), where a single
// [x] table was most likely meant as [[x]].
func wantsTables(schemaURL string) bool {
	items, _ := node(schemaURL)["items"].(map[string]any)
	if ref, ok := items["$ref"].(string); ok {
		return node(schemaURL[:strings.Index(schemaURL+"#", "#")] + ref)["type"] == "object"
	}
	return items["type"] == "object"
}
