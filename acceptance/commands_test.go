package acceptance_test

import (
	"bytes"
	"context"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/espectacular/ah/cmd/ah/cli"
)

// TestNamedCommandsExist fails when a message, hint, playbook topic, schema
// or the documentation (README.md and every docs/*.md page) tells the user to run an `ah <command>` (or a flag of it)
// that the real command line does not have: messages once said "run `ah
// init`" long before there was an init. The grammar is read from the real
// Main's --help, so it cannot drift from what users get.
func TestNamedCommandsExist(t *testing.T) {
	g := readGrammar(t)
	refs := collectRefs(t, "..")
	if len(refs) < 20 {
		t.Fatalf("found only %d `ah <command>` references; the scan is broken", len(refs))
	}
	for _, r := range refs {
		for _, p := range g.problems(r.text) {
			t.Errorf("%s: %q: %s", r.where, r.text, p)
		}
	}
}

// grammar is what `ah --help` and `ah <command> --help` list.
type grammar struct {
	commands map[string][]string // command -> its flags ("--json", "-C")
	root     []string            // flags of ah itself
}

var (
	helpCommand = regexp.MustCompile(`(?m)^  ([a-z][a-z-]*)(?: ([a-z][a-z-]*))?\s`)
	helpFlag    = regexp.MustCompile(`(?m)^\s+(?:(-[A-Za-z]), )?(--[a-z][a-z0-9-]*)`)
)

func readGrammar(t *testing.T) grammar {
	t.Helper()
	root := help(t)
	_, list, ok := strings.Cut(root, "\nCommands:\n")
	if !ok {
		t.Fatalf("ah --help lists no commands:\n%s", root)
	}
	g := grammar{commands: map[string][]string{}, root: flagsOf(root)}
	for _, m := range helpCommand.FindAllStringSubmatch(list, -1) {
		// A command group (`ah contract new`) is listed once per
		// subcommand: the group word takes every subcommand's flags.
		args := []string{m[1]}
		if m[2] != "" {
			args = append(args, m[2])
		}
		g.commands[m[1]] = append(g.commands[m[1]], flagsOf(help(t, args...))...)
	}
	if len(g.commands) == 0 {
		t.Fatalf("no commands parsed from ah --help:\n%s", root)
	}
	return g
}

func help(t *testing.T, args ...string) string {
	t.Helper()
	var out bytes.Buffer
	d := &cli.Deps{Streams: &cli.IOStreams{Out: &out, Err: &out}}
	if code := cli.Main(context.Background(), append(args, "--help"), d); code != 0 {
		t.Fatalf("ah %s --help exited %d:\n%s", strings.Join(args, " "), code, out.String())
	}
	return out.String()
}

func flagsOf(help string) []string {
	var out []string
	for _, m := range helpFlag.FindAllStringSubmatch(help, -1) {
		if m[1] != "" {
			out = append(out, m[1])
		}
		out = append(out, m[2])
	}
	return out
}

var (
	longFlag  = regexp.MustCompile(`--[a-z][a-z0-9-]*`)
	shortFlag = regexp.MustCompile(`(?:^|[\s\[])(-[A-Za-z])\b`)
)

// problems checks one reference: "ah check --run-tests", "ah --version".
func (g grammar) problems(ref string) []string {
	word, rest, _ := strings.Cut(strings.TrimPrefix(ref, "ah "), " ")
	word = strings.TrimRight(word, ":.,;")
	flags := g.root
	switch {
	case strings.HasPrefix(word, "-"):
		rest = word + " " + rest
	case regexp.MustCompile(`^[a-z][a-z-]*$`).MatchString(word):
		var ok bool
		if flags, ok = g.commands[word]; !ok {
			return []string{"ah has no command " + strconv.Quote(word) + " (it has " + strings.Join(g.names(), ", ") + ")"}
		}
	default:
		return nil // a placeholder such as <command>
	}
	var out []string
	named := longFlag.FindAllString(rest, -1)
	for _, m := range shortFlag.FindAllStringSubmatch(rest, -1) {
		named = append(named, m[1])
	}
	for _, f := range named {
		if !slices.Contains(flags, f) {
			out = append(out, "ah "+word+" has no flag "+f)
		}
	}
	return out
}

func (g grammar) names() []string {
	var out []string
	for n := range g.commands {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// ref is one `ah ...` command line found in a source file.
type ref struct{ where, text string }

var (
	// backticked finds `ah ...` spans: in messages, topics, schemas, docs.
	backticked = regexp.MustCompile("`(ah [^`\n]*)`")
	// commandLiteral is a Go string that starts with a command line being
	// built or printed ("ah explain " + kind, "ah doctor: passed"), as
	// opposed to prose that starts with the product's name ("ah is ...").
	commandLiteral = regexp.MustCompile(`^ah ([a-z][a-z-]*)(?::|\s+-|\s*$)`)
)

// collectRefs scans the non-test Go sources under cmd, core, drivers and
// infra (string literals only), every Markdown file under core (playbook
// topics, archetype bodies), the schemas, README.md and docs/*.md.
func collectRefs(t *testing.T, root string) []ref {
	t.Helper()
	var refs []ref
	for _, dir := range []string{"cmd", "core", "drivers", "infra", "schemas"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, e fs.DirEntry, err error) error {
			if err != nil || e.IsDir() {
				return err
			}
			rel, _ := filepath.Rel(root, path)
			switch {
			case strings.HasSuffix(path, ".go") && !strings.HasSuffix(path, "_test.go"):
				refs = append(refs, goRefs(t, path, rel)...)
			case strings.HasSuffix(path, ".md") || strings.HasSuffix(path, ".json"):
				refs = append(refs, textRefs(t, path, rel)...)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range docFiles(t) {
		refs = append(refs, textRefs(t, filepath.Join(root, name), name)...)
	}
	return refs
}

func goRefs(t *testing.T, path, rel string) []ref {
	t.Helper()
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, path, nil, parser.SkipObjectResolution)
	if err != nil {
		t.Fatal(err)
	}
	var refs []ref
	ast.Inspect(f, func(n ast.Node) bool {
		lit, ok := n.(*ast.BasicLit)
		if !ok || lit.Kind != token.STRING {
			return true
		}
		s, err := strconv.Unquote(lit.Value)
		if err != nil {
			return true
		}
		where := rel + ":" + strconv.Itoa(fset.Position(lit.Pos()).Line)
		for _, m := range backticked.FindAllStringSubmatch(s, -1) {
			refs = append(refs, ref{where, m[1]})
		}
		if commandLiteral.MatchString(s) {
			line, _, _ := strings.Cut(s, "\n")
			refs = append(refs, ref{where, line})
		}
		return true
	})
	return refs
}

// textRefs finds backticked spans, and lines of fenced code blocks that are
// ah command lines ("ah check [--json] ...").
func textRefs(t *testing.T, path, rel string) []ref {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var refs []ref
	fenced := false
	for i, line := range strings.Split(string(data), "\n") {
		where := rel + ":" + strconv.Itoa(i+1)
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if fenced {
			if cmd := strings.TrimPrefix(strings.TrimSpace(line), "$ "); strings.HasPrefix(cmd, "ah ") {
				cmd, _, _ = strings.Cut(cmd, "#")
				refs = append(refs, ref{where, strings.TrimSpace(cmd)})
			}
			continue
		}
		for _, m := range backticked.FindAllStringSubmatch(line, -1) {
			refs = append(refs, ref{where, m[1]})
		}
	}
	return refs
}
