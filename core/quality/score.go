package quality

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
)

// ErrNoMeasurement is a tool output that holds no score.
var ErrNoMeasurement = errors.New("no measurement")

// toolReport is what ParseScore reads: ah's own {"score": x} object
// (schemas/mutation-output.schema.json), or gremlins' JSON report, whose
// killed and lived mutants give the score.
type toolReport struct {
	Score  *float64 `json:"score"`
	Killed *int     `json:"mutants_killed"`
	Lived  *int     `json:"mutants_lived"`
}

// ParseScore reads the score a mutation tool printed on stdout: the last
// line that is a JSON object with a score in [0, 1], or with gremlins'
// mutants_killed and mutants_lived counts (score = killed / (killed +
// lived), gremlins' "test efficacy"). Lines before it are ignored, so a
// tool may log first.
func ParseScore(stdout []byte) (float64, error) {
	lines := bytes.Split(stdout, []byte("\n"))
	for i := len(lines) - 1; i >= 0; i-- {
		line := bytes.TrimSpace(lines[i])
		if len(line) == 0 || line[0] != '{' {
			continue
		}
		var r toolReport
		if json.Unmarshal(line, &r) != nil {
			continue
		}
		return r.score()
	}
	return 0, fmt.Errorf(`%w: stdout holds no JSON object such as {"score": 0.85}`, ErrNoMeasurement)
}

func (r toolReport) score() (float64, error) {
	switch {
	case r.Score != nil:
		if *r.Score < 0 || *r.Score > 1 {
			return 0, fmt.Errorf("%w: score %v is outside [0, 1]", ErrNoMeasurement, *r.Score)
		}
		return *r.Score, nil
	case r.Killed != nil && r.Lived != nil:
		total := *r.Killed + *r.Lived
		if *r.Killed < 0 || *r.Lived < 0 || total == 0 {
			return 0, fmt.Errorf("%w: the gremlins report tested no mutant (killed %d, lived %d)", ErrNoMeasurement, *r.Killed, *r.Lived)
		}
		return float64(*r.Killed) / float64(total), nil
	}
	return 0, fmt.Errorf(`%w: the JSON object has no "score" (nor gremlins' mutants_killed and mutants_lived)`, ErrNoMeasurement)
}
