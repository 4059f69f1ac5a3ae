package cli

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"path/filepath"

	"github.com/espectacular/ah/cmd/ah/cli/output"
	"github.com/espectacular/ah/core/report"
)

// printReport prints rep in the chosen format to stdout or, with
// --output FILE, in that format to FILE (written atomically, so a CI step
// reading it never sees half a report) and as text to the terminal.
func printReport(ctx context.Context, g *Globals, d *Deps, file string, rep report.Report, o output.Options) error {
	if file == "" {
		p, err := output.New(g.format(), d.Streams.Out, o)
		if err != nil {
			return usageError("%v", err)
		}
		return p.Print(rep)
	}
	var buf bytes.Buffer
	p, err := output.New(g.format(), &buf, o)
	if err != nil {
		return usageError("%v", err)
	}
	if err := p.Print(rep); err != nil {
		return err
	}
	if err := writeUserFile(ctx, g, d, file, "--output", "the report", buf.Bytes()); err != nil {
		return err
	}
	text := o
	text.Getenv, text.AppendFile = nil, nil // the job summary is written once, by the file's printer
	return output.NewText(d.Streams.Out, text).Print(rep)
}

// writeUserFile writes data to file, a path the user named with flag,
// resolved against -C, under the writer policy (Deps.WriteOutput): a
// regular file atomically, so a CI step or a browser never sees half of
// it; a device, FIFO or descriptor in place, never replaced. A failure
// exits 3 naming the file, the flag and the fix; what says what was being
// written ("the report").
func writeUserFile(ctx context.Context, g *Globals, d *Deps, file, flag, what string, data []byte) error {
	path, err := outputPath(g, d, file)
	if err != nil {
		return err
	}
	write := d.WriteOutput
	if write == nil {
		write = func(ctx context.Context, path string, data []byte) error {
			return d.NewWriter(filepath.Dir(path)).WriteFile(ctx, filepath.Base(path), data, 0o644)
		}
	}
	if err := write(ctx, path, data); err != nil {
		return &RunError{Cause: err,
			Message: fmt.Sprintf("cannot write %s to %s (%s): %v; check that its directory exists and is writable", what, file, flag, innermost(err))}
	}
	return nil
}

// outputPath resolves --output against the directory ah runs in (-C).
func outputPath(g *Globals, d *Deps, file string) (string, error) {
	if filepath.IsAbs(file) {
		return file, nil
	}
	dir := g.Chdir
	if !filepath.IsAbs(dir) {
		wd, err := d.Getwd()
		if err != nil {
			return "", fmt.Errorf("get working directory: %w", err)
		}
		dir = filepath.Join(wd, dir)
	}
	return filepath.Join(dir, file), nil
}

// innermost is the root cause of err (like "no such file or directory"):
// the writer's wrapping speaks of a repository root, which --output is not.
func innermost(err error) error {
	for {
		next := errors.Unwrap(err)
		if next == nil {
			return err
		}
		err = next
	}
}
