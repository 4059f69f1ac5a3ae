package acceptance_test

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/espectacular/ah/acceptance"
	"github.com/espectacular/ah/cmd/ah/cli"
	"github.com/espectacular/ah/core/finding"
)

// The documentation is README.md (the front page) and docs/*.md (the
// reference, one page per topic). The tests keeping it true read every
// file, so a section is found in whichever page holds it now.

// docFiles lists the documentation files, repository-relative: README.md,
// then docs/*.md sorted.
func docFiles(t *testing.T) []string {
	t.Helper()
	pages, err := filepath.Glob(filepath.Join("..", "docs", "*.md"))
	if err != nil {
		t.Fatal(err)
	}
	if len(pages) == 0 {
		t.Fatal("docs/ holds no page: the reference lives there")
	}
	out := []string{"README.md"}
	for _, p := range slices.Sorted(slices.Values(pages)) {
		rel, _ := filepath.Rel("..", p)
		out = append(out, filepath.ToSlash(rel))
	}
	return out
}

// docHeading finds the documentation file with a Markdown heading (of any
// level, outside code fences) reading exactly title, and returns it with
// the text after that heading. It fails unless exactly one file has it.
func docHeading(t *testing.T, title string) (file, rest string) {
	t.Helper()
	var found []string
	for _, name := range docFiles(t) {
		text := readRepoFile(t, name)
		if at := headingAt(text, title); at >= 0 {
			found = append(found, name)
			file, rest = name, text[at:]
		}
	}
	if len(found) != 1 {
		t.Fatalf("the heading %q should be in exactly one of README.md and docs/*.md; found in %v", title, found)
	}
	return file, rest
}

var headingLine = regexp.MustCompile(`^#{1,6} (.*)$`)

// headingAt returns the offset just after the line of the heading title,
// or -1; headings inside fenced code blocks do not count.
func headingAt(text, title string) int {
	offset := 0
	fence := ""
	for line := range strings.Lines(text) {
		offset += len(line)
		trimmed := strings.TrimRight(line, "\n")
		if m := regexp.MustCompile("^(```+|~~~+)").FindString(strings.TrimSpace(trimmed)); m != "" {
			switch {
			case fence == "":
				fence = m
			case strings.HasPrefix(m, fence) && strings.TrimSpace(trimmed) == m:
				fence = ""
			}
			continue
		}
		if fence != "" {
			continue
		}
		if m := headingLine.FindStringSubmatch(trimmed); m != nil && m[1] == title {
			return offset
		}
	}
	return -1
}

// versionExample finds what a documentation example says this ah's version
// is: a config's tool_version, a contract's authored_with, an envelope's
// cli_version, and the version ah upgrade moved a config to.
var versionExample = regexp.MustCompile(
	`(tool_version = "|authored_with = "|"cli_version": "|tool_version [0-9.]+ -> )([^"\s]+)`)

// versionPlaceholder is what an example may write instead of the version.
const versionPlaceholder = "<version>"

// TestDocsExamplesUseCurrentVersion fails when an example in README.md or
// docs/ writes a version other than this ah's as a config's tool_version, a
// contract's authored_with or an envelope's cli_version: an example copied
// with an old tool_version warns at once (issue 28). With
// AH_UPDATE_GOLDEN=1 it writes the current version into them, so a release
// bump is one command.
func TestDocsExamplesUseCurrentVersion(t *testing.T) {
	seen := 0
	for _, name := range docFiles(t) {
		text := readRepoFile(t, name)
		fixed := versionExample.ReplaceAllStringFunc(text, func(m string) string {
			sub := versionExample.FindStringSubmatch(m)
			return sub[1] + cli.Version
		})
		for i, line := range strings.Split(text, "\n") {
			for _, m := range versionExample.FindAllStringSubmatch(line, -1) {
				seen++
				if m[2] != cli.Version && m[2] != versionPlaceholder {
					t.Errorf("%s:%d: an example writes version %s, this ah is %s (write %s or %q; run %s):\n\t%s",
						name, i+1, m[2], cli.Version, cli.Version, versionPlaceholder,
						"AH_UPDATE_GOLDEN=1 go test ./acceptance -run '^TestDocsExamplesUseCurrentVersion$'", line)
				}
			}
		}
		if acceptance.UpdateGolden() && fixed != text {
			if err := os.WriteFile(filepath.Join("..", name), []byte(fixed), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	if seen < 3 {
		t.Fatalf("found only %d version examples in the documentation; the scan is broken", seen)
	}
}

func TestVersionExample(t *testing.T) {
	for _, tt := range []struct{ line, want string }{
		{`tool_version = "0.1.0"             # required`, "0.1.0"},
		{`authored_with = "1.2.3"`, "1.2.3"},
		{`  "cli_version": "9.9.9",`, "9.9.9"},
		{`upgraded: tool_version 0.0.9 -> 0.12.0 in .espectacular/config.toml`, "0.12.0"},
		{`version = "0.7.0"                   # spk`, ""},
		{`"version": "2.1.0",`, ""},
	} {
		got := ""
		if m := versionExample.FindStringSubmatch(tt.line); m != nil {
			got = m[2]
		}
		if got != tt.want {
			t.Errorf("versionExample in %q = %q, want %q", tt.line, got, tt.want)
		}
	}
}

// markdownLink finds inline links and their targets: [text](target).
var markdownLink = regexp.MustCompile(`\]\(([^)\s]+)\)`)

// TestDocsLinksResolve fails when README.md or a docs/ page links to a
// repository file that does not exist, or to an anchor no heading of the
// target page makes: moving the reference into docs/ turned every
// same-page anchor into a link between pages.
func TestDocsLinksResolve(t *testing.T) {
	checked := 0
	for _, name := range docFiles(t) {
		for i, line := range strings.Split(readRepoFile(t, name), "\n") {
			for _, m := range markdownLink.FindAllStringSubmatch(line, -1) {
				target := m[1]
				if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
					continue
				}
				checked++
				path, anchor, _ := strings.Cut(target, "#")
				file := name
				if path != "" {
					file = filepath.ToSlash(filepath.Join(filepath.Dir(name), path))
				}
				info, err := os.Stat(filepath.Join("..", file))
				if err != nil {
					t.Errorf("%s:%d: link %s: %s does not exist", name, i+1, target, file)
					continue
				}
				if anchor == "" {
					continue
				}
				if info.IsDir() || !strings.HasSuffix(file, ".md") {
					t.Errorf("%s:%d: link %s: an anchor into %s, which is no Markdown page", name, i+1, target, file)
					continue
				}
				if !slices.Contains(anchors(readRepoFile(t, file)), anchor) {
					t.Errorf("%s:%d: link %s: %s has no heading making the anchor #%s (it has %v)",
						name, i+1, target, file, anchor, anchors(readRepoFile(t, file)))
				}
			}
		}
	}
	if checked < 20 {
		t.Fatalf("found only %d links in the documentation; the scan is broken", checked)
	}
}

// anchors returns the anchors GitHub makes for the headings of a page:
// lower case, punctuation but '-' and '_' dropped, spaces as '-', a
// repeated anchor suffixed -1, -2, ...
func anchors(text string) []string {
	var out []string
	count := map[string]int{}
	fence := ""
	for line := range strings.Lines(text) {
		line = strings.TrimRight(line, "\n")
		if m := regexp.MustCompile("^(```+|~~~+)").FindString(strings.TrimSpace(line)); m != "" {
			switch {
			case fence == "":
				fence = m
			case strings.HasPrefix(m, fence) && strings.TrimSpace(line) == m:
				fence = ""
			}
			continue
		}
		m := headingLine.FindStringSubmatch(line)
		if fence != "" || m == nil {
			continue
		}
		var b strings.Builder
		for _, r := range strings.ToLower(m[1]) {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r > 127:
				b.WriteRune(r)
			}
		}
		a := b.String()
		if n := count[a]; n > 0 {
			out = append(out, fmt.Sprintf("%s-%d", a, n))
		} else {
			out = append(out, a)
		}
		count[a]++
	}
	return out
}

func TestAnchors(t *testing.T) {
	got := anchors("# `ah check`\n## Change overlays (`--changes`)\n```\n# not a heading\n```\n## Evidence\n## Evidence\n")
	want := []string{"ah-check", "change-overlays---changes", "evidence", "evidence-1"}
	if !slices.Equal(got, want) {
		t.Errorf("anchors = %q, want %q", got, want)
	}
}

// TestDocsListEveryFindingKind fails when the findings table (heading
// "Findings") misses a finding kind ah reports, or gives it another
// category or suggested action than ah does: the table once lacked
// waived-scenario and recommendation.
func TestDocsListEveryFindingKind(t *testing.T) {
	file, rest := docHeading(t, "Findings")
	rows := map[string][]string{}
	for _, cells := range firstTable(rest) {
		if len(cells) == 4 {
			rows[cells[0]] = cells
		}
	}
	if len(rows) < 10 {
		t.Fatalf("%s: the table under Findings has only %d rows; the scan is broken", file, len(rows))
	}
	for _, k := range finding.Kinds() {
		info, _ := finding.Info(k)
		row, ok := rows[string(k)]
		if !ok {
			t.Errorf("%s: the findings table has no row for %s (%s, %s)", file, k, info.Category, info.Action)
			continue
		}
		if row[1] != string(info.Category) || row[3] != string(info.Action) {
			t.Errorf("%s: the findings table gives %s category %q and action %q; ah reports %q and %q",
				file, k, row[1], row[3], info.Category, info.Action)
		}
	}
}

// TestDocsNameEveryCapability fails when the dogfooding section misses a
// capability of ah's own corpus (it once named three of ten).
func TestDocsNameEveryCapability(t *testing.T) {
	file, rest := docHeading(t, "Dogfooding")
	section, _, _ := strings.Cut(rest, "\n#")
	entries, err := os.ReadDir(filepath.Join("..", "openspec", "specs"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() && !strings.Contains(section, "`"+e.Name()+"`") {
			t.Errorf("%s: the Dogfooding section does not name the capability `%s` of openspec/specs", file, e.Name())
		}
	}
}

// TestReadmeKeepsDevelopmentCommands fails when the front page loses the two
// commands developing ah needs: .ci/run and the Taskfile run them as "the
// README's test command", and a newcomer finds them there.
func TestReadmeKeepsDevelopmentCommands(t *testing.T) {
	readme := readRepoFile(t, "README.md")
	for _, cmd := range []string{"go run ./cmd/ah check --run-tests", "go test ./..."} {
		if !strings.Contains(readme, cmd) {
			t.Errorf("README.md does not show %q: CI and newcomers rely on it", cmd)
		}
	}
}

// TestDocsListEveryCheckFlag fails when a flag of `ah check --help` has no
// row in the documentation's flag table of ah check (the table holding the
// `--format NAME` row): --shard, --durations, --mutation and --pre-commit
// once had none.
func TestDocsListEveryCheckFlag(t *testing.T) {
	var file string
	var firstCells []string
	for _, name := range docFiles(t) {
		text := readRepoFile(t, name)
		if !strings.Contains(text, "\n| `--format NAME` |") {
			continue
		}
		file = name
		for line := range strings.Lines(text) {
			if strings.HasPrefix(line, "| `") {
				firstCells = append(firstCells, strings.Split(line, "|")[1])
			}
		}
	}
	if file == "" {
		t.Fatal("neither README.md nor a docs/ page has the flag table of ah check (a `--format NAME` row)")
	}
	documented := func(flag string) bool {
		for _, c := range firstCells {
			if regexp.MustCompile("`" + regexp.QuoteMeta(flag) + `\b`).MatchString(c) {
				return true
			}
		}
		return false
	}
	// A flag's own line is indented a little; a description's continuation
	// line ("git diff\n --name-only") much more.
	flagLine := regexp.MustCompile(`(?m)^ {2,8}(?:(-[A-Za-z]), )?(--[a-z][a-z0-9-]*)`)
	for _, m := range flagLine.FindAllStringSubmatch(help(t, "check"), -1) {
		short, long := m[1], m[2]
		if long == "--help" || long == "--version" || documented(long) || short != "" && documented(short) {
			continue
		}
		t.Errorf("%s: the flag table of ah check has no row for %s", file, long)
	}
}

// firstTable returns the cells of each row of the first Markdown table in
// rest (header and separator rows included), trimmed of spaces and
// backquotes.
func firstTable(rest string) [][]string {
	var rows [][]string
	for _, line := range strings.Split(rest, "\n") {
		if !strings.HasPrefix(line, "|") {
			if rows != nil {
				break
			}
			continue
		}
		var cells []string
		for _, c := range strings.Split(strings.Trim(line, "|"), "|") {
			cells = append(cells, strings.Trim(strings.TrimSpace(c), "`"))
		}
		rows = append(rows, cells)
	}
	return rows
}
