package contract

import "strings"

// Mutation is a contract's [quality.mutation] table: its opt-in to
// mutation measurement (issue 16). It is settings, never a test entry.
type Mutation struct {
	Enabled bool
	// Threshold overrides the config's threshold when set.
	Threshold *float64
	// Args are appended to the configured tool command for this contract,
	// e.g. the package to mutate.
	Args []string
}

// mutation reads [quality.mutation] of a decoded document.
func mutation(doc map[string]any) Mutation {
	var m Mutation
	q, _ := doc["quality"].(map[string]any)
	t, _ := q["mutation"].(map[string]any)
	m.Enabled, _ = t["enabled"].(bool)
	switch n := t["threshold"].(type) {
	case int64:
		f := float64(n)
		m.Threshold = &f
	case float64:
		m.Threshold = &n
	}
	if xs, ok := t["args"].([]any); ok {
		for _, x := range xs {
			if s, ok := x.(string); ok {
				m.Args = append(m.Args, strings.Clone(s))
			}
		}
	}
	return m
}
