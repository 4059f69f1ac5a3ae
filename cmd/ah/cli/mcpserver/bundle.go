package mcpserver

import (
	"cmp"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/espectacular/ah/schemas"
)

// bundle is the published schema name made self-contained, as a tool's
// outputSchema must be: a client compiles each tool's schema alone, with
// no loader for the other files of schemas/ (issue 38). Every definition
// another file lends it (check-output.schema.json#/$defs/meta) is copied
// into its own $defs under "<file stem>.<name>" (check-output.meta), with
// the references inside rewritten the same way, until nothing points
// outside the document. Its $id is dropped too: two tools share a schema
// (ah_contract_new, ah_scenario_new), and a validator that caches by $id
// refuses to compile a second document with the same one; $comment names
// the published file instead.
func bundle(name string) (json.RawMessage, error) {
	b := &bundler{docs: map[string]map[string]any{}, done: map[string]bool{}}
	root, err := b.doc(name)
	if err != nil {
		return nil, err
	}
	root = deepCopy(root).(map[string]any)
	defs, _ := root["$defs"].(map[string]any)
	if defs == nil {
		defs = map[string]any{}
	}
	b.defs = defs
	if err := b.rewrite(root, ""); err != nil {
		return nil, fmt.Errorf("bundle %s: %w", name, err)
	}
	for len(b.todo) > 0 {
		ref := b.todo[0]
		b.todo = b.todo[1:]
		if err := b.copyDef(ref); err != nil {
			return nil, fmt.Errorf("bundle %s: %w", name, err)
		}
	}
	if len(defs) > 0 {
		root["$defs"] = defs
	}
	if id, ok := root["$id"].(string); ok {
		delete(root, "$id")
		root["$comment"] = "self-contained copy of " + id + " (its definitions from other files bundled in $defs)"
	}
	return json.Marshal(root)
}

// bundler collects the definitions a bundled schema needs.
type bundler struct {
	docs map[string]map[string]any
	defs map[string]any
	// todo are the foreign definitions to copy: file and definition name.
	todo [][2]string
	done map[string]bool
}

func (b *bundler) doc(name string) (map[string]any, error) {
	if d, ok := b.docs[name]; ok {
		return d, nil
	}
	raw, err := schemas.FS.ReadFile(name)
	if err != nil {
		return nil, fmt.Errorf("no embedded schema %q", name)
	}
	var d map[string]any
	if err := json.Unmarshal(raw, &d); err != nil {
		return nil, fmt.Errorf("schema %s: %w", name, err)
	}
	b.docs[name] = d
	return d, nil
}

// local is the bundled name of file's definition def.
func local(file, def string) string {
	return strings.TrimSuffix(file, ".schema.json") + "." + def
}

// rewrite points every $ref under v into the bundled document: file is
// the file v was copied from ("" for the root), whose own #/$defs/ refs
// become the bundled names too.
func (b *bundler) rewrite(v any, file string) error {
	switch x := v.(type) {
	case map[string]any:
		for _, k := range slices.Sorted(maps.Keys(x)) {
			if ref, ok := x[k].(string); ok && k == "$ref" {
				nref, err := b.ref(ref, file)
				if err != nil {
					return err
				}
				x[k] = nref
				continue
			}
			if err := b.rewrite(x[k], file); err != nil {
				return err
			}
		}
	case []any:
		for _, e := range x {
			if err := b.rewrite(e, file); err != nil {
				return err
			}
		}
	}
	return nil
}

// ref is ref, found in file, as a reference inside the bundle.
func (b *bundler) ref(ref, file string) (string, error) {
	target, pointer, _ := strings.Cut(ref, "#")
	if target == "" {
		if file == "" {
			return ref, nil
		}
		target = file
	}
	rest, ok := strings.CutPrefix(pointer, "/$defs/")
	if !ok {
		return "", fmt.Errorf("$ref %q in %s: only references to $defs can be bundled", ref, cmp.Or(file, "the root"))
	}
	def, tail, _ := strings.Cut(rest, "/")
	name := local(target, def)
	if !b.done[name] {
		b.done[name] = true
		b.todo = append(b.todo, [2]string{target, def})
	}
	if tail != "" {
		tail = "/" + tail
	}
	return "#/$defs/" + name + tail, nil
}

// copyDef copies file's definition def into the bundle.
func (b *bundler) copyDef(ref [2]string) error {
	file, def := ref[0], ref[1]
	d, err := b.doc(file)
	if err != nil {
		return err
	}
	defs, _ := d["$defs"].(map[string]any)
	v, ok := defs[def]
	if !ok {
		return fmt.Errorf("%s has no definition %q", file, def)
	}
	v = deepCopy(v)
	if err := b.rewrite(v, file); err != nil {
		return err
	}
	b.defs[local(file, def)] = v
	return nil
}

func deepCopy(v any) any {
	switch x := v.(type) {
	case map[string]any:
		m := make(map[string]any, len(x))
		for k, e := range x {
			m[k] = deepCopy(e)
		}
		return m
	case []any:
		s := make([]any, len(x))
		for i, e := range x {
			s[i] = deepCopy(e)
		}
		return s
	}
	return v
}
