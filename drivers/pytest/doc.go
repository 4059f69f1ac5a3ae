// Package pytest parses pytest results for ah.
//
// The driver runs pytest in the project root (the configured command, else
// the first of `.venv/bin/python -m pytest`, `pytest` and `python3 -m pytest`
// whose `--version` succeeds) with the bundled plugin loaded: Prepare writes
// PluginSource to a scratch directory as PluginModule + ".py" next to a
// fresh random key (KeyFile), puts that directory on PYTHONPATH and adds
// PluginArgs (`-p ah_pytest_report`) and NoCacheArgs right after the pytest
// word. The plugin, which needs only the standard library and works on
// pytest 7 and 8, reads and deletes the key when pytest imports it, keeps
// the stdout pipe for itself (pytest's own output goes to stderr) and
// streams one keyed JSON object per line into it: failed collections, the
// node ids collected, test phases, each test's end, and a final session
// summary. Stream reads the pipe as it is written and reports lines
// without the key, records after the session and a session that never
// ended as anomalies (issue 23); with Watch it also announces each node-id
// scope whose collected tests are all done, for progress (issue 37); Parse reads the
// records and Classify names the kind of pytest error; none starts a
// process. Graph (issue 35) runs graph.py, once per interpreter, with the
// interpreter the binding runs pytest with: it walks each binding's test
// files, conftests and plugins with Python's ast for selection by change.
package pytest

import _ "embed"

// PluginSource is the pytest plugin that writes ah's JSON-lines report.
//
//go:embed plugin/ah_pytest_report.py
var PluginSource []byte

// PluginModule is the module name of PluginSource, as loaded by `-p`.
const PluginModule = "ah_pytest_report"

// PluginArgs returns the arguments added after `python3 -m pytest` to load
// the plugin (its directory must be on PYTHONPATH).
func PluginArgs() []string {
	return []string{"-p", PluginModule}
}
