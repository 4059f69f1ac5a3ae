package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// batchN is how many contracts each batching benchmark declares, one
// test each (issue 12).
const batchN = 60

// batchAll runs the batching benchmarks: 60 go, pytest and vitest
// contracts batched against --no-batch, then this repository's own gate.
func (b bench) batchAll() error {
	for _, f := range []func() error{b.batchGo, b.batchPytest, b.batchVitest, b.batchSelf} {
		if err := f(); err != nil {
			return err
		}
	}
	return nil
}

// batchRepo writes a repository of batchN contracts of one test type,
// flags(i) selecting test i, plus files.
func (b bench) batchRepo(name, typ string, flags func(i int) string, files map[string]string) (string, error) {
	root := filepath.Join(b.tmp, name)
	var spec strings.Builder
	spec.WriteString("# bench\n")
	for i := 1; i <= batchN; i++ {
		id := fmt.Sprintf("case-%02d", i)
		fmt.Fprintf(&spec, "\n#### Scenario: Case %02d\n\nTHEN case %d holds\n", i, i)
		files[".espectacular/bench/"+id+".toml"] = fmt.Sprintf(
			"id = %q\ndescription = \"bench\"\narchetype = \"PF\"\nstatus = \"active\"\nauthored_with = \"0.1.0\"\n\n[[tests.%s]]\nflags = %q\n", id, typ, flags(i))
	}
	files["openspec/specs/bench/spec.md"] = spec.String()
	if _, ok := files[".espectacular/config.toml"]; !ok {
		files[".espectacular/config.toml"] = "tool_version = \"0.1.0\"\n"
	}
	// A loaded machine must not turn a slow framework start into a
	// timeout: the figure is time, not verdicts.
	files[".espectacular/config.toml"] += "\n[execution]\ndefault_timeout_seconds = 900\n"
	return root, writeFiles(root, files)
}

// compareBatch times the repository's gate batched and with --no-batch,
// both with --jobs 2, and prints the ratio.
func (b bench) compareBatch(repo, what, target string) error {
	ss, err := b.compare(repo,
		named{"batched", []string{b.ah, "check", "--run-tests", "--quiet", "--strict", "-J", "2"}},
		named{"--no-batch", []string{b.ah, "check", "--run-tests", "--quiet", "--strict", "-J", "2", "--no-batch"}})
	if err != nil {
		return err
	}
	fmt.Printf("%s: %s, --jobs 2\n", filepath.Base(repo), what)
	printSeries(ss...)
	printRatio("ratio batched / --no-batch", ss[0], ss[1], target)
	fmt.Println()
	return nil
}

// freshGoRuns makes every go test in a batch benchmark run rather than
// replay Go's test cache (ah uses it since issue 29): the warm-up round
// would otherwise turn every later round into cache reads.
func freshGoRuns() { os.Setenv("GOFLAGS", strings.TrimSpace(os.Getenv("GOFLAGS")+" -count=1")) }

func (b bench) batchGo() error {
	freshGoRuns()
	var src strings.Builder
	src.WriteString("package n\n\nimport \"testing\"\n")
	for i := 1; i <= batchN; i++ {
		fmt.Fprintf(&src, "\nfunc TestN%02d(t *testing.T) {}\n", i)
	}
	repo, err := b.batchRepo("batch-go", "go", func(i int) string { return fmt.Sprintf(". -run '^TestN%02d$'", i) },
		map[string]string{"go.mod": "module example.com/n\n\ngo 1.22\n", "n_test.go": src.String()})
	if err != nil {
		return err
	}
	return b.compareBatch(repo, fmt.Sprintf("%d go test contracts, one test each", batchN), "<= 0.3")
}

func (b bench) batchPytest() error {
	var src strings.Builder
	for i := 1; i <= batchN; i++ {
		fmt.Fprintf(&src, "def test_n%02d():\n    pass\n\n", i)
	}
	repo, err := b.batchRepo("batch-pytest", "pytest", func(i int) string { return fmt.Sprintf("tests/test_n.py::test_n%02d", i) },
		map[string]string{"pyproject.toml": "[tool.pytest.ini_options]\ntestpaths = [\"tests\"]\n", "tests/test_n.py": src.String()})
	if err != nil {
		return err
	}
	return b.compareBatch(repo, fmt.Sprintf("%d pytest contracts, one test each", batchN), "<= 0.3")
}

// batchVitest borrows the vitest fixture's installed node_modules (npm ci
// in acceptance/testdata/fixtures/vitest-basic) through a symbolic link.
func (b bench) batchVitest() error {
	root, err := moduleRoot()
	if err != nil {
		return err
	}
	fixture := filepath.Join(root, "acceptance", "testdata", "fixtures", "vitest-basic")
	if _, err := os.Stat(filepath.Join(fixture, "node_modules", ".bin", "vitest")); err != nil {
		fmt.Printf("batch-vitest: skipped, run npm ci --prefix %s first\n\n", fixture)
		return nil
	}
	src := "import { expect, it } from 'vitest'\n\nfor (let i = 1; i <= 60; i++) {\n  it('n' + String(i).padStart(2, '0'), () => { expect(i).toBe(i) })\n}\n"
	pkg, err := os.ReadFile(filepath.Join(fixture, "package.json"))
	if err != nil {
		return err
	}
	repo, err := b.batchRepo("batch-vitest", "vitest", func(i int) string { return fmt.Sprintf("-t '^n%02d$'", i) },
		map[string]string{
			"package.json": string(pkg), "test/n.test.js": src,
			".espectacular/config.toml": "tool_version = \"0.1.0\"\n\n[runners.vitest]\ncommand = [\"node_modules/.bin/vitest\", \"run\"]\n",
		})
	if err != nil {
		return err
	}
	if err := os.Symlink(filepath.Join(fixture, "node_modules"), filepath.Join(repo, "node_modules")); err != nil {
		return err
	}
	return b.compareBatch(repo, fmt.Sprintf("%d vitest contracts, one test each", batchN), "<= 0.15")
}

// batchSelf gates this repository batched and with --no-batch; it takes
// minutes, most of it the unbatched run.
func (b bench) batchSelf() error {
	freshGoRuns()
	root, err := moduleRoot()
	if err != nil {
		return err
	}
	ss, err := b.compare(root,
		named{"batched", []string{b.ah, "check", "--run-tests", "--quiet", "-J", "2"}},
		named{"--no-batch", []string{b.ah, "check", "--run-tests", "--quiet", "-J", "2", "--no-batch"}})
	if err != nil {
		return err
	}
	fmt.Println("batch-self: this repository's own ah check --run-tests, --jobs 2")
	printSeries(ss...)
	printRatio("ratio batched / --no-batch", ss[0], ss[1], "<= 0.3")
	fmt.Println()
	return nil
}
