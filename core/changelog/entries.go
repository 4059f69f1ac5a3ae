package changelog

// Current is the version of this ah: the release after the predecessor's
// last (0.11.0). cmd/ah/cli.Version defaults to it.
const Current = "0.12.0"

// entries is the changelog, oldest release first. The predecessor's
// releases list only what an upgrading user meets (see the Rust ah's
// version timeline); 0.12.0 is this implementation.
var entries = []Entry{
	{"0.1.0", Archetype, "NR", "Non-Regression archetype: existing guarantees stay true while nearby changes land (ah type nr)"},
	{"0.8.0", ConfigKey, "falsifiability_class", "contracts may declare falsifiability_class = \"safety\" or \"liveness\""},
	{"0.8.0", Finding, "invalid-falsifiability-class", "a falsifiability_class other than safety or liveness blocks the contract"},
	{"0.8.0", Finding, "missing-liveness-timeout", "a liveness contract whose tests set no timeout_seconds (warning)"},
	{"0.9.0", ConfigKey, "derived_from", "property-derived contracts record the property they were derived from"},
	{"0.10.0", Default, "test selection", "ah check --run-tests runs only the contracts the changed files affect (the worktree diff, --files or --base REF); --all-tests runs every one, and ah check CAP/ID names units"},
	{"0.11.0", Default, "batching", "ah check --run-tests runs more than 8 bindings of one go, pytest or vitest group as one invocation (--no-batch turns it off), an identical invocation once, and tests in parallel with --jobs"},
	{"0.12.0", Command, "ah init", "writes the config, a stub contract per scenario and the pre-commit hook"},
	{"0.12.0", Command, "ah contract new", "writes stub contracts; a no-toml finding names it as a step (its message, the text fix: line), never as an apply_command"},
	{"0.12.0", Command, "ah report", "the conformance coverage matrix, also as markdown and HTML"},
	{"0.12.0", Command, "ah upgrade", "reports what changed since the configured tool_version and updates it"},
	{"0.12.0", Finding, "missing-adapter", "a test type for which no framework is configured or detected"},
	{"0.12.0", Finding, "missing-tool", "a binding that could not run because a tool it needs is not installed here (a program, pytest for its interpreter, the project's own vitest or vitest through npx, gremlins for --mutation), named once with how to install it"},
	{"0.12.0", Finding, "unknown-archetype", "an archetype outside PF, SA, BP, CE, NR (warning)"},
	{"0.12.0", Finding, "malformed-scenario-heading", "a line that looks meant as a scenario heading but is not one (warning)"},
	{"0.12.0", Finding, "no-scenarios", "a specs directory without any scenario (warning)"},
	{"0.12.0", Finding, "empty-scenario-id", "a scenario title without a letter or digit"},
	{"0.12.0", Finding, "unreadable-path", "a spec or contract that ah refuses to read (a link leaving the repository, over the size limit)"},
	{"0.12.0", Finding, "unclosed-block", "a code fence or HTML comment that never closes and hides scenarios (warning)"},
	{"0.12.0", ConfigKey, "[execution] jobs", "how many tests run at once (default: the processor count, up to 4)"},
	{"0.12.0", ConfigKey, "[execution] default_timeout_seconds", "the per-test timeout when a contract sets none (default 60)"},
	{"0.12.0", ConfigKey, "[execution] wrapper", "an argv prefix for every test command (a sandbox)"},
	{"0.12.0", ConfigKey, "[limits] spec_mib", "the largest spec.md ah reads"},
	{"0.12.0", Default, "exit code 2", "ah exits 2 (not 1) when it cannot run: bad flags, an invalid config, an unknown change id"},
	{"0.12.0", Default, "spec_path", "finding paths are repository-relative, not absolute"},
	{"0.12.0", Default, `archetype = ""`, "a contract with an empty archetype (the stub the predecessor's ah scenario new wrote) reads as unassigned with an unknown-archetype warning, not as malformed; ah upgrade lists each one to fill"},
}
