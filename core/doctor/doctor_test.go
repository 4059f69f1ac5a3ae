package doctor_test

import (
	"encoding/json"
	"io/fs"
	"slices"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/doctor"
	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/schema"
	"github.com/espectacular/ah/ports"
	"github.com/espectacular/ah/schemas"
)

// goDriver is a minimal go adapter: detected by a go.mod manifest, running
// `go test`. Doctor only needs detection, never a run.
type goDriver struct{}

var _ ports.Driver = goDriver{}

func (goDriver) Framework() ports.Framework {
	return ports.Framework{Name: "go", Aliases: []string{"golang"}}
}
func (goDriver) DefaultCommand(fs.FS) []string { return []string{"go", "test"} }
func (goDriver) RunsFramework(argv []string) bool {
	return len(argv) > 1 && argv[0] == "go" && argv[1] == "test"
}
func (goDriver) Manifest(repo fs.FS) bool {
	_, err := fs.Stat(repo, "go.mod")
	return err == nil
}
func (goDriver) Probes(fs.FS) []ports.Probe                  { return nil }
func (goDriver) Prepare([]string, string) ports.Prepared     { return ports.Prepared{} }
func (goDriver) Parse(ports.Result, []byte) ports.TestReport { return ports.TestReport{} }

var drivers = []ports.Driver{goDriver{}}

const spec = "# compiler\n\n#### Scenario: Empty input rejected\n\nTHEN it is rejected\n"

func contractTOML(id, archetype, tests string) *fstest.MapFile {
	return &fstest.MapFile{Data: []byte(`id = "` + id + `"
description = "d"
archetype = "` + archetype + `"
status = "active"
authored_with = "0.1.0"

` + tests)}
}

// healthyRepo is a repository every check passes on.
func healthyRepo(configBody string) fstest.MapFS {
	return fstest.MapFS{
		".espectacular/config.toml":                        {Data: []byte("tool_version = \"0.1.0\"\n" + configBody)},
		"openspec/specs/compiler/spec.md":                  {Data: []byte(spec)},
		"openspec/changes/.keep":                           {},
		".espectacular/compiler/empty-input-rejected.toml": contractTOML("empty-input-rejected", "PF", "[[tests.shell]]\ncommand = \"true\"\n"),
	}
}

func diagnose(t *testing.T, repo fstest.MapFS) doctor.Diagnosis {
	t.Helper()
	cfg, err := config.Parse(repo[config.Path].Data)
	require.NoError(t, err)
	rep, err := doctor.Diagnose(t.Context(), doctor.Input{Repo: repo, Config: &cfg, Version: "0.1.0", Facts: adapter.Scan(repo, drivers)})
	require.NoError(t, err)
	return rep
}

func statuses(r doctor.Diagnosis) map[string]doctor.Status {
	out := map[string]doctor.Status{}
	for _, c := range r.Checks {
		out[c.Name] = c.Status
	}
	return out
}

func TestDiagnoseHealthy(t *testing.T) {
	rep := diagnose(t, healthyRepo(""))
	assert.True(t, rep.Healthy())
	assert.Equal(t, doctor.Summary{Pass: 7}, rep.Summary)
	assert.Equal(t, []string{"config", "specs-dir", "changes-dir", "orphan-contracts", "slug-collisions", "unknown-archetypes", "version-drift"},
		names(rep.Checks))
	assert.Empty(t, rep.Adapters)
	assert.NotNil(t, rep.Adapters, "adapters is [] in JSON, never null")
	assert.Empty(t, rep.Findings)
	assert.NotNil(t, rep.Findings)
}

func names(cs []doctor.Check) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.Name)
	}
	return out
}

func TestDiagnoseChecks(t *testing.T) {
	tests := []struct {
		name    string
		edit    func(fstest.MapFS)
		check   string
		want    doctor.Status
		healthy bool
		message string
	}{
		{"orphan contract", func(r fstest.MapFS) {
			r[".espectacular/compiler/gone.toml"] = contractTOML("gone", "PF", "[[tests.shell]]\ncommand = \"true\"\n")
		}, "orphan-contracts", doctor.Fail, false, "1 contract has no matching scenario: .espectacular/compiler/gone.toml; delete or rename it"},
		{"two orphan contracts", func(r fstest.MapFS) {
			r[".espectacular/compiler/gone.toml"] = contractTOML("gone", "PF", "[[tests.shell]]\ncommand = \"true\"\n")
			r[".espectacular/compiler/lost.toml"] = contractTOML("lost", "PF", "[[tests.shell]]\ncommand = \"true\"\n")
		}, "orphan-contracts", doctor.Fail, false, "2 contracts have no matching scenario: .espectacular/compiler/gone.toml, .espectacular/compiler/lost.toml; delete or rename them, or restore their scenarios (`ah explain orphan-toml`)"},
		{"slug collision", func(r fstest.MapFS) {
			r["openspec/specs/compiler/spec.md"] = &fstest.MapFile{Data: []byte(spec + "\n#### Scenario: Empty input, rejected!\n\nTHEN other\n")}
		}, "slug-collisions", doctor.Fail, false, `both have the id "empty-input-rejected"`},
		{"unknown archetype is a warning", func(r fstest.MapFS) {
			r[".espectacular/compiler/empty-input-rejected.toml"] = contractTOML("empty-input-rejected", "ZZ", "[[tests.shell]]\ncommand = \"true\"\n")
		}, "unknown-archetypes", doctor.Warn, true, `archetype = "ZZ"`},
		{"older tool_version", func(r fstest.MapFS) {
			r[config.Path] = &fstest.MapFile{Data: []byte(`tool_version = "0.0.9"`)}
		}, "version-drift", doctor.Warn, true, "tool_version 0.0.9 in .espectacular/config.toml is older than this ah (0.1.0): run `ah upgrade`"},
		{"newer tool_version", func(r fstest.MapFS) {
			r[config.Path] = &fstest.MapFile{Data: []byte(`tool_version = "0.10.0"`)}
		}, "version-drift", doctor.Warn, true, "is newer than"},
		{"more components is newer", func(r fstest.MapFS) {
			r[config.Path] = &fstest.MapFile{Data: []byte(`tool_version = "0.1.0.1"`)}
		}, "version-drift", doctor.Warn, true, "tool_version 0.1.0.1 in .espectacular/config.toml is newer than this ah (0.1.0): install ah 0.1.0.1 or later"},
		{"fewer components, same numbers", func(r fstest.MapFS) {
			r[config.Path] = &fstest.MapFile{Data: []byte(`tool_version = "0.1"`)}
		}, "version-drift", doctor.Warn, true, "tool_version 0.1 in .espectacular/config.toml differs from this ah (0.1.0): run `ah upgrade` to see what changed and set it"},
		{"a later patch of an older minor is older", func(r fstest.MapFS) {
			r[config.Path] = &fstest.MapFile{Data: []byte(`tool_version = "0.0.10"`)}
		}, "version-drift", doctor.Warn, true, "is older than"},
		{"negative component", func(r fstest.MapFS) {
			r[config.Path] = &fstest.MapFile{Data: []byte(`tool_version = "0.-1.0"`)}
		}, "version-drift", doctor.Warn, true, "differs from"},
		{"v prefix is no drift", func(r fstest.MapFS) {
			r[config.Path] = &fstest.MapFile{Data: []byte(`tool_version = "v0.1.0"`)}
		}, "version-drift", doctor.Pass, true, "matches"},
		{"unparsable version", func(r fstest.MapFS) {
			r[config.Path] = &fstest.MapFile{Data: []byte(`tool_version = "next"`)}
		}, "version-drift", doctor.Warn, true, "differs from"},
		{"missing specs dir", func(r fstest.MapFS) {
			delete(r, "openspec/specs/compiler/spec.md")
			delete(r, ".espectacular/compiler/empty-input-rejected.toml")
		}, "specs-dir", doctor.Fail, false, "openspec/specs does not exist: create it, or set [paths] specs"},
		// Issue 28: the default changes directory appears with the first
		// change proposal; ah init writes it, so its absence is no warning.
		{"missing default changes dir passes", func(r fstest.MapFS) {
			delete(r, "openspec/changes/.keep")
		}, "changes-dir", doctor.Pass, true, "openspec/changes does not exist yet: no change proposal so far"},
		{"missing configured changes dir is a warning", func(r fstest.MapFS) {
			r[config.Path] = &fstest.MapFile{Data: []byte("tool_version = \"0.1.0\"\n[paths]\nchanges = \"openspec/proposals\"\n")}
		}, "changes-dir", doctor.Warn, true, "openspec/proposals does not exist: create it, or set [paths] changes"},
		{"specs path is a file", func(r fstest.MapFS) {
			r[config.Path] = &fstest.MapFile{Data: []byte("tool_version = \"0.1.0\"\n[paths]\nspecs = \"README.md\"\n")}
			r["README.md"] = &fstest.MapFile{Data: []byte("x")}
		}, "specs-dir", doctor.Fail, false, "README.md is a file, not a directory"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			repo := healthyRepo("")
			tt.edit(repo)
			rep := diagnose(t, repo)
			assert.Equal(t, tt.want, statuses(rep)[tt.check])
			assert.Equal(t, tt.healthy, rep.Healthy())
			i := slices.IndexFunc(rep.Checks, func(c doctor.Check) bool { return c.Name == tt.check })
			require.GreaterOrEqual(t, i, 0)
			assert.Contains(t, rep.Checks[i].Message, tt.message)
			// The summary counts every check once, by status.
			var want doctor.Summary
			for _, c := range rep.Checks {
				switch c.Status {
				case doctor.Pass:
					want.Pass++
				case doctor.Warn:
					want.Warn++
				default:
					want.Fail++
				}
			}
			assert.Equal(t, want, rep.Summary)
			assert.Equal(t, len(rep.Checks), rep.Summary.Pass+rep.Summary.Warn+rep.Summary.Fail)
		})
	}
}

func TestDiagnoseWithoutConfig(t *testing.T) {
	repo := fstest.MapFS{"go.mod": {Data: []byte("module x\n")}}
	rep, err := doctor.Diagnose(t.Context(), doctor.Input{Repo: repo, ConfigProblem: "no config", Version: "0.1.0", Facts: adapter.Scan(repo, drivers)})
	require.NoError(t, err)
	assert.Equal(t, []doctor.Check{{Name: "config", Status: doctor.Fail, Message: "no config"}}, rep.Checks)
	assert.False(t, rep.Healthy())
	require.Len(t, rep.Adapters, 1, "detection still works without a config")
	assert.Empty(t, rep.Findings, "no recommendation: --enable needs a valid config")
}

func TestDiagnoseAdaptersAndRecommendations(t *testing.T) {
	tests := []struct {
		name      string
		config    string
		contract  string
		adapters  []string // test_type/adapter/source
		recommend bool
	}{
		{name: "no manifest, nothing configured", adapters: nil},
		{name: "detected but unconfigured", config: "", contract: "", adapters: []string{"go/go/manifest"}, recommend: true},
		{name: "configured under its name", config: "[runners]\ngo = [\"go\", \"test\", \"-race\"]\n", adapters: []string{"go/go/configured"}},
		{name: "configured under another type", config: "[runners.unit]\ncommand = [\"go\", \"test\"]\nadapter = \"go\"\n", adapters: []string{"go/go/manifest", "unit/go/configured"}},
		{name: "a generic type running go test runs as written", config: "[runners]\nunit = [\"go\", \"test\"]\n", adapters: []string{"go/go/manifest"}, recommend: true},
		{name: "declared alias type", contract: "[[tests.golang]]\nflags = \"./...\"\n", adapters: []string{"go/go/manifest", "golang/go/manifest"}, recommend: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			repo := healthyRepo(tt.config)
			if tt.adapters != nil {
				repo["go.mod"] = &fstest.MapFile{Data: []byte("module x\n")}
			}
			if tt.contract != "" {
				repo["openspec/specs/calc/spec.md"] = &fstest.MapFile{Data: []byte("# calc\n\n#### Scenario: Adds\n\nTHEN it adds\n")}
				repo[".espectacular/calc/adds.toml"] = contractTOML("adds", "PF", tt.contract)
			}
			rep := diagnose(t, repo)
			var got []string
			for _, a := range rep.Adapters {
				got = append(got, a.TestType+"/"+a.Adapter+"/"+a.DetectionSource)
				assert.Equal(t, a.Argv[0], "go")
				assert.NotEmpty(t, a.Reason)
			}
			assert.Equal(t, tt.adapters, got)
			if !tt.recommend {
				assert.Empty(t, rep.Findings)
				return
			}
			require.Len(t, rep.Findings, 1)
			f := rep.Findings[0]
			assert.Equal(t, finding.Recommendation, f.Kind)
			assert.Equal(t, finding.EnableCapability, f.SuggestedAction)
			require.NotNil(t, f.ApplyCommand)
			assert.Equal(t, "ah doctor --enable go", *f.ApplyCommand)
			assert.Equal(t, config.Path, f.SpecPath)
			assert.Contains(t, f.Message, "go is detected (manifest")
			assert.False(t, f.Blocking(), "a recommendation never fails anything")
			assert.True(t, rep.Healthy())
		})
	}
}

// TestReportMatchesSchema validates reports in a doctor envelope against
// schemas/doctor-output.schema.json, and proves the schema ties ok to the
// failed checks.
func TestReportMatchesSchema(t *testing.T) {
	healthy := healthyRepo("")
	healthy["go.mod"] = &fstest.MapFile{Data: []byte("module x\n")}
	unhealthy := healthyRepo("")
	unhealthy[".espectacular/compiler/gone.toml"] = contractTOML("gone", "PF", "[[tests.shell]]\ncommand = \"true\"\n")
	for _, tc := range []struct {
		name string
		repo fstest.MapFS
	}{{"healthy", healthy}, {"unhealthy", unhealthy}} {
		t.Run(tc.name, func(t *testing.T) {
			rep := diagnose(t, tc.repo)
			assert.Empty(t, validateEnvelope(t, rep.Healthy(), rep))
			assert.NotEmpty(t, validateEnvelope(t, !rep.Healthy(), rep), "ok must match the failed checks")
		})
	}
}

func validateEnvelope(t *testing.T, ok bool, data any) []schema.Problem {
	t.Helper()
	env := map[string]any{
		"ok": ok, "envelope_version": "0.1", "cli_version": "0.1.0", "envelope_kind": "doctor", "data": data,
		"warnings": []string{}, "hints": []string{}, "meta": map[string]any{"tx": nil, "request_id": nil},
	}
	raw, err := json.Marshal(env)
	require.NoError(t, err)
	var v any
	require.NoError(t, json.Unmarshal(raw, &v))
	problems, err := schema.Validate(schemas.DoctorOutput, v)
	require.NoError(t, err)
	return problems
}

// TestRecommendationNeedsProjectEvidence: a framework that only runs on
// this machine is listed under installed[], not adapters[], and is not
// recommended, unless a contract declares a test type it serves (issue 8).
func TestRecommendationNeedsProjectEvidence(t *testing.T) {
	goTest := doctor.Adapter{Adapter: "go", TestType: "go", DetectionSource: "environment", Version: "1.99.0",
		Command: "go test", Argv: []string{"go", "test"}, Reason: "go runs here (go test)"}
	goInstalled := doctor.Installed{Adapter: "go", Version: "1.99.0", Command: "go test", Argv: []string{"go", "test"}}
	for _, tc := range []struct {
		name      string
		declare   bool
		imported  bool
		adapters  []doctor.Adapter
		installed []doctor.Installed
		recommend bool
	}{
		{"installed only", false, false, []doctor.Adapter{}, []doctor.Installed{goInstalled}, false},
		{"installed and declared", true, false, []doctor.Adapter{goTest}, []doctor.Installed{}, true},
		// The environment outranks the import as the detection source, but
		// the import is what points the project at go.
		{"installed and imported", false, true, []doctor.Adapter{goTest}, []doctor.Installed{}, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			repo := healthyRepo("")
			if tc.declare {
				repo["openspec/specs/calc/spec.md"] = &fstest.MapFile{Data: []byte("# calc\n\n#### Scenario: Adds\n\nTHEN it adds\n")}
				repo[".espectacular/calc/adds.toml"] = contractTOML("adds", "PF", "[[tests.go]]\nflags = \"./...\"\n")
			}
			cfg, err := config.Parse(repo[config.Path].Data)
			require.NoError(t, err)
			facts := adapter.Scan(repo, drivers)
			ev := facts.Evidence["go"]
			ev.Probed, ev.Runnable, ev.Version = true, []string{"go", "test"}, "1.99.0"
			if tc.imported {
				ev.ImportedBy = "calc_test.go"
			}
			facts.Evidence["go"] = ev
			rep, err := doctor.Diagnose(t.Context(), doctor.Input{Repo: repo, Config: &cfg, Version: "0.1.0", Facts: facts})
			require.NoError(t, err)
			assert.Equal(t, tc.adapters, rep.Adapters)
			assert.Equal(t, tc.installed, rep.Installed)
			assert.Equal(t, tc.recommend, len(rep.Findings) == 1)
		})
	}
}

// TestNoRecommendationWhileAProbeTimedOut: a manifest points at go, but
// its only probe timed out; `ah doctor --enable go` refuses until a probe
// answers in time, so doctor does not offer it as an apply_command (the
// probes check reports the timeout). A probe that ran and failed keeps the
// recommendation: enable's refusal then says how to install the tool.
func TestNoRecommendationWhileAProbeTimedOut(t *testing.T) {
	for _, tc := range []struct {
		name      string
		tried     []string
		timedOut  []string
		recommend bool
	}{
		{"its probe timed out", nil, []string{"go version"}, false},
		{"no probe ran it", []string{"go version"}, nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			repo := healthyRepo("")
			repo["go.mod"] = &fstest.MapFile{Data: []byte("module x\n")}
			cfg, err := config.Parse(repo[config.Path].Data)
			require.NoError(t, err)
			facts := adapter.Scan(repo, drivers)
			ev := facts.Evidence["go"]
			ev.Probed, ev.Tried, ev.TimedOut = true, tc.tried, tc.timedOut
			facts.Evidence["go"] = ev
			rep, err := doctor.Diagnose(t.Context(), doctor.Input{Repo: repo, Config: &cfg, Version: "0.1.0", Facts: facts})
			require.NoError(t, err)
			var recommended bool
			for _, f := range rep.Findings {
				recommended = recommended || f.Kind == finding.Recommendation
			}
			assert.Equal(t, tc.recommend, recommended)
		})
	}
}

// TestDeclaredTestTypes: every declared test type is listed with how it
// runs or why it cannot, custom runners and unserved types included
// (issue 8).
func TestDeclaredTestTypes(t *testing.T) {
	repo := healthyRepo("[runners]\nunit = [\"./run-unit\"]\n[runners.custom.lint]\ncommand = [\"./lint\"]\n")
	repo[".espectacular/calc/a.toml"] = contractTOML("a", "PF",
		"[[tests.unit]]\nflags = \"x\"\n[[tests.custom]]\nrunner = \"lint\"\n[[tests.custom]]\nrunner = \"lnt\"\n[[tests.vitest]]\nflags = \"x\"\n[[tests.e2e]]\nflags = \"x\"\n")
	cfg, err := config.Parse(repo[config.Path].Data)
	require.NoError(t, err)
	facts := adapter.Scan(repo, drivers)
	rep, err := doctor.Diagnose(t.Context(), doctor.Input{Repo: repo, Config: &cfg, Version: "0.1.0", Facts: facts})
	require.NoError(t, err)
	runs := map[string]string{}
	for _, tt := range rep.TestTypes {
		runs[tt.TestType+"/"+tt.Runner] = tt.Runs
		assert.NotEmpty(t, tt.Reason, tt.TestType)
	}
	assert.Equal(t, map[string]string{
		"custom/lint": "custom", "custom/lnt": "none", "e2e/": "none", "shell/": "shell", "unit/": "argv", "vitest/": "none",
	}, runs)
	assert.Empty(t, validateEnvelope(t, rep.Healthy(), rep))
}
