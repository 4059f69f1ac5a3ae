// Package pytest parses pytest results for ah.
//
// The driver runs pytest in the project root (the configured command, else
// the first of `.venv/bin/python -m pytest`, `pytest` and `python3 -m pytest`
// whose `--version` succeeds) with the bundled plugin loaded: Prepare writes
// PluginSource to a scratch directory as PluginModule + ".py", puts that
// directory on PYTHONPATH, adds PluginArgs (`-p ah_pytest_report`) and
// NoCacheArgs right after the pytest word, and sets ReportEnv
// (AH_PYTEST_REPORT) to the path of a report file. The
// plugin, which needs only the standard library and works on pytest 7 and 8,
// writes one JSON object per line to that file: failed collections, test
// phases, and a final session summary. Parse reads the file's bytes and
// Classify names the kind of pytest error; neither starts a process.
package pytest

import _ "embed"

// PluginSource is the pytest plugin that writes ah's JSON-lines report.
//
//go:embed plugin/ah_pytest_report.py
var PluginSource []byte

// PluginModule is the module name of PluginSource, as loaded by `-p`.
const PluginModule = "ah_pytest_report"

// ReportEnv names the environment variable holding the report file path;
// without it the plugin writes nothing.
const ReportEnv = "AH_PYTEST_REPORT"

// PluginArgs returns the arguments added after `python3 -m pytest` to load
// the plugin (its directory must be on PYTHONPATH).
func PluginArgs() []string {
	return []string{"-p", PluginModule}
}
