package mcpserver

import (
	"strings"

	"github.com/espectacular/ah/core/next"
)

// toolFor is the tool call that runs argv (an `ah ...` command of a step),
// or nil when no tool does exactly that: an argv with anything this does
// not know maps to nothing rather than to a call that differs from it.
func toolFor(argv []string) *next.ToolCall {
	if len(argv) < 2 || argv[0] != "ah" {
		return nil
	}
	flags, pos, ok := parseArgv(argv[2:], map[string]bool{"--enable": true, "--change": true, "--changes": true})
	if !ok {
		return nil
	}
	switch {
	case argv[1] == "doctor" && len(pos) == 0 && len(flags) == 0:
		return &next.ToolCall{Name: "ah_doctor", Arguments: map[string]any{}}
	case argv[1] == "doctor" && len(pos) == 0 && len(flags) == 1 && len(flags["--enable"]) == 1:
		return &next.ToolCall{Name: "ah_doctor_enable", Arguments: map[string]any{"capability": flags["--enable"][0]}}
	case argv[1] == "contract" && len(pos) >= 1 && pos[0] == "new":
		args := map[string]any{}
		for f, vs := range flags {
			switch {
			case f == "--change" && len(vs) == 1:
				args["change"] = vs[0]
			case f == "--all-missing" && len(vs) == 0:
				args["all_missing"] = true
			default:
				return nil
			}
		}
		if len(pos) > 1 {
			args["capability"] = pos[1]
		}
		if len(pos) > 2 {
			args["scenario_ids"] = pos[2:]
		}
		return &next.ToolCall{Name: "ah_contract_new", Arguments: args}
	case argv[1] == "check":
		args := map[string]any{}
		for f, vs := range flags {
			switch {
			case f == "--changes" && len(vs) > 0:
				args["changes"] = vs
			case f == "--run-tests" && vs == nil:
				args["run_tests"] = true
			case f == "--all-tests" && vs == nil:
				args["all_tests"] = true
			case f == "--strict" && vs == nil:
				args["strict"] = true
			default:
				return nil
			}
		}
		if len(pos) > 0 {
			args["units"] = pos
		}
		return &next.ToolCall{Name: "ah_check", Arguments: args}
	}
	return nil
}

// parseArgv splits args into flags (valued ones, as "--f v" or "--f=v",
// collect their values; the others map to nil) and positional arguments.
func parseArgv(args []string, valued map[string]bool) (map[string][]string, []string, bool) {
	flags := map[string][]string{}
	var pos []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if !strings.HasPrefix(a, "-") {
			pos = append(pos, a)
			continue
		}
		name, val, hasVal := strings.Cut(a, "=")
		switch {
		case valued[name] && hasVal:
			flags[name] = append(flags[name], val)
		case valued[name] && i+1 < len(args):
			i++
			flags[name] = append(flags[name], args[i])
		case valued[name] || hasVal:
			return nil, nil, false
		default:
			if _, seen := flags[name]; seen {
				return nil, nil, false
			}
			flags[name] = nil
		}
	}
	return flags, pos, true
}
