package spkcli

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/espectacular/ah/ports"
)

// DefaultCommand is the spk program when [spk] command is not set.
var DefaultCommand = []string{"spk"}

// timeout bounds one spk run: it reads one file.
const timeout = 60 * time.Second

// CLI is ports.Spk over a child process.
type CLI struct {
	proc ports.Process
	argv []string
	dir  string
}

var _ ports.Spk = (*CLI)(nil)

// New runs the program argv (an argv prefix such as ["spk"] or
// ["cargo", "run", "-q", "--"]) through proc, in dir (the repository root).
func New(proc ports.Process, argv []string, dir string) *CLI {
	if proc == nil {
		panic("spkcli: nil process")
	}
	if len(argv) == 0 {
		argv = DefaultCommand
	}
	return &CLI{proc: proc, argv: argv, dir: dir}
}

// run runs spk with args and returns its result; a start failure is
// ErrSpkUnavailable with the install hint.
func (c *CLI) run(ctx context.Context, args ...string) (ports.Result, error) {
	argv := append(append([]string{}, c.argv...), args...)
	res, err := c.proc.Run(ctx, ports.Command{Argv: argv, Dir: c.dir, Timeout: timeout, TailBytes: 4 << 20})
	if err != nil {
		if ctx.Err() != nil {
			return res, ctx.Err()
		}
		return res, fmt.Errorf("%w: %s could not be started: %v", ports.ErrSpkUnavailable, strings.Join(c.argv, " "), err)
	}
	if res.Canceled {
		return res, ctx.Err()
	}
	if res.TimedOut {
		return res, fmt.Errorf("timed out after %s", timeout)
	}
	return res, nil
}

// Version reads data.version of spk --version --json.
func (c *CLI) Version(ctx context.Context) (string, error) {
	res, err := c.run(ctx, "--version", "--json")
	if err != nil {
		return "", wrap("--version", "", err)
	}
	var data struct {
		Version string `json:"version"`
	}
	env, err := decode(res.Stdout, &data)
	if err != nil || res.ExitCode != 0 || data.Version == "" {
		return "", &ports.SpkError{Verb: "--version", Message: failure(res, env, err)}
	}
	return data.Version, nil
}

// Lint runs spk lint on one file. Clean means exit 0 and no issues: the
// envelope's ok changed meaning between spk versions, so it is not read.
func (c *CLI) Lint(ctx context.Context, path string) (ports.SpkLint, error) {
	res, err := c.run(ctx, "lint", path, "--json")
	if err != nil {
		return ports.SpkLint{}, wrap("lint", path, err)
	}
	var data struct {
		Issues []struct {
			RuleID  string `json:"rule_id"`
			File    string `json:"file"`
			Message string `json:"message"`
		} `json:"issues"`
	}
	env, err := decode(res.Stdout, &data)
	if err != nil {
		return ports.SpkLint{}, &ports.SpkError{Verb: "lint", Path: path, Message: failure(res, env, err)}
	}
	var out ports.SpkLint
	for _, i := range data.Issues {
		out.Issues = append(out.Issues, ports.SpkIssue{RuleID: i.RuleID, File: i.File, Message: i.Message})
	}
	if res.ExitCode != 0 && len(out.Issues) == 0 {
		// Exit 1 without issues: a file that did not parse; 2: nothing linted.
		return ports.SpkLint{}, &ports.SpkError{Verb: "lint", Path: path, Message: failure(res, env, nil)}
	}
	out.Clean = res.ExitCode == 0 && len(out.Issues) == 0
	return out, nil
}

// Parse runs spk parse on one file; data null is an empty spec.
func (c *CLI) Parse(ctx context.Context, path string) (ports.SpkSpec, error) {
	res, err := c.run(ctx, "parse", path, "--json")
	if err != nil {
		return ports.SpkSpec{}, wrap("parse", path, err)
	}
	var data parsed
	env, err := decode(res.Stdout, &data)
	if err != nil || res.ExitCode != 0 {
		return ports.SpkSpec{}, &ports.SpkError{Verb: "parse", Path: path, Message: failure(res, env, err)}
	}
	return data.spec(), nil
}

// wrap keeps ErrSpkUnavailable and cancellation matchable and turns every
// other run error into an SpkError.
func wrap(verb, path string, err error) error {
	if errors.Is(err, ports.ErrSpkUnavailable) || errors.Is(err, context.Canceled) || errors.Is(err, context.DeadlineExceeded) {
		return err
	}
	return &ports.SpkError{Verb: verb, Path: path, Message: err.Error()}
}
