package main

import (
	"fmt"
	"math/rand/v2"
	"strings"
)

func init() { safetySuites["go"] = goSafetySuite }

const (
	safetyPackages = 12
	safetySeed     = 25
)

// goSafetySuite is a generated Go module (safetyModule) beside packages
// whose tests depend on what an import graph alone does not show:
// embedded files (in a deeper package's directory, in a test, through an
// import), files read at run time (testdata, a shared fixture, a file
// beside the test), deleted, added and renamed files, a file a build
// constraint leaves out, cgo C sources and headers, assembly, go.mod's go
// version, a package deleted whole, and globs in the config
// ([selection.paths]) over a helper a test imports and over a program a
// test runs.
func goSafetySuite() safetySuite {
	files, faults := safetyModule(safetyPackages, safetySeed)
	for p, body := range goHiddenFiles {
		files[p] = body
	}
	for capability, scenarios := range goHiddenContracts {
		var titles []string
		for _, s := range scenarios {
			titles = append(titles, s.title)
			files[".espectacular/"+capability+"/"+s.id()+".toml"] = safetyContract(s.id(), "go", s.flags)
		}
		files["openspec/specs/"+capability+"/spec.md"] = safetySpec(capability, titles...)
	}
	files[".espectacular/config.toml"] = "tool_version = \"0.1.0\"\n\n[selection.paths]\nd = [\"helper/**\"]\nrunner = [\"tool/**\"]\n"
	return safetySuite{files: files, tools: []string{"go", "gcc"}, faults: append(faults, goHiddenFaults...)}
}

// goScenario is one contract of the hidden-dependency packages.
type goScenario struct{ title, flags string }

func (s goScenario) id() string { return strings.ReplaceAll(strings.ToLower(s.title), " ", "-") }

var goHiddenContracts = map[string][]goScenario{
	"gen":    {{"Version holds", ". -run '^TestVersion$'"}},
	"assets": {{"Icons embed", "./assets -run '^TestIcons$'"}, {"Words embed", "./assets -run '^TestWords$'"}, {"Static embed", "./assets -run '^TestStatic$'"}},
	"icons":  {{"Icon count holds", "./assets/icons -run '^TestN$'"}},
	"tpl":    {{"Render matches golden", "./tpl -run '^TestRender$'"}, {"Render matches want", "./tpl -run '^TestX$'"}},
	"cfg":    {{"Port holds", "./cfg -run '^TestPort$'"}, {"Conf name holds", "./cfg/conf -run '^TestName$'"}},
	"srv":    {{"Addr holds", "./srv -run '^TestAddr$'"}},
	"parse":  {{"Upper matches cases", "./parse -run '^TestUpper$'"}},
	"report": {{"Title matches fixture", "./report -run '^TestTitle$'"}},
	"calc":   {{"Scale holds", "./calc -run '^TestScale$'"}},
	"user":   {{"Double holds", "./user -run '^TestDouble$'"}},
	"cadd":   {{"Add holds", "./cadd -run '^TestAdd$'"}},
	"sum":    {{"Sum holds", "./sum -run '^TestSum$'"}},
	"asm":    {{"One holds", "./asm -run '^TestOne$'"}},
	"loop":   {{"Loop vars are per iteration", "./loop -run '^TestLoop$'"}},
	"gl":     {{"Checks hold", "./gl -run '^TestChecks$'"}},
	"d":      {{"D holds", "./dd -run '^TestD$'"}},
	"tool":   {{"Msg holds", "./tool -run '^TestMsg$'"}},
	"runner": {{"Tool prints v1", "./runner -run '^TestRunsTool$'"}},
}

// goHiddenFaults go through the dependencies goHiddenFiles hide.
var goHiddenFaults = []safetyFault{
	{class: "embed-deeper-package", file: "assets/icons/a.svg", old: "<svg>a", new: "<svg>A", short: true},
	{class: "embed-added", file: "assets/icons/c.svg", new: "<svg>c</svg>\n"},
	{class: "embed-deleted", file: "assets/icons/b.svg", remove: true},
	{class: "embed", file: "assets/data/words.txt", old: "beta", new: "gamma"},
	{class: "embed-all", file: "assets/static/.hidden", old: "h", new: "H"},
	{class: "embed", file: "assets/static/index.html", old: "hi", new: "ho"},
	{class: "test-embed", file: "tpl/testdata/golden.txt", old: "hello", new: "hullo"},
	{class: "xtest-embed", file: "tpl/xfix/want.txt", old: "hello", new: "hullo"},
	{class: "embed-imported", file: "cfg/conf/port.txt", old: "8080", new: "8081", short: true},
	{class: "runtime-testdata", file: "parse/testdata/a.out", old: "ABC", new: "ABD"},
	{class: "runtime-testdata-added", file: "parse/testdata/c.in", new: "q\n"},
	{class: "runtime-testdata-deleted", file: "parse/testdata/b.out", remove: true},
	{class: "runtime-shared-fixture", file: "fixtures/report.txt", old: "q3", new: "q4", short: true},
	{class: "runtime-beside-test", file: "report/header.txt", old: "q3", new: "q9"},
	{class: "deleted-file", file: "calc/factor.go", remove: true, short: true},
	{class: "renamed-file", file: "calc/factor.go", rename: "calc/factor_windows.go"},
	{class: "constrained-file", file: "calc/never.go", old: "//go:build never", new: "//go:build !never"},
	{class: "added-file", file: "calc/zz.go", new: "package calc\n\nfunc init() { factor = 3 }\n"},
	{class: "deleted-package", file: "calc", remove: true},
	{class: "deleted-package", file: "assets/icons", remove: true},
	{class: "cgo-c", file: "cadd/add.c", old: "a + b", new: "a - b", short: true},
	{class: "cgo-h", file: "cadd/add.h", old: "BIAS 0", new: "BIAS 1"},
	{class: "cgo-h-subdir", file: "cadd/inc/bias.h", old: "BIAS2 0", new: "BIAS2 1"},
	{class: "asm", file: "asm/one_amd64.s", old: "$1", new: "$2"},
	{class: "go-mod", file: "go.mod", old: "go 1.22", new: "go 1.21"},
	{class: "glob-over-import", file: "helper/helper.go", old: "got != want", new: "got == want", short: true},
	{class: "glob-over-program", file: "tool/main.go", old: `"v1"`, new: `"v2"`},
	{class: "root-package", file: "gen.go", old: `"1"`, new: `"2"`},
}

// goHiddenFiles are the packages goHiddenFaults break. None is imported
// by the generated ones.
var goHiddenFiles = map[string]string{
	"gen.go":      "// Package gen is the module's root package.\npackage gen\n\n// Version is the module's version.\nconst Version = \"1\"\n",
	"gen_test.go": "package gen\n\nimport \"testing\"\n\nfunc TestVersion(t *testing.T) {\n\tif Version != \"1\" {\n\t\tt.Fatal(Version)\n\t}\n}\n",

	"assets/assets.go": `package assets

import "embed"

// Icons are the icons, in a directory that is a package too.
//
//go:embed icons/*.svg
var Icons embed.FS

// Words is a word list.
//
//go:embed data/words.txt
var Words string

// Static is the static tree, dot files included.
//
//go:embed all:static
var Static embed.FS
`,
	"assets/assets_test.go": `package assets

import (
	"io/fs"
	"testing"
)

func TestIcons(t *testing.T) {
	names, err := fs.Glob(Icons, "icons/*.svg")
	if err != nil || len(names) != 2 {
		t.Fatalf("icons %v (%v), want 2", names, err)
	}
	if b, err := Icons.ReadFile("icons/a.svg"); err != nil || string(b) != "<svg>a</svg>\n" {
		t.Fatalf("a.svg = %q (%v)", b, err)
	}
}

func TestWords(t *testing.T) {
	if Words != "alpha beta\n" {
		t.Fatalf("Words = %q", Words)
	}
}

func TestStatic(t *testing.T) {
	for name, want := range map[string]string{"static/index.html": "<p>hi</p>\n", "static/.hidden": "h\n"} {
		if b, err := Static.ReadFile(name); err != nil || string(b) != want {
			t.Errorf("%s = %q (%v), want %q", name, b, err, want)
		}
	}
}
`,
	"assets/icons/a.svg":       "<svg>a</svg>\n",
	"assets/icons/b.svg":       "<svg>b</svg>\n",
	"assets/icons/icons.go":    "// Package icons names the icons.\npackage icons\n\n// N is how many icons there are.\nconst N = 2\n",
	"assets/icons/n_test.go":   "package icons\n\nimport \"testing\"\n\nfunc TestN(t *testing.T) {\n\tif N != 2 {\n\t\tt.Fatal(N)\n\t}\n}\n",
	"assets/data/words.txt":    "alpha beta\n",
	"assets/static/index.html": "<p>hi</p>\n",
	"assets/static/.hidden":    "h\n",

	"tpl/tpl.go": "// Package tpl renders.\npackage tpl\n\n// Render greets name.\nfunc Render(name string) string { return \"hello \" + name + \"\\n\" }\n",
	"tpl/tpl_test.go": `package tpl

import (
	_ "embed"
	"testing"
)

//go:embed testdata/golden.txt
var golden string

func TestRender(t *testing.T) {
	if got := Render("x"); got != golden {
		t.Fatalf("Render = %q, want %q", got, golden)
	}
}
`,
	"tpl/x_test.go": `package tpl_test

import (
	_ "embed"
	"testing"

	"example.com/gen/tpl"
)

//go:embed xfix/want.txt
var want string

func TestX(t *testing.T) {
	if got := tpl.Render("y"); got != want {
		t.Fatalf("Render = %q, want %q", got, want)
	}
}
`,
	"tpl/testdata/golden.txt": "hello x\n",
	"tpl/xfix/want.txt":       "hello y\n",

	"cfg/cfg.go": `// Package cfg is the configuration.
package cfg

import (
	_ "embed"
	"strings"
)

//go:embed conf/port.txt
var port string

// Port is the configured port.
func Port() string { return strings.TrimSpace(port) }
`,
	"cfg/cfg_test.go":       "package cfg\n\nimport \"testing\"\n\nfunc TestPort(t *testing.T) {\n\tif Port() != \"8080\" {\n\t\tt.Fatal(Port())\n\t}\n}\n",
	"cfg/conf/port.txt":     "8080\n",
	"cfg/conf/conf.go":      "// Package conf names the directory.\npackage conf\n\n// Name is its name.\nconst Name = \"conf\"\n",
	"cfg/conf/conf_test.go": "package conf\n\nimport \"testing\"\n\nfunc TestName(t *testing.T) {\n\tif Name != \"conf\" {\n\t\tt.Fatal(Name)\n\t}\n}\n",
	"srv/srv.go":            "// Package srv serves.\npackage srv\n\nimport \"example.com/gen/cfg\"\n\n// Addr is the listen address.\nfunc Addr() string { return \":\" + cfg.Port() }\n",
	"srv/srv_test.go":       "package srv\n\nimport \"testing\"\n\nfunc TestAddr(t *testing.T) {\n\tif Addr() != \":8080\" {\n\t\tt.Fatal(Addr())\n\t}\n}\n",

	"parse/parse.go": "// Package parse upper-cases.\npackage parse\n\nimport \"strings\"\n\n// Upper upper-cases s.\nfunc Upper(s string) string { return strings.ToUpper(s) }\n",
	"parse/parse_test.go": `package parse

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestUpper(t *testing.T) {
	ins, _ := filepath.Glob("testdata/*.in")
	if len(ins) == 0 {
		t.Fatal("no cases")
	}
	for _, in := range ins {
		src, err := os.ReadFile(in)
		if err != nil {
			t.Fatal(err)
		}
		want, err := os.ReadFile(strings.TrimSuffix(in, ".in") + ".out")
		if err != nil {
			t.Fatal(err)
		}
		if got := Upper(string(src)); got != string(want) {
			t.Errorf("%s: %q, want %q", in, got, want)
		}
	}
}
`,
	"parse/testdata/a.in":  "abc\n",
	"parse/testdata/a.out": "ABC\n",
	"parse/testdata/b.in":  "x\n",
	"parse/testdata/b.out": "X\n",

	"report/report.go": "// Package report titles.\npackage report\n\nimport \"strings\"\n\n// Title is the report's title.\nfunc Title(s string) string { return \"Report: \" + strings.TrimSpace(s) }\n",
	"report/report_test.go": `package report

import (
	"os"
	"strings"
	"testing"
)

func TestTitle(t *testing.T) {
	want, err := os.ReadFile("../fixtures/report.txt")
	if err != nil {
		t.Fatal(err)
	}
	head, err := os.ReadFile("header.txt")
	if err != nil {
		t.Fatal(err)
	}
	if got := Title(string(head)); got != strings.TrimSpace(string(want)) {
		t.Fatalf("Title = %q, want %q", got, want)
	}
}
`,
	"report/header.txt":   "q3\n",
	"fixtures/report.txt": "Report: q3\n",

	"calc/calc.go":      "// Package calc scales.\npackage calc\n\nvar factor = 1\n\n// Scale multiplies x by the factor.\nfunc Scale(x int) int { return x * factor }\n",
	"calc/factor.go":    "package calc\n\nfunc init() { factor = 2 }\n",
	"calc/never.go":     "//go:build never\n\npackage calc\n\nfunc init() { factor = 5 }\n",
	"calc/calc_test.go": "package calc\n\nimport \"testing\"\n\nfunc TestScale(t *testing.T) {\n\tif Scale(3) != 6 {\n\t\tt.Fatal(Scale(3))\n\t}\n}\n",
	"user/user.go":      "// Package user doubles.\npackage user\n\nimport \"example.com/gen/calc\"\n\n// Double is calc.Scale.\nfunc Double(x int) int { return calc.Scale(x) }\n",
	"user/user_test.go": "package user\n\nimport \"testing\"\n\nfunc TestDouble(t *testing.T) {\n\tif Double(3) != 6 {\n\t\tt.Fatal(Double(3))\n\t}\n}\n",

	"cadd/cadd.go":      "// Package cadd adds in C.\npackage cadd\n\n// #include \"add.h\"\nimport \"C\"\n\n// Add is a + b.\nfunc Add(a, b int) int { return int(C.add(C.int(a), C.int(b))) }\n",
	"cadd/add.h":        "#include \"inc/bias.h\"\n#define BIAS 0\nint add(int a, int b);\n",
	"cadd/inc/bias.h":   "#define BIAS2 0\n",
	"cadd/add.c":        "#include \"add.h\"\nint add(int a, int b) { return a + b + BIAS + BIAS2; }\n",
	"cadd/cadd_test.go": "package cadd\n\nimport \"testing\"\n\nfunc TestAdd(t *testing.T) {\n\tif Add(2, 3) != 5 {\n\t\tt.Fatal(Add(2, 3))\n\t}\n}\n",
	"sum/sum.go":        "// Package sum sums.\npackage sum\n\nimport \"example.com/gen/cadd\"\n\n// Sum adds xs.\nfunc Sum(xs ...int) int {\n\ts := 0\n\tfor _, x := range xs {\n\t\ts = cadd.Add(s, x)\n\t}\n\treturn s\n}\n",
	"sum/sum_test.go":   "package sum\n\nimport \"testing\"\n\nfunc TestSum(t *testing.T) {\n\tif Sum(1, 2, 3) != 6 {\n\t\tt.Fatal(Sum(1, 2, 3))\n\t}\n}\n",

	"asm/one.go":       "//go:build amd64\n\n// Package asm returns one.\npackage asm\n\n// One returns 1.\nfunc One() int\n",
	"asm/one_other.go": "//go:build !amd64\n\n// Package asm returns one.\npackage asm\n\n// One returns 1.\nfunc One() int { return 1 }\n",
	"asm/one_amd64.s":  "#include \"textflag.h\"\n\nTEXT ·One(SB), NOSPLIT, $0-8\n\tMOVQ $1, ret+0(FP)\n\tRET\n",
	"asm/one_test.go":  "package asm\n\nimport \"testing\"\n\nfunc TestOne(t *testing.T) {\n\tif One() != 1 {\n\t\tt.Fatal(One())\n\t}\n}\n",

	"loop/loop.go":      "// Package loop makes closures.\npackage loop\n\n// Funcs returns n closures over the loop variable.\nfunc Funcs(n int) []func() int {\n\tvar fs []func() int\n\tfor i := 0; i < n; i++ {\n\t\tfs = append(fs, func() int { return i })\n\t}\n\treturn fs\n}\n",
	"loop/loop_test.go": "package loop\n\nimport \"testing\"\n\nfunc TestLoop(t *testing.T) {\n\tif got := Funcs(3)[0](); got != 0 {\n\t\tt.Fatalf(\"first closure sees %d: loop variables are shared (go.mod's go version)\", got)\n\t}\n}\n",

	"helper/helper.go": "// Package helper checks.\npackage helper\n\nimport \"testing\"\n\n// Want fails t when got is not want.\nfunc Want(t testing.TB, got, want int) {\n\tt.Helper()\n\tif got != want {\n\t\tt.Errorf(\"got %d, want %d\", got, want)\n\t}\n}\n",
	"gl/gl.go":         "// Package gl adds.\npackage gl\n\n// Add is a + b.\nfunc Add(a, b int) int { return a + b }\n",
	"gl/gl_test.go":    "package gl\n\nimport (\n\t\"testing\"\n\n\t\"example.com/gen/helper\"\n)\n\nfunc TestChecks(t *testing.T) { helper.Want(t, Add(1, 2), 3) }\n",
	"dd/dd.go":         "// Package dd is capability d's.\npackage dd\n\n// D is 4.\nconst D = 4\n",
	"dd/dd_test.go":    "package dd\n\nimport \"testing\"\n\nfunc TestD(t *testing.T) {\n\tif D != 4 {\n\t\tt.Fatal(D)\n\t}\n}\n",

	"tool/main.go":      "// Command tool prints its version.\npackage main\n\nimport \"fmt\"\n\nfunc msg() string { return \"v1\" }\n\nfunc main() { fmt.Println(msg()) }\n",
	"tool/main_test.go": "package main\n\nimport \"testing\"\n\nfunc TestMsg(t *testing.T) {\n\tif msg() != \"v1\" {\n\t\tt.Fatal(msg())\n\t}\n}\n",
	"runner/runner.go":  "// Package runner runs the tool.\npackage runner\n",
	"runner/runner_test.go": `package runner

import (
	"os/exec"
	"strings"
	"testing"
)

func TestRunsTool(t *testing.T) {
	out, err := exec.Command("go", "run", "../tool").Output()
	if err != nil || strings.TrimSpace(string(out)) != "v1" {
		t.Fatalf("tool printed %q (%v)", out, err)
	}
}
`,
}

// safetyModule generates the module: packages p00..p(n-1), each importing
// a few lower-numbered ones at random (a DAG), with V(x) = x*M + C + the
// V of each import, and W(x) = x + K in a second file for some. Each
// package tests V in-package; some test W; some have an external test
// of another package's V through the test-only helper package th. The
// faults change C of every package, K of every W, and th's comparison.
func safetyModule(n int, seed uint64) (map[string]string, []safetyFault) {
	r := rand.New(rand.NewPCG(seed, seed))
	files := map[string]string{
		".espectacular/config.toml": "tool_version = \"0.1.0\"\n",
		"go.mod":                    "module example.com/gen\n\ngo 1.22\n",
		"th/th.go": "// Package th is a helper only tests import.\npackage th\n\nimport \"testing\"\n\n" +
			"// Want fails t when got is not want.\nfunc Want(t testing.TB, got, want int) {\n\tt.Helper()\n\tif got != want {\n\t\tt.Errorf(\"got %d, want %d\", got, want)\n\t}\n}\n",
	}
	faults := []safetyFault{{class: "test-helper", file: "th/th.go", old: "got != want", new: "got == want", short: true}}
	imports := make([][]int, n)
	m, c := make([]int, n), make([]int, n)
	var v func(i, x int) int
	v = func(i, x int) int {
		s := x*m[i] + c[i]
		for _, j := range imports[i] {
			s += v(j, x)
		}
		return s
	}
	for i := range n {
		pkg := fmt.Sprintf("p%02d", i)
		for j := range i {
			if len(imports[i]) < 3 && r.IntN(i) < 2 {
				imports[i] = append(imports[i], j)
			}
		}
		m[i], c[i] = 1+r.IntN(5), 10+r.IntN(90)
		var src strings.Builder
		fmt.Fprintf(&src, "package %s\n\n", pkg)
		if len(imports[i]) > 0 {
			src.WriteString("import (\n")
			for _, j := range imports[i] {
				fmt.Fprintf(&src, "\t\"example.com/gen/p%02d\"\n", j)
			}
			src.WriteString(")\n\n")
		}
		fmt.Fprintf(&src, "const c = %d\n\n// V is x*%d + c plus its imports' V.\nfunc V(x int) int {\n\treturn x*%d + c", c[i], m[i], m[i])
		for _, j := range imports[i] {
			fmt.Fprintf(&src, " + p%02d.V(x)", j)
		}
		src.WriteString("\n}\n")
		files[pkg+"/"+pkg+".go"] = src.String()
		faults = append(faults, safetyFault{class: "source", file: pkg + "/" + pkg + ".go", old: fmt.Sprintf("const c = %d\n", c[i]), new: fmt.Sprintf("const c = %d\n", c[i]+1)})

		titles := []string{"V holds"}
		files[".espectacular/"+pkg+"/v-holds.toml"] = safetyContract("v-holds", "go", "./"+pkg+" -run '^TestV$'")
		files[pkg+"/"+pkg+"_test.go"] = fmt.Sprintf("package %s\n\nimport \"testing\"\n\nfunc TestV(t *testing.T) {\n\tif got := V(1); got != %d {\n\t\tt.Errorf(\"V(1) = %%d, want %d\", got)\n\t}\n}\n", pkg, v(i, 1), v(i, 1))
		if r.IntN(3) == 0 {
			k := r.IntN(50)
			files[pkg+"/w.go"] = fmt.Sprintf("package %s\n\nconst k = %d\n\n// W is x + k.\nfunc W(x int) int { return x + k }\n", pkg, k)
			files[pkg+"/w_test.go"] = fmt.Sprintf("package %s\n\nimport \"testing\"\n\nfunc TestW(t *testing.T) {\n\tif got := W(2); got != %d {\n\t\tt.Errorf(\"W(2) = %%d, want %d\", got)\n\t}\n}\n", pkg, 2+k, 2+k)
			faults = append(faults, safetyFault{class: "source", file: pkg + "/w.go", old: fmt.Sprintf("const k = %d\n", k), new: fmt.Sprintf("const k = %d\n", k+1)})
			titles = append(titles, "W holds")
			files[".espectacular/"+pkg+"/w-holds.toml"] = safetyContract("w-holds", "go", "./"+pkg+" -run '^TestW$'")
		}
		if i > 0 && r.IntN(3) == 0 {
			// An external test of another package, which pkg itself may
			// not import; its expected value is filled in below, once
			// every package's V is known.
			j := r.IntN(n)
			if j == i {
				j = (i + 1) % n
			}
			files[pkg+"/cross_test.go"] = fmt.Sprintf("package %s_test\n\nimport (\n\t\"testing\"\n\n\t\"example.com/gen/p%02d\"\n\t\"example.com/gen/th\"\n)\n\nfunc TestCross(t *testing.T) { th.Want(t, p%02d.V(3), {%d}) }\n", pkg, j, j, j)
			titles = append(titles, "Cross holds")
			files[".espectacular/"+pkg+"/cross-holds.toml"] = safetyContract("cross-holds", "go", "./"+pkg+" -run '^TestCross$'")
		}
		files["openspec/specs/"+pkg+"/spec.md"] = safetySpec(pkg, titles...)
	}
	for p, body := range files {
		if !strings.HasSuffix(p, "/cross_test.go") {
			continue
		}
		var j int
		at := strings.Index(body, ", {")
		fmt.Sscanf(body[at+3:], "%d}", &j)
		files[p] = strings.Replace(body, fmt.Sprintf("{%d}", j), fmt.Sprint(v(j, 3)), 1)
	}
	return files, faults
}
