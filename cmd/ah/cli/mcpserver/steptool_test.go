package mcpserver

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/core/next"
)

func TestToolFor(t *testing.T) {
	for _, tc := range []struct {
		argv []string
		want *next.ToolCall
	}{
		{[]string{"ah", "doctor", "--enable", "pytest"}, &next.ToolCall{Name: "ah_doctor_enable", Arguments: map[string]any{"capability": "pytest"}}},
		{[]string{"ah", "doctor", "--enable=mutation"}, &next.ToolCall{Name: "ah_doctor_enable", Arguments: map[string]any{"capability": "mutation"}}},
		{[]string{"ah", "doctor"}, &next.ToolCall{Name: "ah_doctor", Arguments: map[string]any{}}},
		{[]string{"ah", "contract", "new", "c", "x"}, &next.ToolCall{Name: "ah_contract_new", Arguments: map[string]any{"capability": "c", "scenario_ids": []string{"x"}}}},
		{[]string{"ah", "contract", "new", "--change", "add-x", "c", "x"}, &next.ToolCall{Name: "ah_contract_new", Arguments: map[string]any{"change": "add-x", "capability": "c", "scenario_ids": []string{"x"}}}},
		{[]string{"ah", "check", "--changes", "add-x", "--run-tests", "--all-tests", "c/x"}, &next.ToolCall{Name: "ah_check", Arguments: map[string]any{"changes": []string{"add-x"}, "run_tests": true, "all_tests": true, "units": []string{"c/x"}}}},
		{[]string{"ah", "check"}, &next.ToolCall{Name: "ah_check", Arguments: map[string]any{}}},
		// Nothing it cannot map exactly.
		{[]string{"ah", "check", "--base", "main"}, nil},
		{[]string{"ah", "doctor", "--enable"}, nil},
		{[]string{"ah", "doctor", "--enable", "a", "--enable", "b"}, nil},
		{[]string{"ah", "sync"}, nil},
		{[]string{"sh", "-c", "false"}, nil},
		{[]string{"ah", "contract", "new", "--force", "c", "x"}, nil},
	} {
		assert.Equal(t, tc.want, toolFor(tc.argv), "%q", tc.argv)
	}
}
