package schema

import (
	"bytes"
	"cmp"
	"fmt"
	"io/fs"
	"math"
	"slices"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"golang.org/x/text/language"
	"golang.org/x/text/message"

	"github.com/espectacular/ah/schemas"
)

// Problem is one violation of a schema.
type Problem struct {
	// Path is the dotted key path of the offending value ("tests.unit[0].flags"),
	// empty for the document root.
	Path string
	// Keyword is the schema keyword that failed ("enum", "required", ...).
	Keyword string
	// Field is the property a "required" or "additionalProperties" problem is
	// about, when there is exactly one.
	Field string
	// Message says what is wrong in words.
	Message string
}

// String renders the problem as "path: message".
func (p Problem) String() string {
	if p.Path == "" {
		return p.Message
	}
	return p.Path + ": " + p.Message
}

// printer renders validator messages in English, independent of any locale.
var printer = message.NewPrinter(language.English)

// cache compiles each schema on first use, with the files it refers to:
// most runs of ah need one or two of the embedded schemas, and compiling
// all of them was a quarter of a small `ah check`'s CPU time.
//
// What stays is the library's own package init (issue 29, decided with
// figures): jsonschema v6.0.3, the latest v6, compiles the meta-schemas of
// all five drafts in an init function, whether or not anything validates.
// GODEBUG=inittrace=1 puts it at 1.71 MB and 21,286 allocations per start,
// 2.9-7.6 ms of clock; 100 starts of a program that only imports it cost
// 0.50-0.54 s of CPU against 0.08-0.09 s for an empty Go program, so about
// 4.4 ms per start, against about 10 ms for `ah version` (1.00-1.07 s per
// 100) and 17-19 ms for `ah check` of 50 scenarios (measured side by side
// on a 2-vCPU VM at load 15-17). The cost is in init, not in first use, so
// compiling lazily cannot remove it; the library has no lighter entry point
// and the design requires it. Kept: about 2 s of CPU over the acceptance
// suite's 500 starts.
var cache struct {
	sync.Mutex
	compiler *jsonschema.Compiler // not safe for concurrent use: the lock guards it
	schemas  map[string]*jsonschema.Schema
}

// embedded loads the $refs of the schemas from schemas.FS: every $id is
// schemas.Base+NAME, and nothing is ever fetched from the network.
type embedded struct{}

func (embedded) Load(url string) (any, error) {
	name, ok := strings.CutPrefix(url, schemas.Base)
	if !ok {
		return nil, fmt.Errorf("schema %s is not embedded in ah", url)
	}
	data, err := fs.ReadFile(schemas.FS, name)
	if err != nil {
		return nil, fmt.Errorf("no embedded schema %q", name)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("schema %s: %w", name, err)
	}
	return doc, nil
}

// Get returns the compiled schema of the embedded file name (schemas.Contract,
// schemas.Config, ...).
func Get(name string) (*jsonschema.Schema, error) {
	// Compiled schemas are immutable and safe for concurrent validation:
	// the lookup takes no lock, so the contract readers (one per
	// processor) never wait on each other here.
	if s, ok := compiled.Load(name); ok {
		return s.(*jsonschema.Schema), nil
	}
	cache.Lock()
	defer cache.Unlock()
	if s, ok := cache.schemas[name]; ok {
		return s, nil
	}
	if _, err := fs.Stat(schemas.FS, name); err != nil {
		return nil, fmt.Errorf("no embedded schema %q", name)
	}
	if cache.compiler == nil {
		cache.compiler = jsonschema.NewCompiler()
		cache.compiler.UseLoader(embedded{})
		cache.schemas = map[string]*jsonschema.Schema{}
	}
	s, err := cache.compiler.Compile(schemas.Base + name)
	if err != nil {
		return nil, fmt.Errorf("schema %s: %w", name, err)
	}
	cache.schemas[name] = s
	compiled.Store(name, s)
	return s, nil
}

// compiled is the lock-free view of cache.schemas.
var compiled sync.Map

// Validate checks a JSON-shaped value (maps, slices, strings, numbers, bools)
// against the named schema and returns its problems, sorted by path.
func Validate(name string, v any) ([]Problem, error) {
	s, err := Get(name)
	if err != nil {
		return nil, err
	}
	verr := s.Validate(v)
	if verr == nil {
		return nil, nil
	}
	ve, ok := verr.(*jsonschema.ValidationError)
	if !ok {
		return nil, verr
	}
	var out []Problem
	collect(ve, &out)
	// A total order: the validator visits object keys in map iteration
	// order, so problems of one path (two invalid key names) would
	// otherwise come out in a different order on every run.
	slices.SortStableFunc(out, func(a, b Problem) int {
		return cmp.Or(strings.Compare(a.Path, b.Path), strings.Compare(a.Message, b.Message))
	})
	return dedupe(out), nil
}

// collect keeps the leaf errors: the group errors (allOf, oneOf, $ref, the
// schema itself) only say "something below failed".
func collect(ve *jsonschema.ValidationError, out *[]Problem) {
	if _, ok := ve.ErrorKind.(*kind.PropertyNames); ok {
		// The causes validate the key as a value of its own and carry no
		// location. The error's own InstanceLocation is unreliable too:
		// jsonschema v6.0.3 stores the validator's location slice without
		// copying it, so later siblings overwrite it ("status" instead of
		// "tests"). The schema location names the object instead.
		p := problem(ve)
		p.Path = propertyNamesPath(ve.SchemaURL)
		*out = append(*out, p)
		return
	}
	if len(ve.Causes) > 0 {
		if one, ok := ve.ErrorKind.(*kind.OneOf); ok && len(one.Subschemas) == 0 {
			// oneOf where no branch matched: the branch errors are noise for a
			// user; report the value's shape instead, unless the value has the
			// type of exactly one branch: then that branch's errors (a
			// misspelt key of a table) are the problem.
			if b := typedBranch(ve); b != nil {
				*out = append(*out, misspeltFirst(b)...)
				return
			}
			*out = append(*out, problem(ve))
			return
		}
		for _, c := range ve.Causes {
			collect(c, out)
		}
		return
	}
	*out = append(*out, problem(ve))
}

// typedBranch is the one branch of a failed oneOf whose failure is not the
// value's type, or nil when there is none or more than one.
func typedBranch(ve *jsonschema.ValidationError) *jsonschema.ValidationError {
	var found *jsonschema.ValidationError
	for _, c := range ve.Causes {
		if wrongType(c, len(ve.InstanceLocation)) {
			continue
		}
		if found != nil {
			return nil
		}
		found = c
	}
	return found
}

// misspeltFirst collects a branch's problems; an unknown key explains the
// required keys missing beside it (adaptr for adapter), so those are left
// out.
func misspeltFirst(ve *jsonschema.ValidationError) []Problem {
	var ps []Problem
	collect(ve, &ps)
	unknown := map[string]bool{}
	for _, p := range ps {
		if p.Keyword == "additionalProperties" {
			unknown[p.Path] = true
		}
	}
	return slices.DeleteFunc(ps, func(p Problem) bool { return p.Keyword == "required" && unknown[p.Path] })
}

// wrongType reports whether a branch failed only because the value at
// depth has another type.
func wrongType(ve *jsonschema.ValidationError, depth int) bool {
	if _, ok := ve.ErrorKind.(*kind.Type); ok && len(ve.InstanceLocation) == depth {
		return true
	}
	if len(ve.Causes) == 0 {
		return false
	}
	for _, c := range ve.Causes {
		if !wrongType(c, depth) {
			return false
		}
	}
	return true
}

func problem(ve *jsonschema.ValidationError) Problem {
	p := Problem{Path: keyPath(ve.InstanceLocation)}
	if kp := ve.ErrorKind.KeywordPath(); len(kp) > 0 {
		p.Keyword = kp[0]
	}
	switch k := ve.ErrorKind.(type) {
	case *kind.Required:
		if len(k.Missing) == 1 {
			p.Field = k.Missing[0]
		}
		p.Message = "missing required key " + quoteAll(k.Missing)
	case *kind.AdditionalProperties:
		if len(k.Properties) == 1 {
			p.Field = k.Properties[0]
		}
		// Listed in map iteration order by the validator: sort for
		// byte-identical output.
		keys := slices.Sorted(slices.Values(k.Properties))
		p.Message = "unknown key " + quoteAll(keys) + unknownKeyHint(ve.SchemaURL, keys)
	case *kind.Type:
		p.Message = ve.ErrorKind.LocalizedString(printer)
		if k.Got == "object" && slices.Contains(k.Want, "array") && wantsTables(ve.SchemaURL) && !strings.Contains(p.Path, "[") {
			// [tests.pytest] where [[tests.pytest]] was meant: name the fix,
			// not the JSON types (issue 8).
			p.Message = fmt.Sprintf("is a single table [%s]; use [[%s]] (double brackets), one per test entry", p.Path, p.Path)
		}
	case *kind.OneOf:
		p.Message = "has the wrong shape: " + oneOfHint(p.Path)
	case *kind.PropertyNames:
		p.Field = k.Property
		p.Message = fmt.Sprintf("invalid key %q", k.Property)
		for _, c := range ve.Causes {
			if pat, ok := c.ErrorKind.(*kind.Pattern); ok {
				p.Message += fmt.Sprintf(" (key names must match %s)", pat.Want)
			}
		}
	case *kind.InvalidJsonValue:
		// TOML's inf and nan: floats with no JSON counterpart.
		p.Message = fmt.Sprintf("got %s, which is not a finite number", tomlValue(k.Value))
	case *kind.Not:
		p.Keyword = "not" // jsonschema v6 gives no keyword path for not
		// The only "not" in ah's schemas guards relative paths.
		p.Message = "must be a relative path inside the repository (no absolute path, no '..' segment)"
	default:
		p.Message = ve.ErrorKind.LocalizedString(printer)
	}
	return p
}

// tomlValue spells a value the way TOML does (inf, -inf, nan).
func tomlValue(v any) string {
	f, ok := v.(float64)
	switch {
	case !ok:
		return fmt.Sprint(v)
	case math.IsNaN(f):
		return "nan"
	case math.IsInf(f, 1):
		return "inf"
	case math.IsInf(f, -1):
		return "-inf"
	}
	return fmt.Sprint(f)
}

// propertyNamesPath turns the location of a propertyNames schema reached
// through properties only ("...#/properties/tests/propertyNames") into the
// instance path of its object ("tests"); any other location gives "", which
// is never wrong, only less precise.
func propertyNamesPath(schemaURL string) string {
	_, frag, ok := strings.Cut(schemaURL, "#")
	if !ok {
		return ""
	}
	frag, ok = strings.CutSuffix(frag, "/propertyNames")
	if !ok {
		return ""
	}
	toks := strings.Split(strings.TrimPrefix(frag, "/"), "/")
	if frag == "" {
		toks = nil
	}
	if len(toks)%2 != 0 {
		return ""
	}
	var keys []string
	for i := 0; i < len(toks); i += 2 {
		if toks[i] != "properties" {
			return ""
		}
		keys = append(keys, strings.NewReplacer("~1", "/", "~0", "~").Replace(toks[i+1]))
	}
	return strings.Join(keys, ".")
}

func oneOfHint(path string) string {
	if strings.HasPrefix(path, "runners") {
		return `expected an argv array such as ["pytest"] or a table with command = [...]`
	}
	return "no allowed form matches"
}

func quoteAll(names []string) string {
	q := make([]string, len(names))
	for i, n := range names {
		q[i] = fmt.Sprintf("%q", n)
	}
	return strings.Join(q, ", ")
}

// keyPath renders a JSON pointer's tokens as a TOML-style dotted path with
// array indexes: ["tests","unit","0","flags"] -> tests.unit[0].flags.
func keyPath(tokens []string) string {
	var b strings.Builder
	for _, t := range tokens {
		if isIndex(t) {
			b.WriteString("[" + t + "]")
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(t)
	}
	return b.String()
}

func isIndex(t string) bool {
	if t == "" {
		return false
	}
	for _, r := range t {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}

func dedupe(ps []Problem) []Problem {
	seen := map[string]bool{}
	out := ps[:0]
	for _, p := range ps {
		k := p.String()
		if seen[k] {
			continue
		}
		seen[k] = true
		out = append(out, p)
	}
	return out
}
