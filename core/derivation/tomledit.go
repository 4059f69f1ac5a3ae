package derivation

import (
	"fmt"
	"maps"
	"reflect"
	"regexp"
	"slices"
	"strings"

	"github.com/espectacular/ah/core/schema"
	"github.com/espectacular/ah/core/tomlstring"
)

// Fields are the derived fields of a contract: the only keys ah sync
// writes into an existing file (C-sync-ownership).
type Fields struct {
	ID, Description, Archetype, FalsifiabilityClass, DerivedFrom string
}

// values lists the fields as TOML keys, in the order of a new file.
func (f Fields) values() [][2]string {
	return [][2]string{
		{"archetype", f.Archetype}, {"derived_from", f.DerivedFrom}, {"description", f.Description},
		{"falsifiability_class", f.FalsifiabilityClass}, {"id", f.ID},
	}
}

// Render is a new derived contract: the derived fields plus the
// human-owned status, superseded_by and authored_with (set only here, on
// creation), key-sorted, without tests: a person binds those.
func Render(f Fields, authoredWith string) []byte {
	lines := map[string]string{"authored_with": authoredWith, "status": "active", "superseded_by": ""}
	for _, kv := range f.values() {
		lines[kv[0]] = kv[1]
	}
	var b strings.Builder
	for _, k := range slices.Sorted(maps.Keys(lines)) {
		fmt.Fprintf(&b, "%s = %s\n", k, tomlstring.Quote(lines[k]))
	}
	return []byte(b.String())
}

// Refresh sets the derived fields of an existing contract and keeps every
// other byte: values are replaced in place (trailing comments stay), a
// missing key is added after the last top-level key. It re-parses the
// result and fails unless exactly the derived fields changed, so a
// construct the edit does not understand can never lose a human's bytes.
func Refresh(data []byte, f Fields) ([]byte, error) {
	old, err := schema.DecodeTOML(data)
	if err != nil {
		return nil, fmt.Errorf("invalid TOML: %w", err)
	}
	text := string(data)
	for _, kv := range f.values() {
		text = setKey(text, kv[0], tomlstring.Quote(kv[1]))
	}
	out := []byte(text)
	doc, err := schema.DecodeTOML(out)
	if err != nil {
		return nil, fmt.Errorf("cannot update the derived fields in place (%v): rewrite the file by hand", err)
	}
	for _, kv := range f.values() {
		if doc[kv[0]] != kv[1] {
			return nil, fmt.Errorf("cannot update %s in place: rewrite the key by hand as `%s = ...` before the first table", kv[0], kv[0])
		}
		delete(doc, kv[0])
		delete(old, kv[0])
	}
	if !reflect.DeepEqual(old, doc) {
		return nil, fmt.Errorf("updating the derived fields would change other keys: rewrite the file by hand")
	}
	return out, nil
}

// setKey replaces the value of top-level key in text, or inserts the key.
func setKey(text, key, value string) string {
	lines := strings.SplitAfter(text, "\n")
	lastKey := -1
	for i := 0; i < len(lines); i++ {
		t := strings.TrimSpace(lines[i])
		if strings.HasPrefix(t, "[") {
			break // the first table ends the top level
		}
		k, rest, ok := strings.Cut(t, "=")
		if !ok || strings.HasPrefix(t, "#") {
			continue
		}
		end := valueEnd(lines, i)
		if strings.TrimSpace(k) == key {
			eq := strings.Index(lines[i], "=") + 1
			// Everything up to the value, whitespace after = included.
			prefix := lines[i][:len(lines[i])-len(strings.TrimLeft(lines[i][eq:], " \t"))]
			tail := trailer(strings.Join(lines[i:end+1], ""), strings.TrimLeft(rest, " \t"))
			lines[i] = prefix + value + tail
			for j := i + 1; j <= end; j++ {
				lines[j] = ""
			}
			return strings.Join(lines, "")
		}
		lastKey = end
		i = end
	}
	ins := key + " = " + value + "\n"
	if lastKey < 0 {
		return ins + text
	}
	if !strings.HasSuffix(lines[lastKey], "\n") {
		lines[lastKey] += "\n"
	}
	lines[lastKey] += ins
	return strings.Join(lines, "")
}

// valueEnd is the last line of the value starting on line i: multi-line
// strings run to their closing delimiter.
func valueEnd(lines []string, i int) int {
	_, v, _ := strings.Cut(lines[i], "=")
	v = strings.TrimSpace(v)
	for _, d := range []string{`"""`, `'''`} {
		if strings.HasPrefix(v, d) && !strings.Contains(v[3:], d) {
			for j, l := range lines[i+1:] {
				if strings.Contains(l, d) {
					return i + 1 + j
				}
			}
		}
	}
	return i
}

// trailer is what follows a one-line string value on its line (a
// comment and the line break); for any other value only the line break.
func trailer(all, v string) string {
	nl := ""
	switch {
	case strings.HasSuffix(all, "\r\n"):
		nl = "\r\n"
	case strings.HasSuffix(all, "\n"):
		nl = "\n"
	}
	if strings.HasPrefix(v, `"""`) || strings.HasPrefix(v, `'''`) {
		return nl
	}
	s := oneLineString.FindString(v)
	if s == "" {
		return nl
	}
	return strings.TrimRight(v[len(s):], "\r\n") + nl
}

// oneLineString is a basic string (escapes skipped) or a literal string
// at the start of a value.
var oneLineString = regexp.MustCompile(`^(?:"(?:[^"\\]|\\.)*"|'[^']*')`)
