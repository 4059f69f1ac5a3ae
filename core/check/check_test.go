package check_test

import (
	"context"
	"fmt"
	"io/fs"
	"strings"
	"sync"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/check"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/finding"
)

const configTOML = `tool_version = "0.1.0"

[runners]
unit = ["pytest"]

[runners.custom.bats]
command = ["bats"]
`

const gateSpec = `# Gate

## Requirements

### Requirement: Discovery

#### Scenario: Alpha works
- WHEN alpha
- THEN ok

#### Scenario: Beta works
- WHEN beta
- THEN ok
`

// contractTOML is a valid contract for id with the given extra lines
// replacing the default shell test.
func contractTOML(id string, lines ...string) string {
	head := fmt.Sprintf("id = %q\ndescription = \"d\"\narchetype = \"PF\"\nstatus = \"active\"\nsuperseded_by = \"\"\nauthored_with = \"0.1.0\"\n", id)
	if len(lines) == 0 {
		lines = []string{"[[tests.shell]]", `command = "true"`}
	}
	return head + strings.Join(lines, "\n") + "\n"
}

// clean is a repository with no findings; cases start from it.
func clean() map[string]string {
	return map[string]string{
		config.Path:                           configTOML,
		".espectacular/AGENTS.md":             "# notes\n",
		"openspec/specs/gate/spec.md":         gateSpec,
		".espectacular/gate/alpha-works.toml": contractTOML("alpha-works"),
		".espectacular/gate/beta-works.toml":  contractTOML("beta-works"),
	}
}

// edit returns clean() with files set (an empty value deletes the file).
func edit(files map[string]string) map[string]string {
	repo := clean()
	for p, data := range files {
		if data == "" {
			delete(repo, p)
			continue
		}
		repo[p] = data
	}
	return repo
}

func mapFS(files map[string]string) fstest.MapFS {
	fsys := fstest.MapFS{}
	for p, data := range files {
		fsys[p] = &fstest.MapFile{Data: []byte(data)}
	}
	return fsys
}

func parseConfig(t *testing.T, files map[string]string) config.Config {
	t.Helper()
	cfg, err := config.Parse([]byte(files[config.Path]))
	require.NoError(t, err)
	return cfg
}

// brief renders a finding as "kind spec_path scenario_id contract_path".
func brief(f finding.Finding) string {
	id := ""
	if f.Scenario != nil {
		id = f.Scenario.ID
	}
	return strings.Join([]string{string(f.Kind), f.SpecPath, id, f.ContractPath}, " ")
}

const (
	gatePath  = "openspec/specs/gate/spec.md"
	alphaToml = ".espectacular/gate/alpha-works.toml"
	betaToml  = ".espectacular/gate/beta-works.toml"
)

var checkCases = []struct {
	name      string
	files     map[string]string
	want      []string
	failed    bool
	scenarios int
}{
	{name: "clean repository", files: clean(), scenarios: 2},
	{
		name:      "no-toml",
		files:     edit(map[string]string{betaToml: ""}),
		want:      []string{"no-toml " + gatePath + " beta-works " + betaToml},
		failed:    true,
		scenarios: 2,
	},
	{
		name:      "orphan-toml",
		files:     edit(map[string]string{".espectacular/gate/gone.toml": contractTOML("gone")}),
		want:      []string{"orphan-toml " + gatePath + "  .espectacular/gate/gone.toml"},
		failed:    true,
		scenarios: 2,
	},
	{
		name: "orphan-toml in nested and unknown capabilities",
		files: edit(map[string]string{
			".espectacular/gate/sub/alpha-works.toml": contractTOML("alpha-works"),
			".espectacular/ghost/x/y.toml":            contractTOML("y"),
		}),
		want: []string{
			"orphan-toml openspec/specs/gate/sub/spec.md  .espectacular/gate/sub/alpha-works.toml",
			"orphan-toml openspec/specs/ghost/x/spec.md  .espectacular/ghost/x/y.toml",
		},
		failed:    true,
		scenarios: 2,
	},
	{
		name: "changes, state, config and non-toml files are never orphans",
		files: edit(map[string]string{
			".espectacular/changes/add-x/gate/new.toml": contractTOML("new"),
			".espectacular/changes/x.toml":              contractTOML("x"),
			".espectacular/state/lint-last-run":         "2024",
			".espectacular/state/cache/s.toml":          contractTOML("s"),
			".espectacular/gate/notes.md":               "notes\n",
			".espectacular/gate/alpha-works.toml.bak":   "x",
		}),
		scenarios: 2,
	},
	{
		name:      "contract outside any capability is an orphan",
		files:     edit(map[string]string{".espectacular/stray.toml": contractTOML("stray")}),
		want:      []string{"orphan-toml openspec/specs/spec.md  .espectacular/stray.toml"},
		failed:    true,
		scenarios: 2,
	},
	{
		name: "slug-collision",
		files: edit(map[string]string{
			gatePath: gateSpec + "\n### Requirement: Other\n\n#### Scenario: Alpha: works!\n- WHEN something else\n",
		}),
		want:      []string{"slug-collision " + gatePath + " alpha-works " + alphaToml},
		failed:    true,
		scenarios: 2,
	},
	{
		name: "mirrored scenario is one scenario",
		files: edit(map[string]string{
			gatePath: gateSpec + "\n## Requirements\n\n#### Scenario: Alpha works\n- WHEN alpha\n- THEN ok\n",
		}),
		scenarios: 2,
	},
	{
		name:      "id-mismatch",
		files:     edit(map[string]string{betaToml: contractTOML("beta")}),
		want:      []string{"id-mismatch " + gatePath + " beta-works " + betaToml},
		failed:    true,
		scenarios: 2,
	},
	{
		name:      "no-tests-declared",
		files:     edit(map[string]string{betaToml: contractTOML("beta-works", "")}),
		want:      []string{"no-tests-declared " + gatePath + " beta-works " + betaToml},
		failed:    true,
		scenarios: 2,
	},
	{
		name:      "malformed-contract syntax",
		files:     edit(map[string]string{betaToml: "id = \"beta-works\n"}),
		want:      []string{"malformed-contract " + gatePath + " beta-works " + betaToml},
		failed:    true,
		scenarios: 2,
	},
	{
		name:      "malformed-contract misspelt key",
		files:     edit(map[string]string{betaToml: contractTOML("beta-works", "[[tests.shell]]", `command = "true"`, "timout_seconds = 5")}),
		want:      []string{"malformed-contract " + gatePath + " beta-works " + betaToml},
		failed:    true,
		scenarios: 2,
	},
	{
		name:      "malformed-contract with wrong id reports both",
		files:     edit(map[string]string{betaToml: contractTOML("beta", "[[tests.unit]]")}),
		want:      []string{"id-mismatch " + gatePath + " beta-works " + betaToml, "malformed-contract " + gatePath + " beta-works " + betaToml},
		failed:    true,
		scenarios: 2,
	},
	{
		name:      "invalid-status",
		files:     edit(map[string]string{betaToml: strings.Replace(contractTOML("beta-works"), `"active"`, `"paused"`, 1)}),
		want:      []string{"invalid-status " + gatePath + " beta-works " + betaToml},
		failed:    true,
		scenarios: 2,
	},
	{
		name:      "invalid-falsifiability-class",
		files:     edit(map[string]string{betaToml: "falsifiability_class = \"eventual\"\n" + contractTOML("beta-works")}),
		want:      []string{"invalid-falsifiability-class " + gatePath + " beta-works " + betaToml},
		failed:    true,
		scenarios: 2,
	},
	{
		name:      "missing-liveness-timeout warns without failing",
		files:     edit(map[string]string{betaToml: "falsifiability_class = \"liveness\"\n" + contractTOML("beta-works")}),
		want:      []string{"missing-liveness-timeout " + gatePath + " beta-works " + betaToml},
		scenarios: 2,
	},
	{
		name: "liveness with a timeout",
		files: edit(map[string]string{betaToml: "falsifiability_class = \"liveness\"\n" +
			contractTOML("beta-works", "[[tests.shell]]", `command = "true"`, "timeout_seconds = 5")}),
		scenarios: 2,
	},
	{
		name:      "liveness without tests is only no-tests-declared",
		files:     edit(map[string]string{betaToml: "falsifiability_class = \"liveness\"\n" + contractTOML("beta-works", "")}),
		want:      []string{"no-tests-declared " + gatePath + " beta-works " + betaToml},
		failed:    true,
		scenarios: 2,
	},
	{
		name:      "unknown-archetype warns without failing",
		files:     edit(map[string]string{betaToml: strings.Replace(contractTOML("beta-works"), `"PF"`, `"XX"`, 1)}),
		want:      []string{"unknown-archetype " + gatePath + " beta-works " + betaToml},
		scenarios: 2,
	},
	{
		name:      "NR archetype is valid",
		files:     edit(map[string]string{betaToml: strings.Replace(contractTOML("beta-works"), `"PF"`, `"NR"`, 1)}),
		scenarios: 2,
	},
	{
		name: "configured runners",
		files: edit(map[string]string{betaToml: contractTOML("beta-works",
			"[[tests.unit]]", `flags = "-k beta"`, "[[tests.custom]]", `runner = "bats"`)}),
		scenarios: 2,
	},
	{
		name:      "missing-runner for a test type",
		files:     edit(map[string]string{betaToml: contractTOML("beta-works", "[[tests.e2e]]", `flags = "x"`)}),
		want:      []string{"missing-runner " + gatePath + " beta-works " + betaToml},
		failed:    true,
		scenarios: 2,
	},
	{
		name:      "missing-runner for a custom runner",
		files:     edit(map[string]string{betaToml: contractTOML("beta-works", "[[tests.custom]]", `runner = "nope"`)}),
		want:      []string{"missing-runner " + gatePath + " beta-works " + betaToml},
		failed:    true,
		scenarios: 2,
	},
	{
		name: "nested capability",
		files: edit(map[string]string{
			"openspec/specs/a/b/spec.md":  "#### Scenario: Deep\nd\n",
			".espectacular/a/b/deep.toml": contractTOML("deep"),
		}),
		scenarios: 3,
	},
	{
		name: "nested capability without contract",
		files: edit(map[string]string{
			"openspec/specs/a/b/spec.md": "#### Scenario: Deep\nd\n",
		}),
		want:      []string{"no-toml openspec/specs/a/b/spec.md deep .espectacular/a/b/deep.toml"},
		failed:    true,
		scenarios: 3,
	},
	{
		name:      "fenced and level-5 headings are not scenarios",
		files:     edit(map[string]string{gatePath: gateSpec + "\n```\n#### Scenario: Fenced\n```\n\n##### Scenario: Deep\n"}),
		want:      []string{"malformed-scenario-heading " + gatePath + "  "}, // the level-5 one, not the fenced one
		scenarios: 2,
	},
	{
		name: "empty specs directory leaves contracts orphaned",
		files: map[string]string{
			config.Path:                   configTOML,
			".espectacular/gate/a.toml":   contractTOML("a"),
			"openspec/changes/x/tasks.md": "- [ ] x\n",
			"openspec/specs/README.md":    "no specs yet\n",
		},
		want: []string{
			"no-scenarios openspec/specs  ",
			"orphan-toml " + gatePath + "  .espectacular/gate/a.toml",
		},
		failed: true,
	},
	{
		name:  "no .espectacular contracts and no scenarios: a warning, not a failure",
		files: map[string]string{"openspec/specs/gate/spec.md": "# gate\n"},
		want:  []string{"no-scenarios openspec/specs  "},
	},
	{
		name: "findings sorted across specs",
		files: edit(map[string]string{
			"openspec/specs/api/spec.md": "#### Scenario: Zed\nz\n\n#### Scenario: Ay\na\n",
			".espectacular/api/old.toml": contractTOML("old"),
			betaToml:                     "",
		}),
		want: []string{
			"no-toml openspec/specs/api/spec.md ay .espectacular/api/ay.toml",
			"orphan-toml openspec/specs/api/spec.md  .espectacular/api/old.toml",
			"no-toml openspec/specs/api/spec.md zed .espectacular/api/zed.toml",
			"no-toml " + gatePath + " beta-works " + betaToml,
		},
		failed:    true,
		scenarios: 4,
	},
}

func TestRun(t *testing.T) {
	for _, tt := range checkCases {
		t.Run(tt.name, func(t *testing.T) {
			cfg, err := config.Parse([]byte(configTOML))
			require.NoError(t, err)
			report, err := check.Run(t.Context(), mapFS(tt.files), cfg, check.Options{})
			require.NoError(t, err)
			got := make([]string, len(report.Findings))
			for i, f := range report.Findings {
				got[i] = brief(f)
			}
			if tt.want == nil {
				tt.want = []string{}
			}
			assert.Equal(t, tt.want, got, "findings; messages: %q", messages(report.Findings))
			assert.NotNil(t, report.Findings, "findings must be [] not null")
			assert.Equal(t, tt.failed, report.Failed(), "Failed()")
			assert.Equal(t, tt.scenarios, report.Summary.Scenarios, "summary.Scenarios")
			for _, f := range report.Findings {
				assert.NotEmpty(t, f.Message, "%s message", f.Kind)
				assert.Equal(t, "ah explain "+string(f.Kind), f.PlaybookCommand)
			}
		})
	}
}

func messages(fs []finding.Finding) []string {
	out := make([]string, len(fs))
	for i, f := range fs {
		out[i] = f.Message
	}
	return out
}

func TestRunSummary(t *testing.T) {
	files := edit(map[string]string{
		betaToml:                      strings.Replace(contractTOML("beta-works"), `"PF"`, `"XX"`, 1),
		".espectacular/gate/old.toml": contractTOML("old"),
		"openspec/specs/api/spec.md":  "#### Scenario: Ay\na\n",
	})
	report, err := check.Run(t.Context(), mapFS(files), parseConfig(t, files), check.Options{})
	require.NoError(t, err)
	assert.Equal(t, finding.Summary{
		Scenarios:  3,
		Structural: 2,
		Warnings:   1,
		CountsByKind: map[finding.Kind]int{
			finding.NoTOML:           1,
			finding.OrphanTOML:       1,
			finding.UnknownArchetype: 1,
		},
	}, report.Summary)
}

func TestRunFindingDetails(t *testing.T) {
	files := edit(map[string]string{betaToml: "", ".espectacular/gate/old.toml": contractTOML("old")})
	report, err := check.Run(t.Context(), mapFS(files), parseConfig(t, files), check.Options{})
	require.NoError(t, err)
	require.Len(t, report.Findings, 2)

	noToml := report.Findings[0]
	assert.Equal(t, finding.NoTOML, noToml.Kind)
	assert.Equal(t, "gate", noToml.Spec)
	assert.Equal(t, betaToml, noToml.ContractPath)
	require.NotNil(t, noToml.Scenario)
	require.NotNil(t, noToml.Scenario.Line)
	assert.Equal(t, 11, *noToml.Scenario.Line)
	assert.Equal(t, "Beta works", noToml.Scenario.Title)
	assert.Equal(t, "- WHEN beta\n- THEN ok", noToml.Scenario.BodyMarkdown)
	require.NotNil(t, noToml.ScenarioProse)
	assert.Equal(t, "- WHEN beta\n- THEN ok", *noToml.ScenarioProse)
	assert.Contains(t, noToml.Message, betaToml)
	assert.Nil(t, noToml.ApplyCommand, "issue 27: a stub is no mechanical fix")
	require.NotNil(t, noToml.Step, "a deployed contract has a step")
	// Issue 39: the only orphan and the only scenario without a contract
	// of the capability look like one rename: the step is the move.
	assert.Equal(t, "ah contract move gate old beta-works", *noToml.Step)
	assert.Equal(t, &finding.Rename{From: "old", To: "beta-works"}, noToml.Rename)
	assert.Contains(t, noToml.Message, "`ah contract new gate beta-works` writes a stub")

	orphan := report.Findings[1]
	assert.Equal(t, finding.OrphanTOML, orphan.Kind)
	assert.Equal(t, "gate", orphan.Spec)
	assert.Equal(t, gatePath, orphan.SpecPath)
	assert.Nil(t, orphan.Scenario, "issue 27: an orphan contract has no scenario")
	assert.Nil(t, orphan.ScenarioProse)
	assert.Equal(t, noToml.Rename, orphan.Rename)
}

func TestRunPathsSpecs(t *testing.T) {
	files := map[string]string{
		config.Path:                   "tool_version = \"0.1.0\"\n[paths]\nspecs = \"docs/specs\"\n",
		"docs/specs/gate/spec.md":     "#### Scenario: A\na\n",
		"openspec/specs/gate/spec.md": "#### Scenario: Ignored\nx\n",
		".espectacular/gate/b.toml":   contractTOML("b"),
	}
	report, err := check.Run(t.Context(), mapFS(files), parseConfig(t, files), check.Options{})
	require.NoError(t, err)
	got := make([]string, len(report.Findings))
	for i, f := range report.Findings {
		got[i] = brief(f)
	}
	assert.Equal(t, []string{
		"no-toml docs/specs/gate/spec.md a .espectacular/gate/a.toml",
		"orphan-toml docs/specs/gate/spec.md  .espectacular/gate/b.toml",
	}, got)
	assert.Equal(t, 1, report.Summary.Scenarios)
}

func TestRunDeterministic(t *testing.T) {
	files := edit(map[string]string{
		betaToml:                     "",
		".espectacular/zz/old.toml":  contractTOML("old"),
		".espectacular/aa/old.toml":  contractTOML("old"),
		"openspec/specs/m/spec.md":   "#### Scenario: Q\nq\n#### Scenario: P\np\n",
		".espectacular/gate/x.toml":  "bad = \n",
		".espectacular/gate/y.toml":  strings.Replace(contractTOML("y"), `"PF"`, `"XX"`, 1),
		".espectacular/m/q.toml":     contractTOML("q", "[[tests.e2e]]", `flags = "x"`),
		".espectacular/m/p.toml":     contractTOML("wrong"),
		"openspec/specs/m/n/spec.md": "#### Scenario: N\nn\n",
	})
	fsys := mapFS(files)
	cfg := parseConfig(t, files)
	first, err := check.Run(t.Context(), fsys, cfg, check.Options{})
	require.NoError(t, err)
	for range 5 {
		again, err := check.Run(t.Context(), fsys, cfg, check.Options{})
		require.NoError(t, err)
		require.Equal(t, first, again)
	}
	assert.Equal(t, map[finding.Kind]int{
		finding.NoTOML: 2, finding.OrphanTOML: 4, finding.IDMismatch: 1, finding.MissingRunner: 1,
	}, first.Summary.CountsByKind)
}

func TestRunCanceled(t *testing.T) {
	ctx, cancel := context.WithCancel(t.Context())
	cancel()
	files := clean()
	_, err := check.Run(ctx, mapFS(files), parseConfig(t, files), check.Options{})
	assert.ErrorIs(t, err, context.Canceled)
}

// openCounter counts the opens of each file; the check opens files from
// several goroutines.
type openCounter struct {
	fstest.MapFS
	mu    *sync.Mutex
	opens map[string]int
}

func (o openCounter) Open(name string) (fs.File, error) {
	o.mu.Lock()
	o.opens[name]++
	o.mu.Unlock()
	return o.MapFS.Open(name)
}

// Issue 29: the structural check reads each contract once; the staleness
// check of derived contracts reuses what the contract check read.
func TestRunReadsEachContractOnce(t *testing.T) {
	files := edit(map[string]string{
		".espectacular/gate/alpha-works.toml": contractTOML("alpha-works") + "derived_from = \"P1@abc\"\n",
	})
	fsys := openCounter{mapFS(files), &sync.Mutex{}, map[string]int{}}
	_, err := check.Run(t.Context(), fsys, parseConfig(t, files), check.Options{})
	require.NoError(t, err)
	for _, p := range []string{".espectacular/gate/alpha-works.toml", ".espectacular/gate/beta-works.toml"} {
		assert.Equal(t, 1, fsys.opens[p], "opens of %s", p)
	}
}
