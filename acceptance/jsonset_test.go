package acceptance_test

import (
	"bytes"
	"encoding/json"
	"os"
	"strconv"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"
)

// cmdJSONSet edits one field of a JSON file in place, so a script can forge
// a report the way a careless or hostile CI step would:
//
//	jsonset FILE PATH VALUE
//
// PATH is dot-separated like json's (data.shard.index, data.findings);
// VALUE is JSON. The file is rewritten indented; key order may change.
func cmdJSONSet(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: jsonset FILE PATH VALUE")
	}
	var doc any
	dec := json.NewDecoder(strings.NewReader(ts.ReadFile(args[0])))
	dec.UseNumber()
	ts.Check(dec.Decode(&doc))
	var val any
	vdec := json.NewDecoder(strings.NewReader(args[2]))
	vdec.UseNumber()
	if err := vdec.Decode(&val); err != nil {
		ts.Fatalf("jsonset: VALUE %q is not JSON: %v", args[2], err)
	}
	keys := strings.Split(args[1], ".")
	v := doc
	for n, key := range keys {
		last := n == len(keys)-1
		switch x := v.(type) {
		case map[string]any:
			if last {
				x[key] = val
			} else {
				v = x[key]
			}
		case []any:
			i, err := strconv.Atoi(key)
			if err != nil || i < 0 || i >= len(x) {
				ts.Fatalf("jsonset: %s: no element %q in an array of %d", args[1], key, len(x))
			}
			if last {
				x[i] = val
			} else {
				v = x[i]
			}
		default:
			ts.Fatalf("jsonset: %s: %q is below a scalar", args[1], key)
		}
	}
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	ts.Check(enc.Encode(doc))
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), buf.Bytes(), 0o644))
}
