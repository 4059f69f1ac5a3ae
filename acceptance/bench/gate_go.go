package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
)

// gateGoSizes are the bound tests of each package of the gate-go module,
// shaped like issue 29's real case: two packages hold most bindings, seven
// hold 8 or fewer each. 45 tests in all, bound by 44 scenarios (the last
// scenario's contract binds two tests).
var gateGoSizes = []int{14, 11, 4, 3, 3, 3, 3, 2, 2}

// gateGoPackage is one package of the module: a little real work (SHA-256
// chains, a few ms of CPU per test) and imports that make its test binary
// a real link, not an empty one.
const gateGoPackage = `package %[1]s

import (
	"crypto/sha256"
	"encoding/json"
	"regexp"
	"text/template"
)

var word = regexp.MustCompile("^[a-z]+$")

var page = template.Must(template.New("p").Parse("{{.}}"))

// Work hashes its own output n times.
func Work(n int) [32]byte {
	sum := sha256.Sum256([]byte(%[1]q))
	for range n {
		sum = sha256.Sum256(sum[:])
	}
	return sum
}

// Encode marshals v, so the binary links encoding/json.
func Encode(v any) ([]byte, error) { return json.Marshal(v) }
`

// gateGoWork is how many hashes each test does: a few ms of CPU.
const gateGoWork = 20_000

// gateGo times the gate of a generated Go module of 9 packages and 45
// bound tests (issue 29) against one `go test` of the same packages and
// -run union: fresh (`--strict` against `-count=1`), then warm (a plain
// gate against a cached `go test`, both replaying Go's test cache).
func (b bench) gateGo() error {
	// The batch benchmarks force fresh go runs through GOFLAGS; the warm
	// half here needs Go's test cache.
	os.Setenv("GOFLAGS", strings.Join(slices.DeleteFunc(strings.Fields(os.Getenv("GOFLAGS")), func(f string) bool { return f == "-count=1" }), " "))
	root := filepath.Join(b.tmp, "gate-go")
	files := map[string]string{
		"go.mod":                    "module example.com/gate\n\ngo 1.22\n",
		".espectacular/config.toml": "tool_version = \"0.1.0\"\n\n[execution]\ndefault_timeout_seconds = 900\n",
	}
	var spec strings.Builder
	spec.WriteString("# bench\n")
	var pkgs, names []string
	n := 0
	for p, size := range gateGoSizes {
		pkg := fmt.Sprintf("p%d", p+1)
		pkgs = append(pkgs, "./"+pkg)
		files[pkg+"/"+pkg+".go"] = fmt.Sprintf(gateGoPackage, pkg)
		var src strings.Builder
		fmt.Fprintf(&src, "package %s\n\nimport \"testing\"\n", pkg)
		// One test no scenario binds: -run leaves it out on both sides.
		fmt.Fprintf(&src, "\nfunc TestUnbound(t *testing.T) { Work(%d) }\n", gateGoWork)
		for range size {
			n++
			name := fmt.Sprintf("TestCase%02d", n)
			names = append(names, name)
			fmt.Fprintf(&src, "\nfunc %s(t *testing.T) {\n\tif Work(%d) == [32]byte{} {\n\t\tt.Fatal(\"zero hash\")\n\t}\n}\n", name, gateGoWork)
			bindCase(files, &spec, n, 44, fmt.Sprintf("[[tests.go]]\nflags = \"./%s -run '^%s$'\"\n", pkg, name))
		}
		files[pkg+"/"+pkg+"_test.go"] = src.String()
	}
	files["openspec/specs/bench/spec.md"] = spec.String()
	if err := writeFiles(root, files); err != nil {
		return err
	}
	union := "^(" + strings.Join(names, "|") + ")$"
	goTest := slices.Concat([]string{"go", "test"}, pkgs, []string{"-run", union})
	summary, err := ahSummary(root, b.ah, "check", "--run-tests", "--strict")
	if err != nil {
		return err
	}
	fresh, err := b.compare(root,
		named{"ah check --run-tests --strict", []string{b.ah, "check", "--run-tests", "--quiet", "--strict"}},
		named{"go test -count=1", slices.Insert(slices.Clone(goTest), 2, "-count=1")})
	if err != nil {
		return err
	}
	warm, err := b.compare(root,
		named{"ah check --run-tests", []string{b.ah, "check", "--run-tests", "--quiet"}},
		named{"go test (cached)", goTest})
	if err != nil {
		return err
	}
	fmt.Printf("gate-go: %d packages, 44 scenarios bound to %d go tests (%s), default --jobs\n", len(pkgs), n, summary)
	printSeries(fresh...)
	printRatio("ratio fresh ah / go test", fresh[0], fresh[1], "<= 1.3")
	printSeries(warm...)
	printRatio("ratio warm ah / go test", warm[0], warm[1], "informative")
	fmt.Println()
	return nil
}

// ahSummary runs ah once in dir and returns the last line it printed (the
// verdict), so the figures show what the gate proved.
func ahSummary(dir, ah string, args ...string) (string, error) {
	cmd := exec.Command(ah, args...)
	cmd.Dir = dir
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("ah %s: %w\n%s", strings.Join(args, " "), err, out.String())
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	return strings.TrimPrefix(lines[len(lines)-1], "ah check: "), nil
}

// bindCase binds the n-th test of a gate benchmark, entry, to a scenario:
// its own for the first scenarios ones, the last scenario's contract for
// the tests after them.
func bindCase(files map[string]string, spec *strings.Builder, n, scenarios int, entry string) {
	id := fmt.Sprintf("case-%02d", min(n, scenarios))
	if n > scenarios {
		files[".espectacular/bench/"+id+".toml"] += "\n" + entry
		return
	}
	fmt.Fprintf(spec, "\n#### Scenario: Case %02d\n\nTHEN case %d holds\n", n, n)
	files[".espectacular/bench/"+id+".toml"] = fmt.Sprintf(
		"id = %q\ndescription = \"bench\"\narchetype = \"PF\"\nstatus = \"active\"\nauthored_with = \"0.1.0\"\n\n%s", id, entry)
}
