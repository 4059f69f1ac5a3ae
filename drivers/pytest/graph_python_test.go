package pytest_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/drivers/pytest"
	"github.com/espectacular/ah/infra/execproc"
	"github.com/espectacular/ah/ports"
)

// python is an interpreter with pytest (python3 may be a version
// manager's shim, slow to start and without it), resolved once.
var python = sync.OnceValue(func() string {
	for _, py := range []string{"python3", "/usr/bin/python3"} {
		out, err := exec.Command(py, "-c", "import pytest, sys; print(sys.executable)").Output()
		if err == nil {
			return strings.TrimSpace(string(out))
		}
	}
	return ""
})

// realGraph runs graph.py with the real python3 over a tree of files,
// one binding per flags list (after `python3 -m pytest`).
func realGraph(t *testing.T, files map[string]string, flags ...[]string) ports.Graph {
	t.Helper()
	py := python()
	if py == "" {
		t.Skip("no python3")
	}
	dir := t.TempDir()
	for name, body := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(body), 0o644))
	}
	argvs := make([][]string, len(flags))
	for i, f := range flags {
		argvs[i] = slices.Concat([]string{py, "-m", "pytest"}, f)
	}
	g, err := pytest.New().Graph(t.Context(), &execproc.Process{}, dir, argvs)
	require.NoError(t, err)
	return g
}

// used is the sorted files of the nodes binding i uses.
func used(g ports.Graph, i int) []string {
	var out []string
	for _, n := range g.Uses[i] {
		out = append(out, g.Nodes[n].Files...)
	}
	slices.Sort(out)
	return out
}

func TestGraphPython(t *testing.T) {
	src := map[string]string{
		"pyproject.toml":            "[tool.pytest.ini_options]\npythonpath = [\"src\"]\ntestpaths = [\"tests\"]\n",
		"src/pkg/__init__.py":       "",
		"src/pkg/core.py":           "from . import util\nfrom .sub import thing\n",
		"src/pkg/util.py":           "import json\nimport pytest\n",
		"src/pkg/sub/__init__.py":   "thing = 1\n",
		"src/pkg/other.py":          "X = 1\n",
		"src/pkg/patched.py":        "X = 1\n",
		"src/ns/mod.py":             "X = 1\n",
		"tests/conftest.py":         "pytest_plugins = ['tests.plugin']\n",
		"tests/plugin.py":           "",
		"tests/test_core.py":        "from pkg.core import thing\nimport pkg.gone\n",
		"tests/test_other.py":       "from pkg import other\n",
		"tests/deep/conftest.py":    "",
		"tests/deep/test_ns.py":     "from ns import mod\nfrom unittest import mock\n\n@mock.patch('pkg.patched.X', 2)\ndef test_x(): pass\n",
		"tests/data/test_input.txt": "not a test: no doctest glob matches data/\n",
		".venv/lib/test_site.py":    "import pkg.other\n",
		"scripts/tool.py":           "import pkg.other\n",
	}
	g := realGraph(t, src,
		[]string{"tests/test_core.py::test_a", "-k", "x"},
		[]string{"tests/test_other.py"},
		[]string{"tests/deep"},
		[]string{"-q"},
	)
	assert.Equal(t, []string{
		"conftest.py", "src/pkg/__init__.py", "src/pkg/core.py", "src/pkg/gone.py", "src/pkg/gone/__init__.py",
		"src/pkg/sub/__init__.py", "src/pkg/sub/thing.py", "src/pkg/sub/thing/__init__.py", "src/pkg/util.py",
		"src/tests.py", "src/tests/__init__.py", "tests/conftest.py", "tests/deep/tests.py", "tests/deep/tests/__init__.py",
		"tests/plugin.py", "tests/test_core.py", "tests/tests.py", "tests/tests/__init__.py",
	}, used(g, 0), "src layout, relative imports, a subpackage, a deleted module, the conftest and its plugin, where a deleted conftest would be; no third party")
	assert.Equal(t, []string{
		"conftest.py", "src/pkg/__init__.py", "src/pkg/other.py", "src/tests.py", "src/tests/__init__.py", "tests/conftest.py",
		"tests/deep/tests.py", "tests/deep/tests/__init__.py", "tests/plugin.py", "tests/test_other.py", "tests/tests.py", "tests/tests/__init__.py",
	}, used(g, 1), "from pkg import <submodule>")
	assert.Equal(t, []string{
		"conftest.py", "ns.py", "ns/__init__.py", "src/ns/mod.py", "src/pkg/__init__.py", "src/pkg/patched.py", "src/tests.py",
		"src/tests/__init__.py", "tests/conftest.py", "tests/deep/conftest.py", "tests/deep/ns.py", "tests/deep/ns/__init__.py",
		"tests/deep/test_ns.py", "tests/deep/tests.py", "tests/deep/tests/__init__.py", "tests/ns.py", "tests/ns/__init__.py",
		"tests/plugin.py", "tests/tests.py", "tests/tests/__init__.py",
	}, used(g, 2), "a namespace package (and the modules that would win over it); mock.patch's string target; conftests above and in the directory")
	assert.Contains(t, used(g, 3), "tests/deep/conftest.py", "no path: testpaths")
	assert.Contains(t, used(g, 3), "tests/test_other.py")
	assert.NotContains(t, used(g, 3), "scripts/tool.py", "testpaths leave scripts/ out")
	for _, n := range g.Nodes {
		assert.NotContains(t, n.Files[0], ".venv", "an environment in the repository is no node")
	}
}

func TestGraphPythonEverything(t *testing.T) {
	for name, tc := range map[string]struct {
		files map[string]string
		flags []string
	}{
		"import_module":   {files: map[string]string{"tests/a/test_a.py": "import importlib\n\ndef test_a(name='x'):\n    importlib.import_module(name)\n"}},
		"__import__":      {files: map[string]string{"tests/a/test_a.py": "def test_a(n='x'):\n    __import__(n)\n"}},
		"exec":            {files: map[string]string{"tests/a/test_a.py": "exec(open('x').read())\n"}},
		"helper's import": {files: map[string]string{"tests/a/test_a.py": "import helper\n", "tests/a/helper.py": "from importlib import import_module as im\nm = im('a' + 'b')\n"}},
		"sys.path built":  {files: map[string]string{"tests/a/conftest.py": "import os, sys\nsys.path.insert(0, os.environ['X'])\n", "tests/a/test_a.py": ""}},
		"pytest_plugins":  {files: map[string]string{"tests/a/conftest.py": "pytest_plugins = [p for p in ()]\n", "tests/a/test_a.py": ""}},
		"subprocess":      {files: map[string]string{"tests/a/test_a.py": "import subprocess\n"}},
		"sys.executable":  {files: map[string]string{"tests/a/test_a.py": "import sys\nprint(sys.executable)\n"}},
		"reads sources":   {files: map[string]string{"tests/a/test_a.py": "from pathlib import Path\n\ndef test_a():\n    Path('other.py').read_text()\n"}},
		"walks":           {files: map[string]string{"tests/a/test_a.py": "from pathlib import Path\n\ndef test_a():\n    list(Path('.').rglob('*'))\n"}},
		"getattr":         {files: map[string]string{"tests/a/test_a.py": "import importlib\n\ndef test_a(n='x'):\n    getattr(importlib, 'import_module')(n)\n"}},
		"__path__":        {files: map[string]string{"tests/a/test_a.py": "import pkg\n", "pkg/__init__.py": "import os\n__path__.append(os.environ['X'])\n"}},
		"syntax":          {files: map[string]string{"tests/a/test_a.py": "def (:\n"}},
		"option":          {files: map[string]string{"tests/a/test_a.py": ""}, flags: []string{"--some-plugin-flag"}},
		"pyargs":          {files: map[string]string{"tests/a/test_a.py": ""}, flags: []string{"--pyargs", "tests"}},
	} {
		t.Run(name, func(t *testing.T) {
			tc.files["other.py"] = ""
			tc.files["tests/test_b.py"] = "import other\n"
			g := realGraph(t, tc.files, append([]string{"tests/a"}, tc.flags...), []string{"tests/test_b.py"})
			assert.Len(t, g.Uses[0], len(g.Nodes), "every node")
			assert.Contains(t, used(g, 0), "other.py")
			assert.Equal(t, []string{"conftest.py", "other.py", "tests/conftest.py", "tests/test_b.py"}, used(g, 1), "the other binding keeps its own graph (and the conftests it would have)")
		})
	}
}

func TestGraphPythonSysPath(t *testing.T) {
	g := realGraph(t, map[string]string{
		"tests/conftest.py": "import os, sys\nfrom pathlib import Path\nHERE = os.path.dirname(__file__)\n" +
			"sys.path.insert(0, os.path.join(HERE, '..', 'lib'))\nsys.path.append(str(Path(__file__).resolve().parent.parent / 'more'))\n",
		"lib/helper.py":         "",
		"more/extra.py":         "",
		"tests/test_a.py":       "import helper\nimport extra\n",
		"tests/pkg/__init__.py": "",
		"tests/pkg/test_b.py":   "from . import sibling\nimport tests.pkg.sibling\n",
		"tests/pkg/sibling.py":  "",
		"tests/__init__.py":     "",
	}, []string{"tests/test_a.py"}, []string{"tests/pkg/test_b.py"})
	assert.Equal(t, []string{"conftest.py", "lib/helper.py", "more/extra.py", "tests/__init__.py", "tests/conftest.py", "tests/test_a.py"}, used(g, 0), "paths a conftest puts on sys.path, built from __file__")
	assert.Equal(t, []string{"conftest.py", "tests/__init__.py", "tests/conftest.py", "tests/pkg/__init__.py", "tests/pkg/conftest.py", "tests/pkg/sibling.py", "tests/pkg/test_b.py"}, used(g, 1), "a test package's __init__ files; rootdir-relative and relative imports")
}
