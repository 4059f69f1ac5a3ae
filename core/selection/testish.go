package selection

import (
	"path"
	"slices"
	"strings"
)

// testDirs are directory names that hold tests, their data or their doubles.
var testDirs = []string{"test", "tests", "__tests__", "testdata", "__mocks__", "__snapshots__", "spec", "fixtures", "conftest"}

// testConfigs are base-name patterns of files that configure how tests
// run: ignoring one could hide a failing test.
var testConfigs = []string{
	"config.toml", "pytest.ini", "pyproject.toml", "setup.cfg", "tox.ini", "conftest.py",
	"package.json", "package-lock.json", "pnpm-lock.yaml", "yarn.lock", "tsconfig*.json",
	"vitest.config.*", "vitest.workspace.*", "vite.config.*", ".env*",
	"go.mod", "go.sum", "go.work", "go.work.sum", "Cargo.toml", "Cargo.lock", "build.rs",
}

// testPatterns are base-name patterns of test files across the frameworks.
var testPatterns = []string{"test_*.py", "*_test.py", "*_test.go", "*.test.*", "*.spec.*", "*_spec.*"}

// docExts are the extensions of files written for people, not programs.
var docExts = []string{".md", ".markdown", ".txt", ".rst", ".adoc"}

// docNames are base-name patterns of repository files no test framework
// reads.
var docNames = []string{"LICENSE*", "LICENCE*", "NOTICE*", "AUTHORS*", "CODEOWNERS", ".gitignore", ".gitattributes", ".editorconfig"}

// ignorable reports whether a hint may offer [selection] ignore for f:
// documentation by name, outside any test tree, that no binding names.
func ignorable(f string, contracts []Contract) bool {
	if testish(f) || named(f, contracts) {
		return false
	}
	base := path.Base(f)
	if slices.Contains(docExts, strings.ToLower(path.Ext(base))) || strings.HasPrefix(f, ".github/") {
		return true
	}
	for _, p := range docNames {
		if ok, _ := path.Match(p, base); ok {
			return true
		}
	}
	return false
}

// testish reports whether f looks like a test file, test data or a test
// configuration, by name alone.
func testish(f string) bool {
	base := path.Base(f)
	for _, p := range append(slices.Clone(testConfigs), testPatterns...) {
		if ok, _ := path.Match(p, base); ok {
			return true
		}
	}
	for _, dir := range strings.Split(path.Dir(f), "/") {
		if slices.Contains(testDirs, dir) {
			return true
		}
	}
	return false
}

// named reports whether some binding's argv names f, alone or as the file
// of a node id (tests/t.py::test_a) or a file filter.
func named(f string, contracts []Contract) bool {
	for _, c := range contracts {
		for _, b := range c.Bindings {
			for _, a := range b.Argv {
				if a == f || strings.HasPrefix(a, f+"::") || strings.HasPrefix(a, "./"+f) {
					return true
				}
			}
		}
	}
	return false
}
