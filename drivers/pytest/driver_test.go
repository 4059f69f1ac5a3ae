package pytest_test

import (
	"path/filepath"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/drivers/driverstest"
	"github.com/espectacular/ah/drivers/pytest"
	"github.com/espectacular/ah/ports"
)

func TestRunsFramework(t *testing.T) {
	driverstest.RunsFramework(t, pytest.New(), [][]string{
		{"pytest"},
		{"/usr/bin/pytest", "-q"},
		{".venv/bin/pytest"},
		{"py.test"},
		{"python3", "-m", "pytest"},
		{".venv/bin/python", "-m", "pytest", "-x"},
		{"uv", "run", "pytest"},
		{"uv", "run", "--with", "pytest", "pytest"},
	}, [][]string{
		{"tox", "-e", "pytest"},
		{"go", "test", "./pytest"},
		{"make", "test"},
		{"pytest-watch"},
		nil,
	})
}

func TestPrepare(t *testing.T) {
	scratch := filepath.Join("/tmp", "ah-run-1")
	tests := []struct {
		name string
		argv []string
		want []string
	}{
		{"plugin right after pytest", []string{"pytest", "tests/test_a.py::test_x"},
			[]string{"pytest", "-p", "ah_pytest_report", "-p", "no:cacheprovider", "tests/test_a.py::test_x"}},
		{"module run", []string{"python3", "-m", "pytest", "-k", "a and b"},
			[]string{"python3", "-m", "pytest", "-p", "ah_pytest_report", "-p", "no:cacheprovider", "-k", "a and b"}},
		{"wrapper", []string{"uv", "run", "--with", "pytest", "pytest", "tests"},
			[]string{"uv", "run", "--with", "pytest", "pytest", "-p", "ah_pytest_report", "-p", "no:cacheprovider", "tests"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := pytest.New().Prepare(tt.argv, scratch)
			assert.Equal(t, tt.want, got.Argv)
			// No file holds the results and no variable names a channel:
			// the report streams on stdout, each line keyed.
			assert.Equal(t, []string{"PYTHONPATH=" + scratch, "COVERAGE_FILE=" + filepath.Join(scratch, ".coverage")}, got.Env, "issue 36: each run its own coverage data")
			assert.Empty(t, got.ReportFile)
			assert.Equal(t, pytest.PluginSource, got.Files["ah_pytest_report.py"])
			key := strings.TrimSpace(string(got.Files[pytest.KeyFile]))
			assert.Len(t, key, 32)
			assert.NotNil(t, got.Stream)
			other := pytest.New().Prepare(tt.argv, scratch)
			assert.NotEqual(t, got.Files[pytest.KeyFile], other.Files[pytest.KeyFile], "a fresh key per run")
		})
	}
	t.Run("not pytest: untouched, no report", func(t *testing.T) {
		argv := []string{"tox", "-e", "py"}
		assert.Equal(t, ports.Prepared{Argv: argv}, pytest.New().Prepare(argv, scratch))
	})
}

func TestManifest(t *testing.T) {
	tests := []struct {
		name  string
		files map[string]string
		want  bool
	}{
		{"ini options", map[string]string{"pyproject.toml": "[tool.pytest.ini_options]\naddopts = \"-q\"\n"}, true},
		{"native tool table", map[string]string{"pyproject.toml": "[tool.pytest]\nminversion = \"9.0\"\n"}, true},
		{"project dependency", map[string]string{"pyproject.toml": "[project]\nname = \"x\"\ndependencies = [\"requests\", \"pytest>=8\"]\n"}, true},
		{"optional dependency", map[string]string{"pyproject.toml": "[project.optional-dependencies]\ntest = [\"Pytest[testing] ; python_version>'3.8'\"]\n"}, true},
		{"dependency group", map[string]string{"pyproject.toml": "[dependency-groups]\ndev = [\"pytest~=8.0\"]\n"}, true},
		{"uv dev dependency", map[string]string{"pyproject.toml": "[tool.uv]\ndev-dependencies = [\"pytest\"]\n"}, true},
		{"pdm dev dependency", map[string]string{"pyproject.toml": "[tool.pdm.dev-dependencies]\ntest = [\"pytest\"]\n"}, true},
		{"poetry group", map[string]string{"pyproject.toml": "[tool.poetry.group.dev.dependencies]\npytest = \"^8\"\n"}, true},
		{"poetry legacy dev", map[string]string{"pyproject.toml": "[tool.poetry.dev-dependencies]\nPyTest = \"*\"\n"}, true},
		{"plugin only is not pytest", map[string]string{"pyproject.toml": "[project]\ndependencies = [\"pytest-cov\"]\n"}, false},
		{"the word alone is not a declaration", map[string]string{"pyproject.toml": "[project]\ndescription = \"no pytest here\"\n"}, false},
		{"invalid TOML", map[string]string{"pyproject.toml": "[tool.pytest.ini_options\n"}, false},
		{"pytest.ini", map[string]string{"pytest.ini": "[pytest]\n"}, true},
		{"setup.cfg section", map[string]string{"setup.cfg": "[metadata]\nname = x\n\n [tool:pytest] \ntestpaths = tests\n"}, true},
		{"setup.cfg without section", map[string]string{"setup.cfg": "[metadata]\nname = pytest\n"}, false},
		{"tox.ini section", map[string]string{"tox.ini": "[tox]\n\n[pytest]\naddopts = -q\n"}, true},
		{"nothing", map[string]string{"README.md": "pytest"}, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, pytest.New().Manifest(mapFS(tt.files)))
		})
	}
}

func TestProbes(t *testing.T) {
	argvs := func(ps []ports.Probe) (out [][]string) {
		for _, p := range ps {
			out = append(out, p.Argv)
		}
		return out
	}
	plain := pytest.New().Probes(fstest.MapFS{})
	require.Len(t, plain, 4)
	assert.Equal(t, [][]string{{"python3", "-m", "pytest", "--version"}, {"python", "-m", "pytest", "--version"}},
		argvs(plain[:2]), "an interpreter's -m pytest first (issue 8)")
	assert.Equal(t, []string{"python3", "-m", "pytest"}, plain[0].Command)
	assert.Equal(t, "/bin/sh", plain[2].Argv[0], "then the pytest script's own interpreter")
	assert.Equal(t, []string{"/usr/bin/python3", "-m", "pytest"}, plain[2].CommandOf([]byte("/usr/bin/python3\npytest 7.2.1\n")))
	assert.Equal(t, []string{"/usr/bin/env", "python3", "-m", "pytest"}, plain[2].CommandOf([]byte("/usr/bin/env python3\n")))
	assert.Empty(t, plain[2].CommandOf(nil))
	assert.Equal(t, []string{"pytest", "--version"}, plain[3].Argv, "the bare script only last")

	venv := pytest.New().Probes(mapFS(map[string]string{".venv/bin/python": ""}))
	require.Len(t, venv, 5)
	assert.Equal(t, []string{".venv/bin/python", "-m", "pytest", "--version"}, venv[0].Argv, "the project's interpreter comes first")
	assert.Equal(t, []string{".venv/bin/python", "-m", "pytest"}, venv[0].Command)
}

func TestVersion(t *testing.T) {
	assert.Equal(t, "7.2.1", pytest.Version([]byte("pytest 7.2.1\n"), nil))
	assert.Equal(t, "8.4.0.dev3", pytest.Version([]byte("pytest 8.4.0.dev3\n"), nil))
	assert.Equal(t, "6.2.5", pytest.Version(nil, []byte("This is pytest version 6.2.5, imported from /x/pytest/__init__.py\n")))
	assert.Empty(t, pytest.Version([]byte("Python 3.11.7\n"), nil))
}

func TestSourceImports(t *testing.T) {
	d := pytest.New()
	for name, want := range map[string]bool{
		"tests/test_parser.py": true, "pkg/parser_test.py": true, "tests/conftest.py": true,
		"tests/helpers.py": false, "test_parser.txt": false,
	} {
		assert.Equal(t, want, d.Framework().SourceFile(name), "SourceFile(%q)", name)
	}
	assert.True(t, d.Framework().Imports([]byte("import os\nimport pytest\n")))
	assert.True(t, d.Framework().Imports([]byte("from pytest import raises\n")))
	assert.True(t, d.Framework().Imports([]byte("if True:\n    import pytest as pt\n")))
	assert.False(t, d.Framework().Imports([]byte("import pytest_mock\n# import pytest\n")))
}

// The driver's Parse reads the plugin report; a usage error (exit 4, here a
// node id that does not exist) is reported as an error, while pytest's exit
// 5 (nothing selected) keeps an empty report.
func TestDriverParse(t *testing.T) {
	d := pytest.New()
	notFound := d.Parse(ports.Result{ExitCode: 4, Stderr: []byte("ERROR: not found: tests/test_basic.py::test_nope\n")}, readFixture(t, "pytest-not-found"))
	require.True(t, notFound.Parsed)
	assert.Equal(t, []ports.ReportError{{Kind: pytest.KindUsage, Message: "ERROR: not found: tests/test_basic.py::test_nope"}}, notFound.Errors)

	none := d.Parse(ports.Result{ExitCode: 5}, readFixture(t, "pytest-no-tests"))
	assert.Equal(t, ports.TestReport{Parsed: true}, none)

	imp := d.Parse(ports.Result{ExitCode: 2}, readFixture(t, "pytest-import-error"))
	assert.Equal(t, pytest.TypeImportError, d.Classify(imp))
	assert.Len(t, imp.Errors, 1, "no usage error added when pytest reported its own")

	rejected := d.Parse(ports.Result{ExitCode: 4, Stderr: []byte("ERROR: usage: __main__.py [options] [file_or_dir] [file_or_dir] [...]\n__main__.py: error: unrecognized arguments: --bogus\n")}, nil)
	require.True(t, rejected.Parsed, "exit 4 before the plugin ran: flags pytest rejects")
	require.Len(t, rejected.Errors, 1)
	assert.Equal(t, pytest.KindUsage, rejected.Errors[0].Kind)
	assert.Contains(t, rejected.Errors[0].Message, "unrecognized arguments: --bogus")

	assert.False(t, d.Parse(ports.Result{ExitCode: 1}, nil).Parsed, "no report file: unparsed")

	stopped := d.Parse(ports.Result{ExitCode: 2, TimedOut: true, Stderr: []byte("KeyboardInterrupt\n")}, readFixture(t, "pytest-no-tests"))
	assert.Empty(t, stopped.Errors, "a run stopped at its timeout is no usage error")
}

func mapFS(files map[string]string) fstest.MapFS {
	fsys := fstest.MapFS{}
	for name, data := range files {
		fsys[name] = &fstest.MapFile{Data: []byte(data)}
	}
	return fsys
}
