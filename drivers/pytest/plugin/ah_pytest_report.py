"""pytest plugin for ah: one JSON object per line, streamed to ah's stdout pipe.

Load it with ``python -m pytest -p ah_pytest_report`` and this file's directory
on PYTHONPATH. It uses only the standard library and public pytest hooks that
exist in pytest 7 and 8. Without the key file ah writes next to it, it does
nothing.

The channel (issue 23): when imported, which pytest does for ``-p`` plugins
before it loads any conftest or test module, the plugin reads and deletes the
key file, keeps a private, non-inheritable copy of the stdout pipe for itself
and points descriptor 1 at stderr, so pytest's own output, whatever tests
print and whatever their child processes inherit go to stderr. ah reads the
pipe as it is written: no file holds the results, so nothing a test can find
from its environment, arguments or working directory can rewrite them, and
every line starts with the key, so a line a test forges on the pipe is seen
as one.

Records (the "type" key says which; every record also has "v": 1, the format
version), each on one line after the key and a space:
  {"type": "test", "nodeid", "when", "outcome", "longrepr", "longrepr_type", "duration", "wasxfail"?}
      every "call" phase, and "setup"/"teardown" phases that did not pass;
  {"type": "collect", "nodeid", "outcome", "longrepr", "longrepr_type"}
      collection reports that failed;
  {"type": "items", "nodeids"}
      once, when collection finished: the node ids pytest will run, in order;
  {"type": "done", "nodeid"}
      after each test's teardown: every record of that test was written, so
      ah can show a binding whose tests are all done while the run goes on
      (progress only: the verdict waits for the session line);
  {"type": "session", "exitstatus", "collected", "passed", "failed", "skipped",
   "errors", "xfailed", "xpassed", "collect_errors"}
      last line, written at session finish: a stream without it is incomplete.
A test's "nodeid" is its path relative to the directory pytest was started
in, then pytest's names (``tests/test_x.py::TestA::test_b[1]``): the
selectors ah passes are relative to that directory, so they match node ids
exactly as pytest resolved them, whatever pytest's rootdir.
"""

import json
import os

KEY_FILE = "ah_pytest_key"
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


def _take_channel():
    """Read and delete the key file; keep stdout for the report. None
    outside ah, and in pytest-xdist workers (the key is gone by then)."""
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), KEY_FILE)
    try:
        with open(path, encoding="utf-8") as f:
            key = f.read().strip()
        os.unlink(path)
    except OSError:
        return None
    if not key:
        return None
    fd = os.dup(1)  # non-inheritable: test subprocesses never get it
    os.dup2(2, 1)
    return key, fd


_CHANNEL = _take_channel()


class _Writer:
    def __init__(self, key, fd):
        self._key = key
        self._fd = fd
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
        # One line per record, written straight to the pipe: a killed run
        # loses at most the line being written, and never has a session line.
        if self._fd is None:
            return
        data = (self._key + " " + json.dumps(record, sort_keys=True) + "\n").encode("utf-8")
        try:
            while data:
                data = data[os.write(self._fd, data):]
        except OSError:
            self._fd = None  # ah stopped reading: the report is cut, as it says

    def close(self):
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None

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
    # pytest-xdist workers load -p plugins too; only the controller writes.
    if _CHANNEL is None or hasattr(config, "workerinput"):
        return
    config.pluginmanager.register(_Reporter(config, *_CHANNEL), "ah-pytest-report-writer")


def _local_id(config, nodeid):
    """The node id with its path relative to the directory pytest started in
    instead of pytest's rootdir."""
    path, sep, rest = nodeid.partition("::")
    if not path:
        return nodeid
    try:
        root = str(getattr(config, "rootpath", None) or config.rootdir)
        start = str(config.invocation_params.dir)
        local = os.path.relpath(os.path.join(root, path), start)
    except Exception:  # an odd path must not stop the run
        return nodeid
    return local.replace(os.sep, "/") + sep + rest


class _Reporter:
    """Hook implementations that hold the open report file."""

    def __init__(self, config, key, fd):
        self._config = config
        self._writer = _Writer(key, fd)

    def pytest_collectreport(self, report):
        if not report.failed:
            return
        self._writer.counts["collect_errors"] += 1
        self._writer.write(
            {
                "type": "collect",
                "v": VERSION,
                "nodeid": _local_id(self._config, report.nodeid),
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
            "nodeid": _local_id(self._config, report.nodeid),
            "when": report.when,
            "outcome": report.outcome,
            "longrepr": _longrepr(report),
            "longrepr_type": type(report.longrepr).__name__,
            "duration": float(getattr(report, "duration", 0) or 0),
        }
        if hasattr(report, "wasxfail"):
            record["wasxfail"] = str(report.wasxfail)
        self._writer.write(record)

    def pytest_collection_finish(self, session):
        self._writer.write(
            {
                "type": "items",
                "v": VERSION,
                "nodeids": [_local_id(self._config, item.nodeid) for item in session.items],
            }
        )

    def pytest_runtest_logfinish(self, nodeid, location):
        self._writer.write({"type": "done", "v": VERSION, "nodeid": _local_id(self._config, nodeid)})

    def pytest_sessionfinish(self, session, exitstatus):
        record = {"type": "session", "v": VERSION, "exitstatus": int(exitstatus)}
        record["collected"] = int(getattr(session, "testscollected", 0))
        record.update(self._writer.counts)
        self._writer.write(record)

    def pytest_unconfigure(self, config):
        self._writer.close()
