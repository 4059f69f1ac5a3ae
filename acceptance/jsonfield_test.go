package acceptance_test

import (
	"bytes"
	"encoding/json"
	"strconv"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"
)

// cmdJSONField asserts one field of a JSON file, so a script checks the
// fields that matter rather than a whole golden envelope:
//
//	json FILE PATH WANT
//
// PATH is dot-separated (data.selection.skipped, data.executions.0.verdict;
// "length" of an array is its length); WANT is JSON, compared compactly.
func cmdJSONField(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 3 {
		ts.Fatalf("usage: json FILE PATH WANT")
	}
	var v any
	dec := json.NewDecoder(strings.NewReader(ts.ReadFile(args[0])))
	dec.UseNumber()
	ts.Check(dec.Decode(&v))
	for _, key := range strings.Split(args[1], ".") {
		switch x := v.(type) {
		case map[string]any:
			got, ok := x[key]
			if !ok {
				if neg {
					return // an absent field is not the wanted value
				}
				ts.Fatalf("%s: no field %q on the way to %s", args[0], key, args[1])
			}
			v = got
		case []any:
			if key == "length" {
				v = json.Number(strconv.Itoa(len(x)))
				continue
			}
			i, err := strconv.Atoi(key)
			if err != nil || i < 0 || i >= len(x) {
				ts.Fatalf("%s: %s: no element %q in an array of %d", args[0], args[1], key, len(x))
			}
			v = x[i]
		default:
			ts.Fatalf("%s: %s: %q is below a scalar", args[0], args[1], key)
		}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false) // as ah prints: <ref> stays <ref>
	ts.Check(enc.Encode(v))
	got := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	var want bytes.Buffer
	if err := json.Compact(&want, []byte(args[2])); err != nil {
		ts.Fatalf("json: WANT %q is not JSON: %v", args[2], err)
	}
	if eq := bytes.Equal(got, want.Bytes()); eq == neg {
		ts.Fatalf("%s: %s is %s, want %s%s", args[0], args[1], got, map[bool]string{true: "anything but ", false: ""}[neg], want.Bytes())
	}
}
