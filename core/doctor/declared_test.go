package doctor_test

import (
	"io/fs"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/doctor"
	"github.com/espectacular/ah/ports"
)

// mochaDriver is an adapter doctor has no install hint for.
type mochaDriver struct{ goDriver }

func (mochaDriver) Framework() ports.Framework { return ports.Framework{Name: "mocha"} }

// noManifest is a driver no manifest declares.
type noManifest struct{ ports.Driver }

func (noManifest) Manifest(fs.FS) bool { return false }

// TestDeclaredTestTypesInFull: each declared type (and custom runner) is
// listed once, sorted by type then runner, with how it runs, the command
// flags are appended to, and, for a missing adapter with an install hint,
// how to get it.
func TestDeclaredTestTypesInFull(t *testing.T) {
	repo := healthyRepo("[runners]\nunit = [\"./run-unit\"]\npy = [\"python3\", \"-m\", \"pytest\"]\n[runners.custom.lint]\ncommand = [\"./lint\"]\n")
	repo["go.mod"] = &fstest.MapFile{}
	repo[".espectacular/calc/a.toml"] = contractTOML("a", "PF",
		"[[tests.unit]]\nflags = \"x\"\n[[tests.custom]]\nrunner = \"lnt\"\n[[tests.custom]]\nrunner = \"lint\"\n[[tests.e2e]]\nflags = \"x\"\n[[tests.go]]\nflags = \"x\"\n[[tests.pytest]]\nflags = \"x\"\n[[tests.py]]\nflags = \"x\"\n[[tests.mocha]]\nflags = \"x\"\n")
	repo[".espectacular/calc/b.toml"] = contractTOML("b", "PF", "[[tests.unit]]\nflags = \"y\"\n[[tests.custom]]\nrunner = \"lint\"\n")
	cfg, err := config.Parse(repo[config.Path].Data)
	require.NoError(t, err)
	facts := adapter.Scan(repo, []ports.Driver{goDriver{}, noManifest{pytestDriver{}}, noManifest{mochaDriver{}}})
	rep, err := doctor.Diagnose(t.Context(), doctor.Input{Repo: repo, Config: &cfg, Version: "0.1.0", Facts: facts})
	require.NoError(t, err)
	assert.Equal(t, []doctor.TestType{
		{TestType: "custom", Runner: "lint", Runs: "custom", Command: "./lint", Reason: "[runners.custom.lint] prints a JSON envelope"},
		{TestType: "custom", Runner: "lnt", Runs: "none", Reason: `tests.custom[0] names runner "lnt" but .espectacular/config.toml has no [runners.custom.lnt] block (did you mean "lint"?)`},
		{TestType: "e2e", Runs: "none", Reason: `tests.e2e has no runner: add e2e = ["<program>", "<args>..."] under [runners] in .espectacular/config.toml`},
		{TestType: "go", Runs: "adapter", Adapter: "go", Command: "go test", Reason: "manifest: the project's manifest declares go"},
		{TestType: "mocha", Runs: "none", Reason: "nothing configures mocha, no manifest declares it, the environment was not probed, and no test file imports it"}, // no install hint,
		{TestType: "py", Runs: "argv", Command: "python3 -m pytest", Reason: `[runners] py runs python3 -m pytest as written, judged by its exit status; set adapter = "pytest" under [runners.py] for pytest's structured results`},
		{TestType: "pytest", Runs: "none", Adapter: "pytest", Reason: "nothing configures pytest, no manifest declares it, the environment was not probed, and no test file imports it; install pytest: `apt install python3-pytest` or `pip install pytest`, then run `ah doctor --enable pytest`"},
		{TestType: "shell", Runs: "shell", Reason: "runs each entry's command through /bin/sh -c"},
		{TestType: "unit", Runs: "argv", Command: "./run-unit", Reason: "[runners] unit runs ./run-unit, which is not a bundled adapter"},
	}, rep.TestTypes)
}

// TestDeclaredTestTypesSkipOverlaysAndState: contracts staged in a change
// overlay or kept in ah's state directory, and files that are not TOML,
// declare nothing.
func TestDeclaredTestTypesSkipOverlaysAndState(t *testing.T) {
	repo := healthyRepo("")
	repo[".espectacular/changes/add-x/calc/a.toml"] = contractTOML("a", "PF", "[[tests.staged]]\nflags = \"x\"\n")
	repo[".espectacular/state/calc/a.toml"] = contractTOML("a", "PF", "[[tests.kept]]\nflags = \"x\"\n")
	repo[".espectacular/calc/notes.md"] = contractTOML("a", "PF", "[[tests.prose]]\nflags = \"x\"\n")
	repo[".espectacular/calc/b.toml"] = contractTOML("b", "PF", "[[tests.real]]\nflags = \"x\"\n")
	rep := diagnose(t, repo)
	var types []string
	for _, tt := range rep.TestTypes {
		types = append(types, tt.TestType)
	}
	assert.Equal(t, []string{"real", "shell"}, types)
}

// TestDeclaredTestTypesWalkAsCheckDoes: doctor lists the contracts ah check
// would read: a linked capability directory counts, hidden directories and
// files do not, and a link leaving the repository is not followed.
func TestDeclaredTestTypesWalkAsCheckDoes(t *testing.T) {
	repo := healthyRepo("")
	repo["shared/calc/a.toml"] = contractTOML("a", "PF", "[[tests.linked]]\nflags = \"x\"\n")
	repo[".espectacular/calc"] = &fstest.MapFile{Data: []byte("../shared/calc"), Mode: fs.ModeSymlink}
	repo[".espectacular/.cache/b.toml"] = contractTOML("b", "PF", "[[tests.cached]]\nflags = \"x\"\n")
	repo[".espectacular/other/.c.toml"] = contractTOML("c", "PF", "[[tests.hidden]]\nflags = \"x\"\n")
	repo[".espectacular/away"] = &fstest.MapFile{Data: []byte("../../elsewhere"), Mode: fs.ModeSymlink}
	rep := diagnose(t, repo)
	var types []string
	for _, tt := range rep.TestTypes {
		types = append(types, tt.TestType)
	}
	assert.Equal(t, []string{"linked", "shell"}, types)
}
