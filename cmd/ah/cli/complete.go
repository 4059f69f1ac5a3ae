package cli

import (
	"fmt"
	"github.com/espectacular/ah/cmd/ah/cli/mcpserver"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/alecthomas/kong"
	"github.com/posener/complete"
	"github.com/willabides/kongplete"

	"github.com/espectacular/ah/cmd/ah/cli/output"
	"github.com/espectacular/ah/core/playbook"
)

// completionLine is the command line a shell asks ah to complete, set by
// the scripts of `ah completions` (kongplete's protocol); COMP_POINT, when
// set, is the cursor's offset in it.
const (
	completionLine  = "COMP_LINE"
	completionPoint = "COMP_POINT"
)

// completionRequest returns the line to complete, cut at the cursor, when
// the shell asked for completions. The environment is read through Deps,
// so tests and programs embedding ah decide what it holds.
func completionRequest(d *Deps) (string, bool) {
	if d.Getenv == nil {
		return "", false
	}
	line := d.Getenv(completionLine)
	if line == "" {
		return "", false
	}
	if p, err := strconv.Atoi(d.Getenv(completionPoint)); err == nil && p >= 0 && p < len(line) {
		line = line[:p]
	}
	return line, true
}

// completeLine prints the candidates for the last word of line, one per
// line, sorted. kongplete turns the grammar into the completion model
// (commands, flags, enums, and the predictors named by `predictor` tags);
// ah reads the line and writes the answer itself because kongplete's
// own runner reads os.Getenv and handles install flags ah does not have.
// A shell shows nothing for an error, so none is ever fatal: the worst
// case is no candidates.
func completeLine(parser *kong.Kong, line string, d *Deps) int {
	a := argsOf(line)
	// -C may come before the command, whose predictors only see the words
	// after it.
	chdir := chdirOf(a.Completed)
	model, err := kongplete.Command(parser, kongplete.WithPredictors(map[string]complete.Predictor{
		"format":     complete.PredictSet(output.Formats()...),
		"topic":      complete.PredictFunc(func(complete.Args) []string { return topics() }),
		"unit":       complete.PredictFunc(func(complete.Args) []string { return units(a.Last, chdir, d) }),
		"capability": complete.PredictFunc(func(complete.Args) []string { return capabilities(chdir, d) }),
		"change":     complete.PredictFunc(func(complete.Args) []string { return changes(chdir, d) }),
		"mcp_client": complete.PredictSet(mcpserver.Clients()...),
	}))
	if err != nil {
		// A predictor tag without a predictor: a bug in ah, caught by the tests.
		fmt.Fprintf(d.Streams.Err, "ah: internal error: completions: %v\n", err)
		return ExitCannotRun
	}
	var out []string
	for _, c := range model.Predict(a) {
		if strings.HasPrefix(c, a.Last) {
			out = append(out, c)
		}
	}
	slices.Sort(out)
	for _, c := range slices.Compact(out) {
		fmt.Fprintln(d.Streams.Out, c)
	}
	return ExitOK
}

// argsOf splits a command line the way posener/complete does (its own
// splitter is unexported): words after the program name, an empty last
// word when the line ends in a space, and "--flag=val" as two words so
// the value completes.
func argsOf(line string) complete.Args {
	words := strings.Fields(line)
	if line != "" && unicode.IsSpace(rune(line[len(line)-1])) {
		words = append(words, "")
	}
	if n := len(words); n > 0 {
		words = append(words[:n-1], strings.Split(words[n-1], "=")...)
	}
	var a complete.Args
	if len(words) > 0 {
		a.All = words[1:]
		a.Completed = a.All[:len(a.All)-1]
		a.Last = a.All[len(a.All)-1]
	}
	if n := len(a.Completed); n > 0 {
		a.LastCompleted = a.Completed[n-1]
	}
	return a
}

// topics are the `ah explain` topics.
func topics() []string {
	var out []string
	for _, t := range playbook.All() {
		out = append(out, t.Slug)
	}
	return out
}
