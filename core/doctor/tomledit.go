package doctor

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"

	"github.com/espectacular/ah/core/config"
)

// enableLine sets enabled = true in an existing [capabilities.<name>]
// table: it rewrites an `enabled = false` line of that table, or inserts
// `enabled = true` right after its header. Any other layout (an inline
// table, dotted keys) is left for a human, with an error saying so.
func enableLine(data []byte, name, message string, apply func(map[string]any)) edit {
	header := regexp.MustCompile(`^[ \t]*\[[ \t]*capabilities[ \t]*\.[ \t]*` + regexp.QuoteMeta(name) + `[ \t]*\][ \t]*(#.*)?$`)
	anyHeader := regexp.MustCompile(`^[ \t]*\[`)
	disabled := regexp.MustCompile(`^([ \t]*enabled[ \t]*=[ \t]*)false\b`)
	lines := strings.SplitAfter(string(data), "\n")
	start := -1
	for i, l := range lines {
		if header.MatchString(strings.TrimRight(l, "\r\n")) {
			if start >= 0 {
				start = -1
				break
			}
			start = i
		}
	}
	if start < 0 {
		return edit{err: fmt.Errorf("[capabilities.%s] in %s is not a plain table ah can edit: set enabled = true in it by hand", name, config.Path)}
	}
	for i := start + 1; i < len(lines) && !anyHeader.MatchString(lines[i]); i++ {
		if m := disabled.FindStringSubmatchIndex(lines[i]); m != nil {
			lines[i] = lines[i][:m[3]] + "true" + lines[i][m[3]+len("false"):]
			return edit{content: []byte(strings.Join(lines, "")), added: strings.TrimRight(lines[i], "\r\n") + "\n", message: message, apply: apply}
		}
	}
	eol := "\n"
	if strings.HasSuffix(lines[start], "\r\n") {
		eol = "\r\n"
	} else if !strings.HasSuffix(lines[start], "\n") {
		lines[start] += eol
	}
	added := "enabled = true" + eol
	lines = append(lines[:start+1], append([]string{added}, lines[start+1:]...)...)
	return edit{content: []byte(strings.Join(lines, "")), added: "enabled = true\n", message: message, apply: apply}
}

// lookup walks nested tables of a decoded document.
func lookup(doc map[string]any, keys ...string) (any, bool) {
	var cur any = doc
	for _, k := range keys {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil, false
		}
		if cur, ok = m[k]; !ok {
			return nil, false
		}
	}
	return cur, true
}

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

// cloneDoc deep-copies a decoded document.
func cloneDoc(v map[string]any) map[string]any {
	out := make(map[string]any, len(v))
	for k, x := range v {
		out[k] = cloneValue(x)
	}
	return out
}

func cloneValue(v any) any {
	switch x := v.(type) {
	case map[string]any:
		return cloneDoc(x)
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = cloneValue(e)
		}
		return out
	}
	return v
}

func toAny(xs []string) []any {
	out := make([]any, len(xs))
	for i, x := range xs {
		out[i] = x
	}
	return out
}

// tomlString renders s as a TOML basic string; JSON's escapes are valid
// TOML escapes.
func tomlString(s string) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(s)
	return strings.TrimSuffix(b.String(), "\n")
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
