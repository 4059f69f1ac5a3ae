package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// gatePytestFiles are the bound tests of each test file of the gate-pytest
// repository: 46 tests in 5 files, bound by 45 scenarios (the last
// scenario's contract binds two), like issue 40's real case.
var gatePytestFiles = []int{15, 12, 9, 6, 4}

// gatePytest times the gate of a generated pytest repository of 45 bound
// scenarios against one `python3 -m pytest` of the same 46 node ids (issue
// 40), with the interpreter that has pytest. compare's warm-up round fills the probe cache, so the timed runs
// are the second run on: the cost of detection is the cache's.
func (b bench) gatePytest() error {
	root := filepath.Join(b.tmp, "gate-pytest")
	// ah keeps its probe results under the user's cache directory: the
	// benchmark's own, so it neither reads nor litters the user's.
	os.Setenv("XDG_CACHE_HOME", filepath.Join(b.tmp, "gate-pytest-cache"))
	files := map[string]string{
		"pyproject.toml":            "[tool.pytest.ini_options]\ntestpaths = [\"tests\"]\n",
		"calc.py":                   "def add(a, b):\n    return a + b\n",
		".espectacular/config.toml": "tool_version = \"0.1.0\"\n",
	}
	var spec strings.Builder
	spec.WriteString("# bench\n")
	var ids []string
	n := 0
	for f, size := range gatePytestFiles {
		file := fmt.Sprintf("tests/test_f%d.py", f+1)
		var src strings.Builder
		src.WriteString("from calc import add\n")
		src.WriteString("\n\ndef test_unbound():\n    assert add(0, 0) == 0\n")
		for range size {
			n++
			name := fmt.Sprintf("test_case%02d", n)
			ids = append(ids, file+"::"+name)
			fmt.Fprintf(&src, "\n\ndef %s():\n    assert add(%d, 1) == %d\n", name, n, n+1)
			bindCase(files, &spec, n, 45, fmt.Sprintf("[[tests.pytest]]\nflags = %q\n", file+"::"+name))
		}
		files[file] = src.String()
	}
	files["openspec/specs/bench/spec.md"] = spec.String()
	if err := writeFiles(root, files); err != nil {
		return err
	}
	summary, err := ahSummary(root, b.ah, "check", "--run-tests")
	if err != nil {
		return err
	}
	py, err := pytestPython()
	if err != nil {
		return err
	}
	pytest := slices.Concat([]string{py, "-m", "pytest", "-q", "-p", "no:cacheprovider"}, ids)
	warm, err := b.compare(root,
		named{"ah check --run-tests", []string{b.ah, "check", "--run-tests", "--quiet"}},
		named{"<python> -m pytest <46 ids>", pytest})
	if err != nil {
		return err
	}
	fmt.Printf("gate-pytest: 45 scenarios bound to %d pytest tests in %d files (%s), probe cache warm\n", n, len(gatePytestFiles), summary)
	printSeries(warm...)
	printRatio("ratio ah / pytest", warm[0], warm[1], "informative")
	fmt.Printf("  %-28s wall median %+7.2fs  best %+7.2fs  (target <= +0.20s, median)\n", "difference ah - pytest",
		(warm[0].median() - warm[1].median()).Seconds(), (warm[0].best() - warm[1].best()).Seconds())
	fmt.Println()
	return nil
}

// pytestPython is the interpreter that has pytest, as ah's detection
// finds it: python3, python, else the one the pytest script names.
func pytestPython() (string, error) {
	for _, py := range []string{"python3", "python"} {
		if exec.Command(py, "-c", "import pytest").Run() == nil {
			return py, nil
		}
	}
	script, err := exec.LookPath("pytest")
	if err != nil {
		return "", fmt.Errorf("gate-pytest: no interpreter has pytest")
	}
	data, err := os.ReadFile(script)
	if err != nil {
		return "", err
	}
	first, _, _ := strings.Cut(string(data), "\n")
	words := strings.Fields(strings.TrimPrefix(first, "#!"))
	if !strings.HasPrefix(first, "#!") || len(words) != 1 {
		return "", fmt.Errorf("gate-pytest: cannot read the interpreter of %s", script)
	}
	return words[0], nil
}
