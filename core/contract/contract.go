package contract

import (
	"errors"
	"fmt"
	"math"
	"regexp"
	"slices"
	"strings"
	"time"
	"unique"

	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/schema"
	"github.com/espectacular/ah/schemas"
)

// Status values.
const (
	Active     = "active"
	Superseded = "superseded"
)

// ShellType is the test type whose entries are shell command lines.
const ShellType = "shell"

// CustomType is the test type whose entries name a custom runner
// ([runners.custom.<name>]).
const CustomType = "custom"

// Entry is one [[tests.<type>]] binding.
type Entry struct {
	// Type is the key under tests ("shell", "unit", "pytest", ...).
	Type string
	// Index is the 0-based position within its type's array.
	Index          int
	Flags          string
	Command        string
	Runner         string
	TimeoutSeconds int
	Resources      []string
	Exclusive      bool
}

// Contract is a decoded, schema-valid contract.
type Contract struct {
	Path                string
	ID                  string
	Description         string
	Archetype           string
	Status              string
	SupersededBy        string
	AuthoredWith        string
	FalsifiabilityClass string
	// Tests lists the entries ordered by type name, then file order.
	Tests []Entry
	// Mutation is [quality.mutation] (quality.go).
	Mutation Mutation
	// Waiver is [waiver], nil when absent (issue 28).
	Waiver *Waiver
}

// Waiver is [waiver]: the scenario is not provable by an automated test,
// for Reason, until Expires ("YYYY-MM-DD", empty for no end).
type Waiver struct {
	Reason, Expires string
}

// Expired reports whether the waiver's expiry date is before today
// ("YYYY-MM-DD"; an empty today never expires anything).
func (w Waiver) Expired(today string) bool {
	return w.Expires != "" && today != "" && w.Expires < today
}

// Problem is a contract defect reported as a finding of Kind.
type Problem struct {
	Kind    finding.Kind
	Message string
}

// Decode parses and validates a contract. When problems are returned the
// contract must not run; the returned Contract then holds whatever fields
// could be read (possibly none).
func Decode(path string, data []byte) (Contract, []Problem) {
	c, _, problems := DecodeDoc(path, data)
	return c, problems
}

// DecodeDoc is Decode that also returns the decoded TOML document (nil
// when data is not TOML), for a caller that reads more of the file than
// a Contract holds without decoding it a second time (issue 40).
func DecodeDoc(path string, data []byte) (Contract, map[string]any, []Problem) {
	c := Contract{Path: path}
	doc, err := schema.DecodeTOML(data)
	if err != nil {
		// Syntax errors carry a 1-based line: the decoder's only
		// position-less error cannot happen when decoding into a map.
		var se *schema.SyntaxError
		if errors.As(err, &se) {
			msg := fmt.Sprintf("%s:%d:%d: invalid TOML: %s", path, se.Line, se.Column, se.Message)
			if strings.Contains(se.Message, "invalid escape") {
				// Mostly a regex in flags (-t "a \(b\)"): see ah explain contracts.
				msg += "; write the value as a single-quoted TOML literal string ('...'), which keeps every backslash"
			}
			return c, nil, []Problem{{finding.MalformedContract, msg}}
		}
		return c, nil, []Problem{{finding.MalformedContract, fmt.Sprintf("%s: invalid TOML: %v", path, err)}}
	}
	fill(&c, doc)
	issues, err := schema.Validate(schemas.Contract, doc)
	if err != nil {
		return c, doc, []Problem{{finding.MalformedContract, fmt.Sprintf("%s: %v", path, err)}}
	}
	// The schema's pattern only shapes the date; whether it names a day
	// is said once, with the value, here (issue 39).
	issues = slices.DeleteFunc(issues, func(p schema.Problem) bool { return p.Path == "waiver.expires" && p.Keyword == "pattern" })
	if c.Waiver != nil {
		if msg := expiresProblem(c.Waiver.Expires); msg != "" {
			issues = append(issues, schema.Problem{Path: "waiver.expires", Keyword: "format", Message: msg})
		}
	}
	return c, doc, classify(path, issues)
}

// expiresProblem says why a [waiver] expires is not a date, or "" when it
// is one (or absent): exactly YYYY-MM-DD naming a real calendar day, so
// "2099-99-99" and "2020-01-01garbage" never pass for dates (issue 39).
func expiresProblem(expires string) string {
	if expires == "" {
		return ""
	}
	if _, err := time.Parse(time.DateOnly, expires); err == nil && len(expires) == len(time.DateOnly) {
		return ""
	}
	return fmt.Sprintf("%q is not a calendar date; write it as YYYY-MM-DD (a TOML date, expires = 2027-06-30, or that string)", expires)
}

// classify maps schema problems to finding kinds: a bad status or
// falsifiability_class value has a kind of its own, everything else is a
// malformed contract. Messages of one kind are joined into one finding.
func classify(path string, issues []schema.Problem) []Problem {
	byKind := map[finding.Kind][]string{}
	for _, p := range issues {
		k := finding.MalformedContract
		switch {
		case p.Path == "status" && p.Keyword == "enum":
			k = finding.InvalidStatus
		case p.Path == "falsifiability_class" && p.Keyword == "enum":
			k = finding.InvalidFalsifiabilityClass
		}
		byKind[k] = append(byKind[k], describe(p))
	}
	var out []Problem
	for _, k := range []finding.Kind{finding.InvalidStatus, finding.InvalidFalsifiabilityClass, finding.MalformedContract} {
		if msgs := byKind[k]; len(msgs) > 0 {
			out = append(out, Problem{k, path + ": " + strings.Join(msgs, "; ")})
		}
	}
	return out
}

func describe(p schema.Problem) string {
	switch {
	case p.Keyword == "required" && p.Field == "superseded_by":
		return `status = "superseded" requires a non-empty superseded_by naming the replacing scenario`
	case p.Path == "superseded_by" && p.Keyword == "minLength":
		return `status = "superseded" requires a non-empty superseded_by naming the replacing scenario`
	case p.Keyword == "required" && p.Field == "flags":
		return p.Path + `: missing required key "flags" (every test type except shell passes flags to its runner; shell entries use command)`
	case p.Keyword == "required" && p.Field == "command":
		return p.Path + `: missing required key "command" (shell entries run a command line through /bin/sh -c)`
	case p.Keyword == "pattern" && (strings.HasSuffix(p.Path, ".command") || strings.HasSuffix(p.Path, ".flags")):
		return p.Path + ` is blank: a binding must say which test to run`
	case p.Path == "tests.mutation":
		// Issue 16: mutation is a measurement, not a test entry.
		return p.String() + `; mutation settings live in a [quality.mutation] table (enabled = true), not under tests`
	}
	return p.String()
}

// fill copies the well-typed fields of a decoded document into c, so that
// later checks (id-mismatch, no-tests-declared) work on partially valid
// contracts too.
//
// Every string is copied out of the decoder's: those point into the whole
// file's text, which a corpus of contracts would otherwise keep alive to
// the end (issue 29: peak memory per scenario). The few values many
// contracts share are interned.
// typeName is the schema's propertyNames pattern for a test type.
var typeName = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)

func fill(c *Contract, doc map[string]any) {
	str := func(k string) string { s, _ := doc[k].(string); return strings.Clone(s) }
	common := func(k string) string { s, _ := doc[k].(string); return unique.Make(s).Value() }
	c.ID, c.Description, c.Archetype = str("id"), str("description"), common("archetype")
	c.Status, c.SupersededBy, c.AuthoredWith = common("status"), str("superseded_by"), common("authored_with")
	c.FalsifiabilityClass = common("falsifiability_class")
	c.Mutation = mutation(doc)
	if w, ok := doc["waiver"].(map[string]any); ok {
		c.Waiver = &Waiver{}
		reason, _ := w["reason"].(string)
		c.Waiver.Reason = strings.Clone(reason)
		e, _ := w["expires"].(string)
		// A TOML local date arrives as "YYYY-MM-DD", a datetime as RFC
		// 3339 text, which expiresProblem rejects.
		c.Waiver.Expires = strings.Clone(e)
	}
	tests, _ := doc["tests"].(map[string]any)
	types := make([]string, 0, len(tests))
	for t := range tests {
		// A type name the schema refuses (propertyNames) is already a
		// problem; its entries are not well-typed bindings (an empty
		// type came from `[[tests.""]]`, found by FuzzDecode).
		if typeName.MatchString(t) {
			types = append(types, t)
		}
	}
	slices.Sort(types)
	for _, t := range types {
		arr, _ := tests[t].([]any)
		for i, raw := range arr {
			m, _ := raw.(map[string]any)
			e := Entry{Type: unique.Make(t).Value(), Index: i}
			flags, _ := m["flags"].(string)
			command, _ := m["command"].(string)
			runner, _ := m["runner"].(string)
			e.Flags, e.Command, e.Runner = strings.Clone(flags), strings.Clone(command), strings.Clone(runner)
			e.TimeoutSeconds = integer(m["timeout_seconds"])
			e.Exclusive, _ = m["exclusive"].(bool)
			if rs, ok := m["resources"].([]any); ok {
				for _, r := range rs {
					if s, ok := r.(string); ok {
						e.Resources = append(e.Resources, strings.Clone(s))
					}
				}
			}
			c.Tests = append(c.Tests, e)
		}
	}
}

// integer returns v as an int when it is a whole number. TOML's 10.0 is a
// float, but the schema's "integer" type accepts it, so it must count too.
func integer(v any) int {
	switch n := v.(type) {
	case int64:
		return int(n)
	case float64:
		if n == math.Trunc(n) && math.Abs(n) <= math.MaxInt32 {
			return int(n)
		}
	}
	return 0
}

// HasTimeout reports whether any entry declares timeout_seconds.
func (c Contract) HasTimeout() bool {
	return slices.ContainsFunc(c.Tests, func(e Entry) bool { return e.TimeoutSeconds > 0 })
}
