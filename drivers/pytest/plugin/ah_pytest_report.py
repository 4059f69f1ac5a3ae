"""pytest plugin for ah: one JSON object per line, written to $AH_PYTEST_REPORT.

Load it with ``python -m pytest -p ah_pytest_report`` and this file's directory
on PYTHONPATH. It uses only the standard library and public pytest hooks that
exist in pytest 7 and 8. Without AH_PYTEST_REPORT it does nothing.

Records (the "type" key says which; every record also has "v": 1, the format
version):
  {"type": "test", "nodeid", "when", "outcome", "longrepr", "longrepr_type", "duration", "wasxfail"?}
      every "call" phase, and "setup"/"teardown" phases that did not pass;
  {"type": "collect", "nodeid", "outcome", "longrepr", "longrepr_type"}
      collection reports that failed;
  {"type": "session", "exitstatus", "collected", "passed", "failed", "skipped",
   "errors", "xfailed", "xpassed", "collect_errors"}
      last line, written at session finish: a file without it is incomplete.
"""

import json
import os

ENV_VAR = "AH_PYTEST_REPORT"
VERSION = 1
# Keep long tracebacks bounded: the head names the error, the tail holds the
# final "E   SomeError: ..." line, so both ends are kept.
MAX_TEXT = 4096


def _truncate(text):
    if len(text) <= MAX_TEXT:
        return text
    half = MAX_TEXT // 2
    cut = len(text) - 2 * half
    return "%s\n... [%d characters truncated] ...\n%s" % (text[:half], cut, text[-half:])


def _longrepr(report):
    longrepr = report.longrepr
    if longrepr is None:
        return ""
    # Skips carry (path, lineno, reason); the reason is what a person wants.
    if isinstance(longrepr, tuple) and len(longrepr) == 3:
        return _truncate(str(longrepr[2]))
    try:
        text = report.longreprtext
    except Exception:  # a broken __repr__ in user code must not stop the run
        text = "<unprintable longrepr>"
    return _truncate(text)


class _Writer:
    def __init__(self, path):
        self._file = open(path, "w", encoding="utf-8")
        self.counts = {
            "passed": 0,
            "failed": 0,
            "skipped": 0,
            "errors": 0,
            "xfailed": 0,
            "xpassed": 0,
            "collect_errors": 0,
        }

    def write(self, record):
        # One write per record, flushed: a killed run loses at most the line
        # being written, and never has a session line.
        self._file.write(json.dumps(record, sort_keys=True) + "\n")
        self._file.flush()

    def close(self):
        self._file.close()

    def count(self, report):
        xfail = hasattr(report, "wasxfail")
        if report.when == "call":
            if xfail and report.outcome == "skipped":
                self.counts["xfailed"] += 1
            elif xfail and report.outcome == "passed":
                self.counts["xpassed"] += 1
            else:
                self.counts[report.outcome] += 1
        elif report.outcome == "failed":
            self.counts["errors"] += 1
        elif report.outcome == "skipped":
            self.counts["skipped"] += 1


def pytest_configure(config):
    path = os.environ.get(ENV_VAR)
    # pytest-xdist workers load -p plugins too; only the controller writes.
    if not path or hasattr(config, "workerinput"):
        return
    config.pluginmanager.register(_Reporter(path), "ah-pytest-report-writer")


class _Reporter:
    """Hook implementations that hold the open report file."""

    def __init__(self, path):
        self._writer = _Writer(path)

    def pytest_collectreport(self, report):
        if not report.failed:
            return
        self._writer.counts["collect_errors"] += 1
        self._writer.write(
            {
                "type": "collect",
                "v": VERSION,
                "nodeid": report.nodeid,
                "outcome": report.outcome,
                "longrepr": _longrepr(report),
                "longrepr_type": type(report.longrepr).__name__,
            }
        )

    def pytest_runtest_logreport(self, report):
        self._writer.count(report)
        if report.when != "call" and report.outcome == "passed":
            return
        record = {
            "type": "test",
            "v": VERSION,
            "nodeid": report.nodeid,
            "when": report.when,
            "outcome": report.outcome,
            "longrepr": _longrepr(report),
            "longrepr_type": type(report.longrepr).__name__,
            "duration": float(getattr(report, "duration", 0) or 0),
        }
        if hasattr(report, "wasxfail"):
            record["wasxfail"] = str(report.wasxfail)
        self._writer.write(record)

    def pytest_sessionfinish(self, session, exitstatus):
        record = {"type": "session", "v": VERSION, "exitstatus": int(exitstatus)}
        record["collected"] = int(getattr(session, "testscollected", 0))
        record.update(self._writer.counts)
        self._writer.write(record)

    def pytest_unconfigure(self, config):
        self._writer.close()
