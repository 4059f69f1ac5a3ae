package config

// Mutation defaults ([quality.mutation]).
const (
	DefaultMutationThreshold      = 0.80
	DefaultMutationTimeoutSeconds = 1800
)

// Mutation is [quality.mutation]: the mutation tool `ah check --mutation`
// runs (issue 16).
type Mutation struct {
	// Enabled asks for one project-wide measurement over the declared tests
	// of every contract, besides the contracts that opt in themselves.
	Enabled bool
	// Threshold is the score below which a measurement is a warning; it
	// never fails the gate.
	Threshold float64
	// Command is the tool's argv; "{}" in an argument stands for the
	// generated script running the declared tests. Empty when not
	// configured.
	Command []string
	// TimeoutSeconds bounds one run of Command.
	TimeoutSeconds int
}

// mutation reads [quality.mutation] of a schema-valid document.
func mutation(doc map[string]any) Mutation {
	m := Mutation{Threshold: DefaultMutationThreshold, TimeoutSeconds: DefaultMutationTimeoutSeconds}
	q, _ := doc["quality"].(map[string]any)
	t, _ := q["mutation"].(map[string]any)
	m.Enabled, _ = t["enabled"].(bool)
	if f, ok := number(t["threshold"]); ok {
		m.Threshold = f
	}
	if cmd, ok := t["command"].([]any); ok {
		m.Command = strs(cmd)
	}
	if n, ok := integer(t["timeout_seconds"]); ok {
		m.TimeoutSeconds = n
	}
	return m
}

// number reads a TOML integer or float (threshold = 1 is a valid 1.0).
func number(v any) (float64, bool) {
	switch n := v.(type) {
	case int64:
		return float64(n), true
	case float64:
		return n, true
	}
	return 0, false
}
