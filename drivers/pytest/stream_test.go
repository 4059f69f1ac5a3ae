package pytest_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/drivers/pytest"
	"github.com/espectacular/ah/ports"
)

const key = "k3y"

func rec(nodeid, outcome string) string {
	return `{"duration": 0.1, "longrepr": "", "nodeid": "` + nodeid + `", "outcome": "` + outcome + `", "type": "test", "v": 1, "when": "call"}` + "\n"
}

const session = `{"exitstatus": 1, "type": "session", "v": 1}` + "\n"

func keyed(lines ...string) string {
	var b strings.Builder
	for _, l := range lines {
		b.WriteString(key + " " + l)
	}
	return b.String()
}

func TestStream(t *testing.T) {
	tests := []struct {
		name      string
		chunks    []string
		res       ports.Result
		parsed    bool
		anomalies []string
		statuses  map[string]ports.TestStatus
	}{
		{"whole keyed report, read in pieces", []string{keyed(rec("a", "failed"), rec("b", "passed"))[:17], keyed(rec("a", "failed"), rec("b", "passed"))[17:], keyed(session)},
			ports.Result{ExitCode: 1}, true, nil,
			map[string]ports.TestStatus{"a": ports.TestFailed, "b": ports.TestPassed}},
		{"a forged line without the key changes nothing and is an anomaly", []string{keyed(rec("a", "failed")), rec("a", "passed") + rec("ghost", "passed"), keyed(session)},
			ports.Result{ExitCode: 1}, true, []string{pytest.AnomalyForged},
			map[string]ports.TestStatus{"a": ports.TestFailed}},
		{"a forged line with a guessed key is still a line without the key", []string{keyed(rec("a", "failed")), "k3 " + rec("a", "passed"), keyed(session)},
			ports.Result{ExitCode: 1}, true, []string{pytest.AnomalyForged},
			map[string]ports.TestStatus{"a": ports.TestFailed}},
		{"a keyed record after the session line", []string{keyed(rec("a", "passed"), session, rec("b", "passed"))},
			ports.Result{ExitCode: 0}, true, []string{pytest.AnomalyAfterSession},
			map[string]ports.TestStatus{"a": ports.TestPassed}},
		{"exit 0 without a session line: a test ended pytest", []string{keyed(rec("a", "passed"))},
			ports.Result{ExitCode: 0}, false, []string{pytest.AnomalyUnfinished},
			map[string]ports.TestStatus{"a": ports.TestPassed}},
		{"exit 0 with nothing at all", nil,
			ports.Result{ExitCode: 0}, false, []string{pytest.AnomalyUnfinished}, map[string]ports.TestStatus{}},
		{"a failing exit without a session line is only cut", []string{keyed(rec("a", "passed"))},
			ports.Result{ExitCode: 1}, false, nil, map[string]ports.TestStatus{"a": ports.TestPassed}},
		{"a timeout without a session line is only cut", []string{keyed(rec("a", "passed"))},
			ports.Result{ExitCode: -1, TimedOut: true}, false, nil, map[string]ports.TestStatus{"a": ports.TestPassed}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := pytest.NewStream(key)
			for _, c := range tt.chunks {
				n, err := s.Write([]byte(c))
				assert.NoError(t, err)
				assert.Equal(t, len(c), n)
			}
			got := s.Report(tt.res)
			assert.Equal(t, tt.parsed, got.Parsed)
			assert.Equal(t, tt.anomalies, got.Anomalies)
			statuses := map[string]ports.TestStatus{}
			for _, tc := range got.Tests {
				statuses[tc.ID] = tc.Status
			}
			assert.Equal(t, tt.statuses, statuses)
		})
	}
}

func TestStreamTooLarge(t *testing.T) {
	s := pytest.NewStream(key)
	_, _ = s.Write([]byte(keyed(rec("a", "passed"), session)))
	n, err := s.Write(make([]byte, pytest.MaxStream))
	assert.NoError(t, err)
	assert.Equal(t, pytest.MaxStream, n)
	assert.Contains(t, s.Report(ports.Result{}).Anomalies, pytest.AnomalyTooLarge)
}

func TestTranscript(t *testing.T) {
	out := string(pytest.New().Transcript([]byte(keyed(
		`{"longrepr": "E   assert 1 == 2", "nodeid": "t.py::a", "outcome": "failed", "type": "test", "when": "call"}`+"\n",
		rec("t.py::b", "passed"),
		`{"exitstatus": 1, "failed": 1, "passed": 1, "type": "session"}`+"\n",
	) + "not a record\n")))
	assert.Equal(t, "FAILED t.py::a (call)\nE   assert 1 == 2\npytest exit status 1: 1 passed, 1 failed, 0 skipped, 0 errors\n", out)
	assert.NotContains(t, out, key)
}
