package doctor

import (
	"regexp"
	"strings"
)

// set stores v at the nested keys of doc, creating tables on the way.
func set(doc map[string]any, v any, keys ...string) {
	m := doc
	for _, k := range keys[:len(keys)-1] {
		next, ok := m[k].(map[string]any)
		if !ok {
			next = map[string]any{}
			m[k] = next
		}
		m = next
	}
	m[keys[len(keys)-1]] = v
}

func toAny(xs []string) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}

// blockParent is the top-level key of the table a block's header opens
// ("[runners.go]" -> "runners").
func blockParent(block string) string {
	i := strings.Index(block, "\n[")
	if i < 0 {
		return ""
	}
	name := block[i+2:]
	name = name[:strings.IndexAny(name, ".]")]
	return name
}

// inlineTable reports whether the root table assigns key an inline table
// (`runners = { ... }`), scanning the lines before the first table header.
func inlineTable(data []byte, key string) bool {
	if key == "" {
		return false
	}
	assign := regexp.MustCompile(`^[ \t]*(` + regexp.QuoteMeta(key) + `|"` + regexp.QuoteMeta(key) + `"|'` + regexp.QuoteMeta(key) + `')[ \t]*=[ \t]*\{`)
	for _, line := range strings.Split(string(data), "\n") {
		if strings.HasPrefix(strings.TrimLeft(line, " \t"), "[") {
			return false
		}
		if assign.MatchString(line) {
			return true
		}
	}
	return false
}
