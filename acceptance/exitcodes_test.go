package acceptance_test

import (
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/espectacular/ah/cmd/ah/cli"
)

// TestExitCodesDocumented fails when the documentation's exit-code table
// (heading "Exit codes", in README.md or a docs/ page) and the
// `ah explain exit-codes` topic list different codes, or either misses a
// code of cli's exit table or a signal exit: the topic once listed only 0,
// 1 and 2, so a script reading it could not tell an interrupted run
// (issue 9).
func TestExitCodesDocumented(t *testing.T) {
	docs, rest := docHeading(t, "Exit codes")
	documented := codeColumn(t, docs, rest)
	topicFile := filepath.Join("core", "playbook", "topics", "exit-codes.md")
	_, rest, ok := strings.Cut(readRepoFile(t, topicFile), "\n## exit-codes")
	if !ok {
		t.Fatalf("%s has no \"## exit-codes\" heading", topicFile)
	}
	topic := codeColumn(t, topicFile, rest)
	if !slices.Equal(documented, topic) {
		t.Errorf("%s lists exit codes %q, `ah explain exit-codes` lists %q", docs, documented, topic)
	}
	for _, code := range []int{cli.ExitOK, cli.ExitFailed, cli.ExitCannotRun, cli.ExitInterrupted} {
		if !slices.Contains(topic, strconv.Itoa(code)) {
			t.Errorf("`ah explain exit-codes` does not list exit code %d", code)
		}
	}
	if !slices.Contains(topic, "128+n") {
		t.Errorf("`ah explain exit-codes` does not list 128+n, the exit of a run stopped by signal n")
	}
	for _, file := range []string{docs, filepath.Join("core", "playbook", "topics", "exit-codes.md")} {
		text := readRepoFile(t, file)
		for _, s := range []string{"129 SIGHUP", "131 SIGQUIT", "143 SIGTERM"} {
			if !strings.Contains(text, s) {
				t.Errorf("%s does not name %q", file, s)
			}
		}
	}
}

// codeColumn returns the first cells of the first table in rest, the text
// of the repository file name after its exit-code heading.
func codeColumn(t *testing.T, name, rest string) []string {
	t.Helper()
	var codes []string
	for _, cells := range firstTable(rest) {
		if cell := cells[0]; cell != "Code" && !strings.HasPrefix(cell, "---") {
			codes = append(codes, cell)
		}
	}
	if len(codes) == 0 {
		t.Fatalf("%s has no exit-code table after its exit-code heading", name)
	}
	return codes
}

func readRepoFile(t *testing.T, name string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}
