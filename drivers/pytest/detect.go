package pytest

import (
	"bufio"
	"bytes"
	"io/fs"
	"path"
	"regexp"
	"strings"

	"github.com/espectacular/ah/core/schema"
	"github.com/espectacular/ah/ports"
)

// venvPython is the project's virtual environment interpreter, preferred
// when it exists: it is the Python the project's own tooling uses.
const venvPython = ".venv/bin/python"

// DefaultCommand implements ports.Driver: `python3 -m pytest`, used only
// when no probe proved a better command.
func (Driver) DefaultCommand(fs.FS) []string { return []string{"python3", "-m", "pytest"} }

// Probes implements ports.Driver: `<python> -m pytest` with the project's
// .venv interpreter, then `python3`, then `python`, then the interpreter
// named by the `#!` line of the `pytest` script on PATH (a system pytest
// behind a pyenv python3 without it); a bare `pytest` only last. Each
// must run `--version` successfully: an interpreter without pytest fails
// its probe. `-m` is how pytest runs by hand (issue 8): it puts the
// repository root on sys.path, so a module beside tests/ imports, while
// the `pytest` script does not and every such test fails with
// ModuleNotFoundError.
func (Driver) Probes(repo fs.FS) []ports.Probe {
	var out []ports.Probe
	if isFile(repo, venvPython) {
		out = append(out, probe(venvPython, "-m", "pytest"))
	}
	return append(out, probe("python3", "-m", "pytest"), probe("python", "-m", "pytest"), scriptProbe, probe("pytest"))
}

// scriptInterpreter prints the interpreter of the `pytest` script on PATH
// (its `#!` line) and runs `<interpreter> -m pytest --version` with it.
const scriptInterpreter = `p=$(command -v pytest) || exit 1
IFS= read -r line < "$p" || exit 1
case $line in '#!'*) ;; *) exit 1 ;; esac
i=${line#??}
printf '%s\n' "$i"
exec $i -m pytest --version`

var scriptProbe = ports.Probe{
	Argv:      []string{"/bin/sh", "-c", scriptInterpreter},
	Label:     "<interpreter of the pytest script> -m pytest --version",
	CommandOf: ScriptCommand,
	Version:   Version,
}

// ScriptCommand is the test command of the script probe: its first line
// of output, the interpreter, followed by `-m pytest`.
func ScriptCommand(stdout []byte) []string {
	first, _, _ := strings.Cut(string(stdout), "\n")
	words := strings.Fields(first)
	if len(words) == 0 {
		return nil
	}
	return append(words, "-m", "pytest")
}

func probe(command ...string) ports.Probe {
	return ports.Probe{
		Argv:    append(append([]string{}, command...), "--version"),
		Command: command,
		Version: Version,
	}
}

var versionLine = regexp.MustCompile(`(?m)^pytest (\d\S*)|This is pytest version (\d[^\s,]*)`)

// Version extracts the version from the output of `pytest --version`
// ("pytest 8.3.4"; before pytest 7 "This is pytest version 6.2.5, ..." on
// stderr).
func Version(stdout, stderr []byte) string {
	for _, out := range [][]byte{stdout, stderr} {
		if m := versionLine.FindSubmatch(out); m != nil {
			return string(append(m[1], m[2]...))
		}
	}
	return ""
}

// Manifest implements ports.Driver: pyproject.toml configures pytest
// ([tool.pytest.ini_options] or [tool.pytest]) or lists it as a dependency;
// or a pytest.ini, a tox.ini [pytest] section or a setup.cfg [tool:pytest]
// section exists. pyproject.toml is decoded, not searched for the word.
func (Driver) Manifest(repo fs.FS) bool {
	if isFile(repo, "pytest.ini") {
		return true
	}
	if data, err := fs.ReadFile(repo, "pyproject.toml"); err == nil && pyprojectDeclares(data) {
		return true
	}
	return iniSection(repo, "setup.cfg", "tool:pytest") || iniSection(repo, "tox.ini", "pytest")
}

// pyprojectDeclares reports whether a pyproject.toml configures pytest or
// depends on it, in the standard tables and those of the common tools.
func pyprojectDeclares(data []byte) bool {
	doc, err := schema.DecodeTOML(data)
	if err != nil {
		return false
	}
	tool, _ := doc["tool"].(map[string]any)
	if _, ok := tool["pytest"]; ok {
		return true
	}
	project, _ := doc["project"].(map[string]any)
	lists := []any{project["dependencies"]}
	lists = append(lists, values(project["optional-dependencies"])...)
	lists = append(lists, values(doc["dependency-groups"])...)
	uv, _ := tool["uv"].(map[string]any)
	lists = append(lists, uv["dev-dependencies"])
	pdm, _ := tool["pdm"].(map[string]any)
	lists = append(lists, values(pdm["dev-dependencies"])...)
	for _, l := range lists {
		if requires(l) {
			return true
		}
	}
	return poetryDeclares(tool["poetry"])
}

// poetryDeclares reads Poetry's dependency tables, whose keys are package
// names: [tool.poetry.dependencies], [tool.poetry.dev-dependencies] and
// [tool.poetry.group.<name>.dependencies].
func poetryDeclares(v any) bool {
	poetry, _ := v.(map[string]any)
	tables := []any{poetry["dependencies"], poetry["dev-dependencies"]}
	groups, _ := poetry["group"].(map[string]any)
	for _, g := range groups {
		if gt, ok := g.(map[string]any); ok {
			tables = append(tables, gt["dependencies"])
		}
	}
	for _, t := range tables {
		m, _ := t.(map[string]any)
		for name := range m {
			if normalize(name) == Name {
				return true
			}
		}
	}
	return false
}

func values(v any) []any {
	m, _ := v.(map[string]any)
	out := make([]any, 0, len(m))
	for _, x := range m {
		out = append(out, x)
	}
	return out
}

var requirementName = regexp.MustCompile(`^\s*([A-Za-z0-9][A-Za-z0-9._-]*)`)

// requires reports whether a PEP 508 requirement list names pytest itself
// (`pytest>=8`, `pytest[testing]`), not a plugin such as pytest-cov.
func requires(v any) bool {
	list, _ := v.([]any)
	for _, x := range list {
		s, _ := x.(string)
		if m := requirementName.FindStringSubmatch(s); m != nil && normalize(m[1]) == Name {
			return true
		}
	}
	return false
}

// normalize applies PEP 503 name normalisation.
func normalize(name string) string {
	return strings.ToLower(strings.NewReplacer("_", "-", ".", "-").Replace(name))
}

// iniSection reports whether an INI file has a `[section]` header.
func iniSection(repo fs.FS, name, section string) bool {
	data, err := fs.ReadFile(repo, name)
	if err != nil {
		return false
	}
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		if strings.TrimSpace(sc.Text()) == "["+section+"]" {
			return true
		}
	}
	return false
}

// sourceFile is pytest's default test file patterns and conftest.py.
func sourceFile(name string) bool {
	b := path.Base(name)
	return b == "conftest.py" || strings.HasPrefix(b, "test_") && strings.HasSuffix(b, ".py") || strings.HasSuffix(b, "_test.py")
}

var importsPytest = regexp.MustCompile(`(?m)^\s*(?:import\s+pytest\b|from\s+pytest\b)`)

// importsFramework is `import pytest` or `from pytest import ...` at the
// start of a line.
func importsFramework(content []byte) bool { return importsPytest.Match(content) }

func isFile(repo fs.FS, name string) bool {
	fi, err := fs.Stat(repo, name)
	return err == nil && !fi.IsDir()
}
