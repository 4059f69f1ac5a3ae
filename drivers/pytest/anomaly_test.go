package pytest_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/drivers/pytest"
	"github.com/espectacular/ah/ports"
)

// TestParseSecondResult: a second call phase for one test (a rewritten
// report) keeps the failure and is named as an anomaly; durations add the
// reported phases (issue 23).
func TestParseSecondResult(t *testing.T) {
	const session = `{"type": "session", "v": 1, "exitstatus": 1}` + "\n"
	fail := `{"type": "test", "v": 1, "nodeid": "t.py::a", "when": "call", "outcome": "failed", "longrepr": "boom", "duration": 0.25}` + "\n"
	pass := `{"type": "test", "v": 1, "nodeid": "t.py::a", "when": "call", "outcome": "passed", "longrepr": "", "duration": 0.5}` + "\n"

	rep := pytest.Parse([]byte(pass + session))
	assert.Empty(t, rep.Anomalies)
	assert.Equal(t, 500*time.Millisecond, rep.Tests[0].Duration)

	rep = pytest.Parse([]byte(fail + pass + session))
	assert.Equal(t, []string{"a second result for t.py::a"}, rep.Anomalies)
	assert.Equal(t, ports.TestFailed, rep.Tests[0].Status, "the first failure is final")
}
