package output

import (
	"fmt"
	"io"
	"strings"

	"github.com/espectacular/ah/core/doctor"
)

// DoctorText prints the checks, the adapters per test type, the
// recommendations and a verdict line; values from outside ah (file names,
// probe output) are escaped as in the check report (escape.go).
func DoctorText(w io.Writer, r doctor.Diagnosis, color bool) error {
	paint := func(c, s string) string {
		if !color {
			return s
		}
		return c + s + reset
	}
	var b strings.Builder
	b.WriteString("checks:\n")
	for _, c := range r.Checks {
		status := fmt.Sprintf("%-4s", c.Status)
		switch c.Status {
		case doctor.Fail:
			status = paint(red, status)
		case doctor.Warn:
			status = paint(yellow, status)
		default:
			status = paint(green, status)
		}
		fmt.Fprintf(&b, "  %s  %-18s %s\n", status, Escape(c.Name), Escape(c.Message))
	}
	if len(r.TestTypes) > 0 {
		b.WriteString("declared test types:\n")
	}
	for _, t := range r.TestTypes {
		name := "tests." + Escape(t.TestType)
		if t.Runner != "" {
			name += " (runner " + Escape(t.Runner) + ")"
		}
		reason, command, adapter := Escape(t.Reason), Escape(t.Command), Escape(t.Adapter)
		switch {
		case t.Runs == doctor.RunsNone:
			fmt.Fprintf(&b, "  %s -> %s: %s\n", name, paint(red, "no runner"), reason)
		case t.Adapter != "":
			fmt.Fprintf(&b, "  %s -> %s adapter: %s (%s)\n", name, adapter, command, reason)
		case t.Command != "":
			fmt.Fprintf(&b, "  %s -> %s: %s (%s)\n", name, t.Runs, command, reason)
		default:
			fmt.Fprintf(&b, "  %s -> %s: %s\n", name, t.Runs, reason)
		}
	}
	b.WriteString("adapters:\n")
	if len(r.Adapters) == 0 {
		b.WriteString("  none configured or detected\n")
	}
	for _, a := range r.Adapters {
		version := ""
		if a.Version != "" {
			version = " " + Escape(a.Version)
		}
		fmt.Fprintf(&b, "  tests.%s -> %s%s (%s): %s\n", Escape(a.TestType), Escape(a.Adapter), version, Escape(a.DetectionSource), Escape(a.Command))
	}
	if len(r.Installed) > 0 {
		b.WriteString("installed here, not used by this project:\n")
	}
	for _, i := range r.Installed {
		version := ""
		if i.Version != "" {
			version = " " + Escape(i.Version)
		}
		fmt.Fprintf(&b, "  %s%s: %s\n", Escape(i.Adapter), version, Escape(i.Command))
	}
	if len(r.Findings) > 0 {
		b.WriteString("recommendations:\n")
	}
	for _, f := range r.Findings {
		apply := ""
		if f.ApplyCommand != nil {
			apply = Escape(*f.ApplyCommand)
		}
		fmt.Fprintf(&b, "  %s\n    $ %s\n", capMessage(f.Message), apply)
	}
	s := r.Summary
	verdict := paint(green, "healthy")
	if !r.Healthy() {
		verdict = paint(red, "UNHEALTHY")
	}
	fmt.Fprintf(&b, "ah doctor: %s: %d passed, %d warnings, %d failed\n", verdict, s.Pass, s.Warn, s.Fail)
	_, err := io.WriteString(w, b.String())
	return err
}

// EnableText reports what `ah doctor --enable` did.
func EnableText(w io.Writer, e doctor.Edit) error {
	var b strings.Builder
	b.WriteString(Escape(e.Message) + "\n")
	if e.Changed {
		b.WriteString("\n")
		for _, l := range strings.SplitAfter(strings.TrimRight(e.Added, "\n"), "\n") {
			b.WriteString("  " + Escape(strings.TrimRight(l, "\n")) + "\n")
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
