package lifecycle

import (
	"errors"
	"fmt"
	"io/fs"
	"regexp"
	"slices"
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
	try := func(h Hook, wired func(string) bool, add func(string) (string, error)) (Hook, *Op, bool) {
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

func wire(h Hook, text string, wired func(string) bool, add func(string) (string, error)) (Hook, *Op) {
	manual := func(why string) (Hook, *Op) {
		h.Status, h.Message = HookManual, fmt.Sprintf("could not edit %s safely: %s; %s", h.Path, why, manualHook)
		return h, nil
	}
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(text), &doc); err != nil {
		return manual(fmt.Sprintf("it is not valid YAML (%v)", err))
	}
	if wired(text) {
		h.Status, h.Message = HookAlready, fmt.Sprintf("%s already runs ah check", h.Path)
		return h, nil
	}
	next, err := add(text)
	switch {
	case err != nil:
		return manual(err.Error())
	case !survives(text, next):
		return manual("the edit would change a value the file already sets (through an anchor or a merge key)")
	case !wired(next):
		return manual("the edited file would still not run ah check")
	}
	h.Status, h.Message = HookWired, fmt.Sprintf("%s: ah check runs before each commit", h.Path)
	return h, &Op{Path: h.Path, Data: []byte(next)}
}

// survives reports whether every value the config text set (every hook
// command, after merge keys and anchors are resolved) is still set,
// unchanged, in next: an edit that shadows a command inherited through
// `<<: *base` is refused, not written. A key that held nothing (`repos:`
// with no value) may be filled.
func survives(text, next string) bool {
	var before, after any
	if yaml.Unmarshal([]byte(text), &before) != nil || yaml.Unmarshal([]byte(next), &after) != nil {
		return false
	}
	have, filled := map[string]bool{}, map[string]bool{}
	leaves(after, nil, func(at []string, v string) {
		have[strings.Join(at, "/")+"="+v] = true
		for i := 1; i < len(at); i++ {
			filled[strings.Join(at[:i], "/")] = true
		}
	})
	ok := true
	leaves(before, nil, func(at []string, v string) {
		k := strings.Join(at, "/")
		ok = ok && (have[k+"="+v] || v == "null" && filled[k])
	})
	return ok
}

// leaves calls add with the path (quoted keys, indexes) and value of every
// scalar in a decoded YAML document.
func leaves(v any, at []string, add func(at []string, v string)) {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			leaves(x, append(slices.Clip(at), strconv.Quote(k)), add)
		}
	case []any:
		for i, x := range v {
			leaves(x, append(slices.Clip(at), strconv.Itoa(i)), add)
		}
	case nil:
		if len(at) > 0 { // an empty document sets nothing
			add(at, "null")
		}
	default:
		add(at, fmt.Sprintf("%#v", v))
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
func addLefthook(text string) (string, error) { return lefthookEdit(text), nil }

func lefthookEdit(text string) string {
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

// addPreCommit appends a local ah-check hook to repos:, after its last
// item and in the style of its first one: the column of its dash and of
// the item's keys, and how the item's hooks list is indented under its key
// (`pre-commit sample-config` writes indentless lists, `-   repo:` at
// column 0). A file whose repos: ah cannot extend line-wise is refused
// with the reason.
func addPreCommit(text string) (string, error) {
	lines := splitLines(text)
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(text), &doc); err != nil {
		return "", fmt.Errorf("it is not valid YAML (%v)", err)
	}
	if len(doc.Content) == 0 {
		return withNewline(text) + "repos:\n" + strings.Join(preCommitItem(2, 2, 2, 2), "\n") + "\n", nil
	}
	root := doc.Content[0]
	if root.Kind != yaml.MappingNode || root.Style&yaml.FlowStyle != 0 {
		return "", errors.New("its top level is not a block mapping")
	}
	k := -1
	for i := 0; i+1 < len(root.Content) && k < 0; i += 2 {
		if root.Content[i].Value == "repos" {
			k = i
		}
	}
	if k < 0 {
		return withNewline(text) + "repos:\n" + strings.Join(preCommitItem(2, 2, 2, 2), "\n") + "\n", nil
	}
	key, seq := root.Content[k], root.Content[k+1]
	switch {
	case seq.Kind == yaml.ScalarNode && seq.Tag == "!!null" && seq.Value == "":
		// `repos:` with nothing under it (a comment at most).
		return insert(lines, key.Line, preCommitItem(0, 2, 2, 2)...), nil
	case seq.Kind != yaml.SequenceNode:
		return "", errors.New("repos: is not a list")
	case seq.Style&yaml.FlowStyle != 0:
		return "", errors.New("repos: is a flow sequence ([...]), which ah does not rewrite")
	case len(seq.Content) == 0:
		return "", errors.New("repos: is empty")
	}
	dash := seq.Column - 1
	off := seq.Content[0].Column - seq.Column
	hooksIn, hooksOff := 2, 2
	for _, item := range seq.Content {
		if in, o, ok := hooksStyle(item); ok {
			hooksIn, hooksOff = in, o
			break
		}
	}
	// The item goes after the last content line before the next top-level
	// key (or the end): comments and blank lines before that key stay
	// with it.
	end := len(lines)
	if k+2 < len(root.Content) {
		end = root.Content[k+2].Line - 1
	}
	last := key.Line - 1
	for i := key.Line; i < end; i++ {
		if t := strings.TrimSpace(lines[i]); t != "" && !strings.HasPrefix(t, "#") {
			last = i
		}
	}
	return insert(lines, last+1, preCommitItem(dash, off, hooksIn, hooksOff)...), nil
}

// hooksStyle reads how a repos: item's hooks list is laid out: its dash's
// column relative to the hooks key, and its items' keys relative to the
// dash.
func hooksStyle(item *yaml.Node) (in, off int, ok bool) {
	if item.Kind != yaml.MappingNode || item.Style&yaml.FlowStyle != 0 {
		return 0, 0, false
	}
	for i := 0; i+1 < len(item.Content); i += 2 {
		key, hooks := item.Content[i], item.Content[i+1]
		if key.Value != "hooks" || hooks.Kind != yaml.SequenceNode || hooks.Style&yaml.FlowStyle != 0 || len(hooks.Content) == 0 {
			continue
		}
		in, off = hooks.Column-key.Column, hooks.Content[0].Column-hooks.Column
		return in, off, in >= 0 && off >= 1
	}
	return 0, 0, false
}

// preCommitItem is the local ah-check hook as a repos: item whose dash is
// at column dash, its keys off columns further; its hooks list's dash is
// hooksIn columns right of the hooks key, the hook's keys hooksOff right
// of that dash.
func preCommitItem(dash, off, hooksIn, hooksOff int) []string {
	item := dash + off
	hook := item + hooksIn
	keys := pad(hook + hooksOff)
	return []string{
		pad(dash) + "-" + pad(off-1) + "repo: local",
		pad(item) + "hooks:",
		pad(hook) + "-" + pad(hooksOff-1) + "id: ah-check",
		keys + "name: ah check", keys + "entry: ah check", keys + "language: system", keys + "pass_filenames: false",
	}
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
