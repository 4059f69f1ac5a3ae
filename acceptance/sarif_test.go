package acceptance_test

import (
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"
)

// multitool is the official SARIF validator installed by `need sarif-multitool`
// (npm ci from the fixture's lockfile; the [installed:...] condition
// provisions it too, for scripts that validate only when it can be had).
var multitool = filepath.Join("testdata", "fixtures", "sarif-multitool", "node_modules",
	"@microsoft", "sarif-multitool-linux", "Sarif.Multitool")

// validationLog is the part of Sarif.Multitool's own SARIF log that tells
// whether each input is valid: its results (JSON schema errors are JSON1xxx,
// SARIF rule violations SARIF1xxx at level error), each naming its file,
// and whether it ran.
type validationLog struct {
	Runs []struct {
		Results []struct {
			RuleID string `json:"ruleId"`
			Level  string `json:"level"`
			// The tool gives rule message ids with arguments, rarely text.
			Message struct {
				Text      string   `json:"text"`
				ID        string   `json:"id"`
				Arguments []string `json:"arguments"`
			} `json:"message"`
			// The file the result is about, as a file: URI.
			Locations []struct {
				PhysicalLocation struct {
					ArtifactLocation struct {
						URI string `json:"uri"`
					} `json:"artifactLocation"`
				} `json:"physicalLocation"`
			} `json:"locations"`
		} `json:"results"`
		Invocations []struct {
			ExecutionSuccessful bool `json:"executionSuccessful"`
		} `json:"invocations"`
	} `json:"runs"`
}

// cmdSARIFValidate runs `Sarif.Multitool validate` once over every file
// it names and fails on any error it reports: sarif-validate FILE...
// [--invalid FILE...]. A file after --invalid must draw at least one
// error, so one run of the tool (a .NET start costs CPU seconds) also
// shows the validator is strict; each error counts against the file its
// location names. The tool exits 0 whatever it finds, so its log is read
// instead of its exit code. Warnings (best practices such as
// informationUri) are printed, not failed. Negated, every file is expected
// to draw errors between them.
func cmdSARIFValidate(ts *testscript.TestScript, neg bool, args []string) {
	valid, invalid := args, []string(nil)
	for i, a := range args {
		if a == "--invalid" {
			valid, invalid = args[:i], args[i+1:]
			break
		}
	}
	if len(args) == 0 || (neg && invalid != nil) || (invalid != nil && len(invalid) == 0) {
		ts.Fatalf("usage: sarif-validate FILE... [--invalid FILE...]")
	}
	bin, err := filepath.Abs(multitool)
	ts.Check(err)
	files := append(append([]string{}, valid...), invalid...)
	out := ts.MkAbs(filepath.Base(files[0]) + ".validation.sarif")
	_ = os.Remove(out) // the tool refuses to overwrite its log
	argv := []string{"validate"}
	for _, f := range files {
		argv = append(argv, ts.MkAbs(f))
	}
	cmd := exec.Command(bin, append(argv, "--output", out, "--quiet")...)
	cmd.Env = append(os.Environ(), "HOME="+ts.Getenv("WORK"), "DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1", "DOTNET_CLI_TELEMETRY_OPTOUT=1")
	b, err := cmd.CombinedOutput()
	if err != nil {
		ts.Fatalf("Sarif.Multitool validate failed: %v\n%s", err, b)
	}
	// Every file was read: the tool says how many it scanned.
	if want := fmt.Sprintf("Done. %d file", len(files)); !strings.Contains(string(b), want) {
		ts.Fatalf("Sarif.Multitool did not scan the %d files %s:\n%s", len(files), strings.Join(files, " "), b)
	}
	var log validationLog
	ts.Check(json.Unmarshal([]byte(ts.ReadFile(out)), &log))
	if len(log.Runs) != 1 || len(log.Runs[0].Invocations) != 1 || !log.Runs[0].Invocations[0].ExecutionSuccessful {
		ts.Fatalf("Sarif.Multitool did not validate %s: %s", strings.Join(files, " "), ts.ReadFile(out))
	}
	errs := map[string][]string{}
	for _, r := range log.Runs[0].Results {
		file := "?"
		if len(r.Locations) > 0 {
			file = r.Locations[0].PhysicalLocation.ArtifactLocation.URI
		}
		line := fmt.Sprintf("%s %s %s %s: %s%s", file, r.Level, r.RuleID, r.Message.ID, r.Message.Text, strings.Join(r.Message.Arguments, " | "))
		ts.Logf("%s", line)
		if r.Level == "error" {
			errs[file] = append(errs[file], line)
		}
	}
	if neg {
		if len(errs) == 0 {
			ts.Fatalf("%s unexpectedly passed SARIF validation", strings.Join(files, " "))
		}
		return
	}
	uri := func(f string) string { return (&url.URL{Scheme: "file", Path: ts.MkAbs(f)}).String() }
	var bad []string
	for _, f := range valid {
		bad = append(bad, errs[uri(f)]...)
		delete(errs, uri(f))
	}
	for _, f := range invalid {
		if len(errs[uri(f)]) == 0 {
			ts.Fatalf("%s unexpectedly passed SARIF validation", f)
		}
		delete(errs, uri(f))
	}
	for _, e := range errs {
		bad = append(bad, e...) // an error no file accounts for
	}
	if len(bad) > 0 {
		sort.Strings(bad)
		ts.Fatalf("not valid SARIF 2.1.0:\n  %s", strings.Join(bad, "\n  "))
	}
}
