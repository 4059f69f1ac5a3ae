package acceptance_test

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"
)

// multitool is the official SARIF validator installed by `need sarif-multitool`
// (npm ci from the fixture's lockfile; the [installed:...] condition
// provisions it too, for scripts that validate only when it can be had).
var multitool = filepath.Join("testdata", "fixtures", "sarif-multitool", "node_modules",
	"@microsoft", "sarif-multitool-linux", "Sarif.Multitool")

// validationLog is the part of Sarif.Multitool's own SARIF log that tells
// whether the input is valid: its results (JSON schema errors are JSON1xxx,
// SARIF rule violations SARIF1xxx at level error) and whether it ran.
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
		} `json:"results"`
		Invocations []struct {
			ExecutionSuccessful bool `json:"executionSuccessful"`
		} `json:"invocations"`
	} `json:"runs"`
}

// cmdSARIFValidate runs `Sarif.Multitool validate FILE` and fails on any
// error it reports: sarif-validate FILE. The tool exits 0 whatever it
// finds, so its log is read instead of its exit code. Warnings (best
// practices such as informationUri) are printed, not failed.
func cmdSARIFValidate(ts *testscript.TestScript, neg bool, args []string) {
	if len(args) != 1 {
		ts.Fatalf("usage: sarif-validate FILE")
	}
	bin, err := filepath.Abs(multitool)
	ts.Check(err)
	out := ts.MkAbs(filepath.Base(args[0]) + ".validation.sarif")
	_ = os.Remove(out) // the tool refuses to overwrite its log
	cmd := exec.Command(bin, "validate", ts.MkAbs(args[0]), "--output", out, "--quiet")
	cmd.Env = append(os.Environ(), "HOME="+ts.Getenv("WORK"), "DOTNET_SYSTEM_GLOBALIZATION_INVARIANT=1", "DOTNET_CLI_TELEMETRY_OPTOUT=1")
	if b, err := cmd.CombinedOutput(); err != nil {
		ts.Fatalf("Sarif.Multitool validate failed: %v\n%s", err, b)
	}
	var log validationLog
	ts.Check(json.Unmarshal([]byte(ts.ReadFile(out)), &log))
	if len(log.Runs) != 1 || len(log.Runs[0].Invocations) != 1 || !log.Runs[0].Invocations[0].ExecutionSuccessful {
		ts.Fatalf("Sarif.Multitool did not validate %s: %s", args[0], ts.ReadFile(out))
	}
	var errs []string
	for _, r := range log.Runs[0].Results {
		line := fmt.Sprintf("%s %s %s: %s%s", r.Level, r.RuleID, r.Message.ID, r.Message.Text, strings.Join(r.Message.Arguments, " | "))
		ts.Logf("%s", line)
		if r.Level == "error" {
			errs = append(errs, line)
		}
	}
	switch {
	case len(errs) > 0 && !neg:
		ts.Fatalf("%s is not valid SARIF 2.1.0:\n  %s", args[0], strings.Join(errs, "\n  "))
	case len(errs) == 0 && neg:
		ts.Fatalf("%s unexpectedly passed SARIF validation", args[0])
	}
}
