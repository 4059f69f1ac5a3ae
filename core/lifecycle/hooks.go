package lifecycle

import (
	"errors"
	"fmt"
	"io/fs"
	"regexp"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Hook says how ah check was wired into a pre-commit hook framework.
type Hook struct {
	// Framework is lefthook, pre-commit, hk, or "" when none was found.
	Framework string
	// Path is the hook framework's config file.
	Path string
	// Status is one of the Hook* statuses.
	Status string
	// Message says what was done, or how to wire it by hand.
	Message string
}

// Hook statuses.
const (
	HookWired   = "wired"
	HookAlready = "already_wired"
	HookManual  = "manual"
)

var (
	lefthookFiles  = []string{"lefthook.yml", "lefthook.yaml", ".lefthook.yml", ".lefthook.yaml"}
	preCommitFiles = []string{".pre-commit-config.yaml", ".pre-commit-config.yml"}
	hkFiles        = []string{"hk.pkl"}
)

// hkStep is the step hk.pkl needs; hkWired finds a check that runs ah check
// (a quoted command starting with it, as a check or fix of some step).
const hkStep = `["ah-check"] { check = "ah check" }`

var hkWired = regexp.MustCompile(`(?m)^[^/\n]*\b(check|fix)\s*=\s*"ah check\b`)

// manualHook is printed when no framework was found or its file could not
// be edited safely.
const manualHook = "add `ah check` to your pre-commit hook: with lefthook, `pre-commit: commands: ah-check: run: ah check`; with pre-commit or prek, a local hook with `entry: ah check`, `language: system`, `pass_filenames: false`; with hk, a step `" + hkStep + "` under hooks[\"pre-commit\"] in hk.pkl"

// wireHook finds the hook framework and plans its edit: lefthook first,
// then pre-commit (prek reads the same file). Whether ah check is already
// wired is read from the parsed YAML, not from a substring, and an edit is
// proved by parsing the result, else the user is told what to add.
//
// read returns an error matching fs.ErrNotExist for a missing file; any
// other error (a symbolic link leading outside the repository) leaves the
// file alone and prints the lines to add by hand.
func wireHook(read func(string) ([]byte, error)) (Hook, *Op) {
	try := func(h Hook, wired func(string) bool, add func(string) string) (Hook, *Op, bool) {
		data, err := read(h.Path)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			return h, nil, false
		case err != nil:
			h.Status, h.Message = HookManual, fmt.Sprintf("could not edit %s (%v): %s", h.Path, err, manualHook)
			return h, nil, true
		}
		h, op := wire(h, string(data), wired, add)
		return h, op, true
	}
	for _, name := range lefthookFiles {
		if h, op, ok := try(Hook{Framework: "lefthook", Path: name}, lefthookWired, addLefthook); ok {
			return h, op
		}
	}
	for _, name := range preCommitFiles {
		if h, op, ok := try(Hook{Framework: "pre-commit", Path: name}, preCommitWired, addPreCommit); ok {
			return h, op
		}
	}
	for _, name := range hkFiles {
		if data, err := read(name); err == nil {
			// hk's config is Pkl, which ah cannot parse to prove an edit:
			// say exactly what to add instead.
			h := Hook{Framework: "hk", Path: name, Status: HookManual,
				Message: fmt.Sprintf("%s: ah does not edit Pkl; add a step to hooks[\"pre-commit\"] in it: %s", name, hkStep)}
			if hkWired.Match(data) {
				h.Status, h.Message = HookAlready, name+" already runs ah check"
			}
			return h, nil
		}
	}
	return Hook{Status: HookManual, Message: "no hook framework found (lefthook, pre-commit, prek, hk): " + manualHook}, nil
}

func wire(h Hook, text string, wired func(string) bool, add func(string) string) (Hook, *Op) {
	if wired(text) {
		h.Status, h.Message = HookAlready, fmt.Sprintf("%s already runs ah check", h.Path)
		return h, nil
	}
	next := add(text)
	if !wired(next) || !survives(text, next) {
		h.Status, h.Message = HookManual, fmt.Sprintf("could not edit %s safely: %s", h.Path, manualHook)
		return h, nil
	}
	h.Status, h.Message = HookWired, fmt.Sprintf("%s: ah check runs before each commit", h.Path)
	return h, &Op{Path: h.Path, Data: []byte(next)}
}

// survives reports whether every value the config text set (every hook
// command, after merge keys and anchors are resolved) is still set,
// unchanged, in next: an edit that shadows a command inherited through
// `<<: *base` is refused, not written.
func survives(text, next string) bool {
	var before, after any
	if yaml.Unmarshal([]byte(text), &before) != nil || yaml.Unmarshal([]byte(next), &after) != nil {
		return false
	}
	have := map[string]bool{}
	leaves(after, "", func(k string) { have[k] = true })
	ok := true
	leaves(before, "", func(k string) { ok = ok && have[k] })
	return ok
}

// leaves calls add with "path=value" for every scalar in a decoded YAML
// document.
func leaves(v any, at string, add func(string)) {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			leaves(x, at+"/"+strconv.Quote(k), add)
		}
	case []any:
		for i, x := range v {
			leaves(x, at+"/"+strconv.Itoa(i), add)
		}
	case nil:
		if at != "" { // an empty document sets nothing
			add(at + "=null")
		}
	default:
		add(fmt.Sprintf("%s=%#v", at, v))
	}
}

// lefthookWired reports whether a pre-commit command runs ah check.
func lefthookWired(text string) bool {
	var doc struct {
		PreCommit struct {
			Commands map[string]struct {
				Run string `yaml:"run"`
			} `yaml:"commands"`
		} `yaml:"pre-commit"`
	}
	if yaml.Unmarshal([]byte(text), &doc) != nil {
		return false
	}
	for _, c := range doc.PreCommit.Commands {
		if strings.HasPrefix(strings.TrimSpace(c.Run), "ah check") {
			return true
		}
	}
	return false
}

// preCommitWired reports whether a hook's entry is ah check.
func preCommitWired(text string) bool {
	var doc struct {
		Repos []struct {
			Hooks []struct {
				Entry string `yaml:"entry"`
			} `yaml:"hooks"`
		} `yaml:"repos"`
	}
	if yaml.Unmarshal([]byte(text), &doc) != nil {
		return false
	}
	for _, r := range doc.Repos {
		for _, h := range r.Hooks {
			if strings.HasPrefix(strings.TrimSpace(h.Entry), "ah check") {
				return true
			}
		}
	}
	return false
}

// addLefthook nests an ah-check command under pre-commit: commands:,
// creating either level when absent.
func addLefthook(text string) string {
	lines := splitLines(text)
	i := topKey(lines, "pre-commit")
	if i < 0 {
		return withNewline(text) + "pre-commit:\n  commands:\n    ah-check:\n      run: ah check\n"
	}
	end := blockEnd(lines, i)
	step := childIndent(lines, i+1, end, 0)
	for k := i + 1; k < end; k++ {
		if strings.TrimSpace(lines[k]) == "commands:" && indent(lines[k]) == step {
			in := childIndent(lines, k+1, end, step) - step
			return insert(lines, k+1, pad(step+in)+"ah-check:", pad(step+2*in)+"run: ah check")
		}
	}
	return insert(lines, i+1, pad(step)+"commands:", pad(2*step)+"ah-check:", pad(3*step)+"run: ah check")
}

// addPreCommit appends a local ah-check hook to repos:.
func addPreCommit(text string) string {
	item := func(in string) []string {
		return []string{
			in + "- repo: local", in + "  hooks:", in + "    - id: ah-check", in + "      name: ah check",
			in + "      entry: ah check", in + "      language: system", in + "      pass_filenames: false",
		}
	}
	lines := splitLines(text)
	i := topKey(lines, "repos")
	if i < 0 {
		return withNewline(text) + "repos:\n" + strings.Join(item("  "), "\n") + "\n"
	}
	end := blockEnd(lines, i)
	// in is the first item's indentation; 0 until one is found (an item
	// at column 0 ends the block, see blockEnd).
	last, in := i, 0
	for k := i + 1; k < end; k++ {
		t := strings.TrimSpace(lines[k])
		if t != "" && !strings.HasPrefix(t, "#") {
			last = k
			if in == 0 && strings.HasPrefix(t, "- ") {
				in = indent(lines[k])
			}
		}
	}
	return insert(lines, last+1, item(pad(in))...)
}

func splitLines(text string) []string {
	return strings.Split(strings.TrimSuffix(text, "\n"), "\n")
}

func withNewline(text string) string {
	if text != "" && !strings.HasSuffix(text, "\n") {
		return text + "\n"
	}
	return text
}

// topKey is the line of the top-level mapping key name, or -1.
func topKey(lines []string, name string) int {
	for i, l := range lines {
		t := strings.TrimRight(l, " \t\r")
		if before, _, _ := strings.Cut(t, " #"); before == name+":" {
			return i
		}
	}
	return -1
}

// blockEnd is the first line after start at indentation 0 that holds
// content: the end of start's block.
func blockEnd(lines []string, start int) int {
	for k := start + 1; k < len(lines); k++ {
		t := strings.TrimSpace(lines[k])
		if t != "" && !strings.HasPrefix(t, "#") && indent(lines[k]) == 0 {
			return k
		}
	}
	return len(lines)
}

// childIndent is the indentation of the first content line in [from, to)
// deeper than parent, else parent+2.
func childIndent(lines []string, from, to, parent int) int {
	for k := from; k < to; k++ {
		t := strings.TrimSpace(lines[k])
		if t != "" && !strings.HasPrefix(t, "#") && indent(lines[k]) > parent {
			return indent(lines[k])
		}
	}
	return parent + 2
}

func indent(l string) int { return len(l) - len(strings.TrimLeft(l, " ")) }

func pad(n int) string { return strings.Repeat(" ", n) }

func insert(lines []string, at int, add ...string) string {
	out := append(append(append([]string{}, lines[:at]...), add...), lines[at:]...)
	return strings.Join(out, "\n") + "\n"
}
