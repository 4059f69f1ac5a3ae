package mcpserver

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/next"
	"github.com/espectacular/ah/schemas"
)

// CheckArgs are the arguments of ah_check and ah_next: the flags of ah
// check an agent needs.
type CheckArgs struct {
	Units    []string `json:"units,omitempty" jsonschema:"capabilities or <capability>/<scenario-id> scenarios to check; the rest count as skipped (default: all)"`
	Changes  []string `json:"changes,omitempty" jsonschema:"change proposal ids to overlay on the deployed specs, as openspec archive would apply them (ah check --changes); all checks every active change"`
	RunTests bool     `json:"run_tests,omitempty" jsonschema:"also run the tests of every contract without a structural finding (ah check --run-tests); not idempotent"`
	AllTests bool     `json:"all_tests,omitempty" jsonschema:"with run_tests: run every contract, whatever changed (--all-tests)"`
	Files    []string `json:"files,omitempty" jsonschema:"with run_tests: run the contracts these changed repository-relative files affect (--files)"`
	Base     string   `json:"base,omitempty" jsonschema:"with run_tests: run the contracts the files changed between this git ref and head affect (--base)"`
	Head     string   `json:"head,omitempty" jsonschema:"with base: the end of the range (default HEAD)"`
	Strict   bool     `json:"strict,omitempty" jsonschema:"treat warnings as failures (--strict)"`
	Cursor   string   `json:"cursor,omitempty" jsonschema:"the next_cursor of an earlier call: return the next page of that call's result (the check does not run again; the other arguments are ignored)"`
}

// argv is the ah check command line of a.
func (a CheckArgs) argv() []string {
	argv := []string{"check", "--json", "--quiet"}
	for _, c := range a.Changes {
		argv = append(argv, "--changes="+c)
	}
	if a.RunTests {
		argv = append(argv, "--run-tests")
	}
	if a.AllTests {
		argv = append(argv, "--all-tests")
	}
	if a.Files != nil && len(a.Files) == 0 {
		argv = append(argv, "--files=")
	}
	for _, f := range a.Files {
		argv = append(argv, "--files="+f)
	}
	if a.Base != "" {
		argv = append(argv, "--base="+a.Base)
	}
	if a.Head != "" {
		argv = append(argv, "--head="+a.Head)
	}
	if a.Strict {
		argv = append(argv, "--strict")
	}
	return append(append(argv, "--"), a.Units...)
}

// NextArgs are ah_next's: a check's, and how many steps to return.
type NextArgs struct {
	CheckArgs
	Limit int `json:"limit,omitempty" jsonschema:"at most this many steps (default 5; 0 or less: 5)"`
}

// NextOutput is ah_next's structured content.
type NextOutput struct {
	// OK is the check's ok: true when the gate passed.
	OK bool `json:"ok"`
	// Steps are the findings to act on, most urgent first.
	Steps []next.Step `json:"steps"`
	// Remaining counts the findings beyond limit.
	Remaining int `json:"remaining"`
	// Check is the argv of the ah check these steps came from.
	Check []string `json:"check"`
	// NextCursor, when Remaining > 0, continues with the next steps.
	NextCursor string `json:"next_cursor,omitempty"`
}

// ExplainArgs are ah_explain's.
type ExplainArgs struct {
	Topic string `json:"topic,omitempty" jsonschema:"a finding kind, suggested action, adapter or topic; empty lists every topic"`
}

// ReportArgs are ah_report's.
type ReportArgs struct {
	Changes  []string `json:"changes,omitempty" jsonschema:"change proposal ids to report on, with their staged contracts"`
	RunTests bool     `json:"run_tests,omitempty" jsonschema:"run the tests too: a scenario is covered only when they pass; not idempotent"`
	Cursor   string   `json:"cursor,omitempty" jsonschema:"the next_cursor of an earlier call: return the next page of that call's result (the report is not made again; the other arguments are ignored)"`
}

// VerifyArgs are ah_verify's.
type VerifyArgs struct {
	Snapshot string `json:"snapshot" jsonschema:"the evidence snapshot file (written by ah check --run-tests --evidence FILE), relative to the repository root"`
}

// DoctorArgs are ah_doctor's (none).
type DoctorArgs struct{}

// DoctorEnableArgs are ah_doctor_enable's.
type DoctorEnableArgs struct {
	Capability string `json:"capability" jsonschema:"the capability to enable: cargo, go, pytest, vitest (test adapters) or mutation, property, snapshot (quality checks), as the apply_command ah doctor --enable CAPABILITY names it"`
	DryRun     bool   `json:"dry_run,omitempty" jsonschema:"write nothing: return the exact config file it would write"`
}

// ContractNewArgs are ah_contract_new's.
type ContractNewArgs struct {
	Capability  string   `json:"capability,omitempty" jsonschema:"the capability (spec directory) of the scenarios"`
	ScenarioIDs []string `json:"scenario_ids,omitempty" jsonschema:"the scenario ids (contract file names) to stub"`
	AllMissing  bool     `json:"all_missing,omitempty" jsonschema:"stub every deployed scenario without a contract (of capability only, when given)"`
	Change      string   `json:"change,omitempty" jsonschema:"stage the stubs in this change for the scenarios it adds or rewrites"`
	DryRun      bool     `json:"dry_run,omitempty" jsonschema:"write nothing: return the exact files and bytes it would write"`
}

// ContractMoveArgs are ah_contract_move's.
type ContractMoveArgs struct {
	Capability string `json:"capability" jsonschema:"the capability (spec directory) of the renamed scenario"`
	From       string `json:"from" jsonschema:"the scenario id the contract was written for (the finding's rename.from)"`
	To         string `json:"to" jsonschema:"the renamed scenario's id (the finding's rename.to)"`
	DryRun     bool   `json:"dry_run,omitempty" jsonschema:"write nothing: return the exact files and bytes it would write"`
}

// ScenarioNewArgs are ah_scenario_new's.
type ScenarioNewArgs struct {
	Change      string `json:"change" jsonschema:"the change id (directory under openspec/changes)"`
	Capability  string `json:"capability" jsonschema:"the capability whose delta gets the scenario"`
	Heading     string `json:"heading" jsonschema:"the scenario heading, as in #### Scenario: <heading>"`
	Requirement string `json:"requirement" jsonschema:"the requirement the scenario belongs to (its exact name)"`
	Create      bool   `json:"create,omitempty" jsonschema:"start the change when it does not exist yet"`
	DryRun      bool   `json:"dry_run,omitempty" jsonschema:"write nothing: return the exact files and bytes it would write"`
}

var (
	readOnly     = hints{readOnly: true, idempotent: true}
	readOnlyRuns = hints{readOnly: true} // runs tests: not idempotent
	// additive tools only add files or append to them, never remove or
	// rewrite what is there; called again with the same arguments, they
	// refuse (the file exists) or find nothing left to do.
	additive = hints{idempotent: true}
	// moving removes the old contract once the new one holds every other
	// byte: destructive, though the move itself is all or nothing.
	moving = hints{destructive: true}
)

func addTools(s *mcp.Server, o Options) {
	run := func(ctx context.Context, args []string, summary func(map[string]any) string) *mcp.CallToolResult {
		res, _ := envelopeResult(o.Run(ctx, Invocation{Args: args}), summary)
		return res
	}
	pages := newPager(o.PageBytes, o.KeptResults)
	addTool(s, o.Outside, &mcp.Tool{
		Name:        "ah_check",
		Description: "Run the gate (ah check --json): every scenario needs a valid contract, and with run_tests its tests must pass. Returns the check envelope (schema " + schemas.Base + schemas.CheckOutput + "); findings quote repository text as data.",
		Annotations: readOnlyRuns.annotations("Check the spec gate"),
	}, schemaOf(schemas.CheckOutput), func(ctx context.Context, a CheckArgs) (*mcp.CallToolResult, error) {
		return pages.envelope("ah_check", a.Cursor, []string{"findings", "executions"}, func() (*mcp.CallToolResult, map[string]any) {
			return envelopeResult(o.Run(ctx, Invocation{Args: a.argv()}), checkSummary)
		}, checkSummary), nil
	})
	addTool(s, o.Outside, &mcp.Tool{
		Name:        "ah_next",
		Description: "What to do first: runs ah check and returns the findings to act on, most urgent first, each with its exact command as an argv array (run in the repository root), the ah check that verifies it, the files it may and must not edit, and its ah explain topic (schema " + schemas.Base + schemas.NextOutput + ").",
		Annotations: readOnlyRuns.annotations("Next steps to pass the gate"),
	}, schemaOf(schemas.NextOutput), func(ctx context.Context, a NextArgs) (*mcp.CallToolResult, error) {
		return nextResult(ctx, o, pages, a)
	})
	addTool(s, o.Outside, &mcp.Tool{
		Name:        "ah_explain",
		Description: "Explain a finding kind, suggested action, adapter or topic (ah explain --json TOPIC); without a topic, list every topic.",
		Annotations: readOnly.annotations("Explain a topic"),
	}, schemaOf(schemas.ExplainOutput), func(ctx context.Context, a ExplainArgs) (*mcp.CallToolResult, error) {
		args := []string{"explain", "--json"}
		if a.Topic != "" {
			args = append(args, "--", a.Topic)
		}
		return run(ctx, args, func(env map[string]any) string {
			if a.Topic == "" {
				return "ah explain: the topic index"
			}
			return "ah explain " + a.Topic
		}), nil
	})
	addTool(s, o.Outside, &mcp.Tool{
		Name:        "ah_report",
		Description: "The conformance coverage matrix and every scenario's state (ah report --json): proven, failing, no_tests, missing, waived, out_of_scope or not_run.",
		Annotations: readOnlyRuns.annotations("Coverage report"),
	}, schemaOf(schemas.ReportOutput), func(ctx context.Context, a ReportArgs) (*mcp.CallToolResult, error) {
		args := []string{"report", "--json"}
		for _, c := range a.Changes {
			args = append(args, "--changes="+c)
		}
		if a.RunTests {
			args = append(args, "--run-tests")
		}
		return pages.envelope("ah_report", a.Cursor, []string{"scenarios"}, func() (*mcp.CallToolResult, map[string]any) {
			return envelopeResult(o.Run(ctx, Invocation{Args: args}), reportSummary)
		}, reportSummary), nil
	})
	addTool(s, o.Outside, &mcp.Tool{
		Name:        "ah_verify",
		Description: "Check, without running a test, that an evidence snapshot still proves the current tree (ah verify --json SNAPSHOT): each contract in scope is fresh (the snapshot judged it and no change since can affect it) or stale, naming the changed file; ok only when every one is fresh and passed. A refused snapshot (malformed, edited, another config, a tree git does not know) is an error. Schema " + schemas.Base + schemas.VerifyOutput + ".",
		Annotations: readOnly.annotations("Verify an evidence snapshot"),
	}, schemaOf(schemas.VerifyOutput), func(ctx context.Context, a VerifyArgs) (*mcp.CallToolResult, error) {
		return run(ctx, []string{"verify", "--json", "--", a.Snapshot}, func(env map[string]any) string {
			d := dataOf(env)
			return fmt.Sprintf("ah verify: %v fresh, %v stale", d["fresh"], d["stale"])
		}), nil
	})
	addTool(s, o.Outside, &mcp.Tool{
		Name:        "ah_doctor",
		Description: "Diagnose the configuration and the test-framework adapter detection (ah doctor --json).",
		Annotations: readOnly.annotations("Diagnose the setup"),
	}, schemaOf(schemas.DoctorOutput), func(ctx context.Context, _ DoctorArgs) (*mcp.CallToolResult, error) {
		return run(ctx, []string{"doctor", "--json"}, func(env map[string]any) string { return "ah doctor: " + okWord(env) }), nil
	})
	addTool(s, o.Outside, &mcp.Tool{
		Name:        "ah_doctor_enable",
		Description: "Enable a test adapter or quality check (ah doctor --enable CAPABILITY --json): append its block to .espectacular/config.toml, keeping every other byte; nothing to do when it is enabled already. This is the tool of a finding's apply_command `ah doctor --enable CAPABILITY`. With dry_run, write nothing and return the exact file.",
		Annotations: additive.annotations("Enable an adapter or quality check"),
	}, schemaOf(schemas.DoctorOutput), func(ctx context.Context, a DoctorEnableArgs) (*mcp.CallToolResult, error) {
		r := o.Run(ctx, Invocation{Args: []string{"doctor", "--json", "--enable=" + a.Capability}, DryRun: a.DryRun})
		res, env := envelopeResult(r, func(env map[string]any) string {
			e, _ := dataOf(env)["enable"].(map[string]any)
			msg, _ := e["message"].(string)
			if a.DryRun {
				msg = "dry run, nothing written: " + msg
			}
			return strings.TrimSpace("ah doctor --enable " + a.Capability + ": " + msg)
		})
		return withFiles(res, env, r, a.DryRun), nil
	})
	addTool(s, o.Outside, &mcp.Tool{
		Name:        "ah_contract_new",
		Description: "Write stub contracts for scenarios that have none (ah contract new --json), all or none; with dry_run, write nothing and return the exact files and bytes. A stub still needs a test bound to it.",
		Annotations: additive.annotations("Write stub contracts"),
	}, schemaOf(schemas.LifecycleOutput), func(ctx context.Context, a ContractNewArgs) (*mcp.CallToolResult, error) {
		args := []string{"contract", "new", "--json"}
		if a.AllMissing {
			args = append(args, "--all-missing")
		}
		if a.Change != "" {
			args = append(args, "--change="+a.Change)
		}
		args = append(args, "--")
		if a.Capability != "" {
			args = append(args, a.Capability)
		}
		return lifecycleResult(o.Run(ctx, Invocation{Args: append(args, a.ScenarioIDs...), DryRun: a.DryRun}), "ah contract new", a.DryRun), nil
	})
	addTool(s, o.Outside, &mcp.Tool{
		Name:        "ah_contract_move",
		Description: "Move the contract of a renamed scenario to its new id (ah contract move --json): the id line rewritten, every other byte kept, the old file removed, all or nothing; with dry_run, write nothing and return the exact files and bytes. Use it for a finding carrying rename.",
		Annotations: moving.annotations("Move a renamed scenario's contract"),
	}, schemaOf(schemas.LifecycleOutput), func(ctx context.Context, a ContractMoveArgs) (*mcp.CallToolResult, error) {
		args := []string{"contract", "move", "--json", "--", a.Capability, a.From, a.To}
		return lifecycleResult(o.Run(ctx, Invocation{Args: args, DryRun: a.DryRun}), "ah contract move", a.DryRun), nil
	})
	addTool(s, o.Outside, &mcp.Tool{
		Name:        "ah_scenario_new",
		Description: "Add a scenario to a change's spec delta and stage its stub contract (ah scenario new --json), both or neither; with dry_run, write nothing and return the exact files and bytes.",
		Annotations: additive.annotations("Add a scenario to a change"),
	}, schemaOf(schemas.LifecycleOutput), func(ctx context.Context, a ScenarioNewArgs) (*mcp.CallToolResult, error) {
		args := []string{"scenario", "new", "--json", "--requirement=" + a.Requirement}
		if a.Create {
			args = append(args, "--create")
		}
		args = append(args, "--", a.Change, a.Capability, a.Heading)
		return lifecycleResult(o.Run(ctx, Invocation{Args: args, DryRun: a.DryRun}), "ah scenario new", a.DryRun), nil
	})
}

// checkSummary is one line on a check envelope.
func checkSummary(env map[string]any) string {
	sum, _ := dataOf(env)["summary"].(map[string]any)
	return fmt.Sprintf("ah check: %s: %v scenarios, %v structural and %v execution findings, %v warnings, %v passing test bindings",
		okWord(env), sum["scenarios"], sum["structural"], sum["execution"], sum["warnings"], sum["passed"])
}

// reportSummary is one line on a report envelope.
func reportSummary(env map[string]any) string {
	sum, _ := dataOf(env)["summary"].(map[string]any)
	var parts []string
	for _, k := range []string{"covered", "failing", "no_tests", "missing", "not_run", "waived", "out_of_scope"} {
		parts = append(parts, fmt.Sprintf("%v %s", sum[k], k))
	}
	return fmt.Sprintf("ah report: %v scenarios: %s", sum["scenarios"], strings.Join(parts, ", "))
}

// lifecycleResult is the result of a mutating command: its envelope, and
// on a dry run one embedded resource per file it would write, with the
// exact bytes.
func lifecycleResult(r Result, cmd string, dryRun bool) *mcp.CallToolResult {
	res, env := envelopeResult(r, func(env map[string]any) string {
		verb := "wrote"
		if dryRun {
			verb = "dry run, nothing written; would write"
		}
		w, _ := dataOf(env)["written"].([]any)
		return fmt.Sprintf("%s: %s %d file(s)", cmd, verb, len(w))
	})
	return withFiles(res, env, r, dryRun)
}

// withFiles is res with, on a dry run, one embedded resource per file the
// command would write, with the exact bytes.
func withFiles(res *mcp.CallToolResult, env map[string]any, r Result, dryRun bool) *mcp.CallToolResult {
	if env == nil || res.IsError || !dryRun {
		return res
	}
	for _, f := range r.Files {
		meta := mcp.Meta{"dry_run": true}
		if f.Removed {
			meta["removed"] = true
		}
		res.Content = append(res.Content, &mcp.EmbeddedResource{Resource: &mcp.ResourceContents{
			URI: "file:" + f.Path, MIMEType: mimeOf(f.Path), Text: f.Content, Meta: meta,
		}})
	}
	return res
}

func mimeOf(path string) string {
	switch {
	case strings.HasSuffix(path, ".toml"):
		return "application/toml"
	case strings.HasSuffix(path, ".md"):
		return "text/markdown"
	}
	return "text/plain"
}

// nextResult plans the steps of a check, or with a cursor pages through
// an earlier plan.
func nextResult(ctx context.Context, o Options, pages *pager, a NextArgs) (*mcp.CallToolResult, error) {
	limit := a.Limit
	if limit < 1 {
		limit = 5
	}
	if a.Cursor != "" {
		n, k, off, err := pages.lookup("ah_next", a.Cursor)
		if err != nil {
			return toolError(err.Error()), nil
		}
		if a.Limit < 1 {
			limit = k.limit
		}
		return pages.nextPage(n, k, off, limit, nextText(k)), nil
	}
	res, env := envelopeResult(o.Run(ctx, Invocation{Args: a.argv()}), checkSummary)
	if env == nil || res.IsError {
		return res, nil
	}
	var data struct {
		Findings []finding.Finding `json:"findings"`
	}
	raw, _ := json.Marshal(env["data"])
	if err := json.Unmarshal(raw, &data); err != nil {
		return toolError(fmt.Sprintf("ah: read the check's findings: %v", err)), nil
	}
	ok, _ := env["ok"].(bool)
	k := &kept{tool: "ah_next", env: env, limit: limit, out: &NextOutput{OK: ok, Check: userArgv(a.argv())}}
	k.out.Steps, _ = next.Steps(data.Findings, a.RunTests, 0)
	for i := range k.out.Steps {
		st := &k.out.Steps[i]
		st.Tool, st.VerifyTool = toolFor(st.Command), toolFor(st.Verify)
	}
	return pages.nextPage(0, k, 0, limit, nextText(k)), nil
}

// nextText is ah_next's summary of a plan.
func nextText(k *kept) string {
	if k.out.OK && len(k.out.Steps) == 0 {
		return "ah check passed: nothing to do"
	}
	return fmt.Sprintf("%s; %d step(s) to take", checkSummary(k.env), len(k.out.Steps))
}

// userArgv is argv as a person would type it: without the flags the
// server adds for itself (--json, --quiet) and a final "--".
func userArgv(argv []string) []string {
	out := []string{"ah"}
	for _, a := range argv {
		if a != "--json" && a != "--quiet" {
			out = append(out, a)
		}
	}
	if out[len(out)-1] == "--" {
		out = out[:len(out)-1]
	}
	return out
}
