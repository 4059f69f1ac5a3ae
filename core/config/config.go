package config

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"path"
	"slices"
	"strings"

	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/schema"
	"github.com/espectacular/ah/schemas"
)

// Path is the repository-relative location of the config file; its
// presence marks the repository root.
const Path = ".espectacular/config.toml"

// Dir is the directory holding the config and the contracts.
const Dir = ".espectacular"

// Defaults.
const (
	DefaultSpecs          = "openspec/specs"
	DefaultChanges        = "openspec/changes"
	DefaultTimeoutSeconds = 60
	// DefaultJobs (unset) leaves the parallelism to the processor count
	// (check.Workers).
	DefaultJobs = 0
)

// Runner is a configured test runner.
type Runner struct {
	// Command is the argv prefix; flags of a test entry are appended.
	Command []string
	// Adapter names the framework adapter (pytest, cargo, vitest, go), if set.
	Adapter string
}

// Config is a validated configuration.
type Config struct {
	ToolVersion string
	// Specs and Changes are clean, relative, slash-separated directories.
	Specs, Changes string
	// Runners maps a test type to its runner.
	Runners map[string]Runner
	// CustomRunners maps a custom runner name to its command.
	CustomRunners map[string]Runner
	// Jobs is the default parallelism (0: from the processor count, see
	// check.Workers); DefaultTimeoutSeconds the default per-binding
	// timeout.
	Jobs                  int
	DefaultTimeoutSeconds int
	// Wrapper is an argv prefix put before every test command
	// ([execution] wrapper), for sandboxes such as bwrap or firejail.
	Wrapper []string
	// SpecLimit is [limits] spec_mib in bytes, 0 when not set; read it
	// with SpecBytes.
	SpecLimit int64
	// Mutation is [quality.mutation] (quality.go).
	Mutation Mutation
	// Selection is [selection], for --run-tests change selection.
	Selection Selection
	// Spk is the [spk] table: how to run specodelic's spk (ah sync).
	Spk Spk
	// QualifyCollidingIDs is [scenarios] qualify_colliding_ids: a scenario
	// whose id an earlier one under another requirement of its spec has
	// gets a qualified id (spec.Qualify) instead of a slug-collision.
	QualifyCollidingIDs bool
	// Scope is [scope]: the scenarios the gate checks (scope.go).
	Scope Scope
}

// Spk is the [spk] table. Command is empty when not set (the driver's
// default, spk); Version, when set, pins the spk version.
type Spk struct {
	Command []string
	Version string
}

// Error is an invalid configuration: the file and every problem found.
type Error struct {
	File     string
	Problems []string
}

func (e *Error) Error() string {
	return fmt.Sprintf("invalid config %s: %s", e.File, strings.Join(e.Problems, "; "))
}

// Parse decodes and validates the config file content.
func Parse(data []byte) (Config, error) {
	doc, err := schema.DecodeTOML(data)
	if err != nil {
		var se *schema.SyntaxError
		if errors.As(err, &se) && se.Line != 0 { // 0: the decoder gave no position
			return Config{}, &Error{File: Path, Problems: []string{fmt.Sprintf("line %d, column %d: invalid TOML: %s", se.Line, se.Column, se.Message)}}
		}
		return Config{}, &Error{File: Path, Problems: []string{"invalid TOML: " + err.Error()}}
	}
	problems, err := schema.Validate(schemas.Config, doc)
	if err != nil {
		return Config{}, err
	}
	if len(problems) > 0 {
		msgs := make([]string, len(problems))
		for i, p := range problems {
			msgs[i] = p.String()
		}
		return Config{}, &Error{File: Path, Problems: msgs}
	}
	if msgs := append(nulPaths(doc), nulArgs(doc)...); len(msgs) > 0 {
		return Config{}, &Error{File: Path, Problems: msgs}
	}
	if msgs := reservedRunners(doc); len(msgs) > 0 {
		return Config{}, &Error{File: Path, Problems: msgs}
	}
	c := build(doc)
	if msgs := append(badGlobs(c.Selection), badScopeGlobs(c.Scope)...); len(msgs) > 0 {
		return Config{}, &Error{File: Path, Problems: msgs}
	}
	return c, nil
}

// nulArgs reports runner arguments holding a NUL byte (TOML's \u0000),
// which exec cannot pass: every test run through them would fail to start
// with "invalid argument".
func nulArgs(doc map[string]any) []string {
	var out []string
	check := func(key string, argv any) {
		xs, _ := argv.([]any)
		for i, x := range xs {
			if s, _ := x.(string); strings.ContainsRune(s, 0) {
				out = append(out, fmt.Sprintf("%s[%d] contains a NUL byte (\\u0000), which no program argument can hold", key, i))
			}
		}
	}
	if e, ok := doc["execution"].(map[string]any); ok {
		check("execution.wrapper", e["wrapper"])
	}
	runners, _ := doc["runners"].(map[string]any)
	for _, name := range slices.Sorted(maps.Keys(runners)) {
		key := "runners." + name
		switch v := runners[name].(type) {
		case []any:
			check(key, v)
		case map[string]any:
			if name != contract.CustomType {
				check(key+".command", v["command"])
				continue
			}
			for _, custom := range slices.Sorted(maps.Keys(v)) {
				t, _ := v[custom].(map[string]any)
				check(key+"."+custom+".command", t["command"])
			}
		}
	}
	return out
}

func build(doc map[string]any) Config {
	c := Config{
		Specs:                 DefaultSpecs,
		Changes:               DefaultChanges,
		Runners:               map[string]Runner{},
		CustomRunners:         map[string]Runner{},
		Jobs:                  DefaultJobs,
		DefaultTimeoutSeconds: DefaultTimeoutSeconds,
		SpecLimit:             specLimit(doc),
		Mutation:              mutation(doc),
		Selection:             selectionOf(doc),
		QualifyCollidingIDs:   qualifyOf(doc),
		Scope:                 scopeOf(doc),
	}
	c.ToolVersion, _ = doc["tool_version"].(string)
	if p, ok := doc["paths"].(map[string]any); ok {
		if s, ok := p["specs"].(string); ok {
			c.Specs = cleanRel(s)
		}
		if s, ok := p["changes"].(string); ok {
			c.Changes = cleanRel(s)
		}
	}
	if e, ok := doc["execution"].(map[string]any); ok {
		if n, ok := integer(e["jobs"]); ok {
			c.Jobs = n
		}
		if n, ok := integer(e["default_timeout_seconds"]); ok {
			c.DefaultTimeoutSeconds = n
		}
		if w, ok := e["wrapper"].([]any); ok {
			c.Wrapper = strs(w)
		}
	}
	if t, ok := doc["spk"].(map[string]any); ok {
		c.Spk.Version, _ = t["version"].(string)
		if cmd, ok := t["command"].([]any); ok {
			c.Spk.Command = strs(cmd)
		}
	}
	runners, _ := doc["runners"].(map[string]any)
	for name, v := range runners {
		if name == contract.CustomType {
			addCustom(c.CustomRunners, v)
			continue
		}
		c.Runners[name] = runner(v)
	}
	return c
}

// addCustom reads [runners.custom.<name>] tables, and the predecessor's
// single `runners.custom = [...]` array as a runner named "custom".
func addCustom(dst map[string]Runner, v any) {
	if tables, ok := v.(map[string]any); ok {
		for name, t := range tables {
			dst[name] = runner(t)
		}
		return
	}
	dst[contract.CustomType] = runner(v)
}

func runner(v any) Runner {
	var r Runner
	switch x := v.(type) {
	case []any:
		r.Command = strs(x)
	case map[string]any:
		if cmd, ok := x["command"].([]any); ok {
			r.Command = strs(cmd)
		}
		r.Adapter, _ = x["adapter"].(string)
	}
	return r
}

func strs(xs []any) []string {
	out := make([]string, 0, len(xs))
	for _, x := range xs {
		s, _ := x.(string)
		out = append(out, s)
	}
	return out
}

// integer returns v as an int when it is a whole number. TOML's 2.0 is a
// float, but the schema's "integer" type accepts it, so it must count too.
func integer(v any) (int, bool) {
	switch n := v.(type) {
	case int64:
		return int(n), true
	case float64:
		if n == math.Trunc(n) && math.Abs(n) <= math.MaxInt32 {
			return int(n), true
		}
	}
	return 0, false
}

// cleanRel normalises a validated relative path ("./openspec//specs/" ->
// "openspec/specs") with forward slashes.
func cleanRel(p string) string {
	return path.Clean(strings.ReplaceAll(p, `\`, "/"))
}

// RunnerNames returns the configured runner types, sorted.
func (c Config) RunnerNames() []string { return slices.Sorted(maps.Keys(c.Runners)) }
