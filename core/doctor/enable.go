package doctor

import (
	"errors"
	"fmt"
	"io/fs"
	"reflect"
	"slices"
	"strings"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/config"
)

// RunnerCapabilities are the adapters `--enable` configures a runner for.
var RunnerCapabilities = []string{"cargo", "go", "pytest", "vitest"}

// Capabilities returns every capability `ah doctor --enable` knows, sorted.
func Capabilities() []string {
	return slices.Sorted(slices.Values(append(slices.Clone(RunnerCapabilities), "mutation", "property", "snapshot")))
}

// UnknownCapabilityError is an --enable argument ah does not know.
type UnknownCapabilityError struct {
	Name  string
	Known []string
}

func (e *UnknownCapabilityError) Error() string {
	return fmt.Sprintf("unknown capability %q; known capabilities: %s", e.Name, strings.Join(e.Known, ", "))
}

// Edit is the outcome of Enable.
type Edit struct {
	Capability string `json:"capability"`
	// Changed is false when the capability was already enabled.
	Changed bool   `json:"changed"`
	Message string `json:"message"`
	// ConfigPath is the file edited (or left alone).
	ConfigPath string `json:"config_path"`
	// Added is the text appended or the line rewritten; "" when unchanged.
	Added string `json:"added"`
	// Content is the whole new file; nil when unchanged.
	Content []byte `json:"-"`
}

// Enable computes the config file that enables capability. It only ever
// appends a block (or, for an existing [capabilities.X] table, rewrites its
// enabled line), so every other byte of the file is kept; and it proves the
// result parses and differs from the old config by exactly the capability
// before returning it. The caller writes Content atomically.
func Enable(repo fs.FS, data []byte, capability string, facts adapter.Facts) (Edit, error) {
	known := Capabilities()
	if !slices.Contains(known, capability) {
		return Edit{}, &UnknownCapabilityError{Name: capability, Known: known}
	}
	before, err := config.Parse(data)
	if err != nil {
		return Edit{}, err
	}
	e := Edit{Capability: capability, ConfigPath: config.Path}
	if msg := enabledAlready(before, capability, facts); msg != "" {
		e.Message = msg + "; nothing changed"
		return e, nil
	}
	plan := planEdit(repo, data, before, capability, facts)
	if plan.err != nil {
		return Edit{}, plan.err
	}
	if err := verify(before, plan.content, plan.apply); err != nil {
		return Edit{}, fmt.Errorf("cannot enable %s automatically: the edited %s would be wrong (%v); add this by hand:\n%s",
			capability, config.Path, err, plan.added)
	}
	e.Changed, e.Added, e.Content, e.Message = true, plan.added, plan.content, plan.message
	return e, nil
}

// enabledAlready says why capability needs no change, or "".
func enabledAlready(cfg config.Config, capability string, facts adapter.Facts) string {
	if slices.Contains(RunnerCapabilities, capability) {
		if _, ok := cfg.Runners[capability]; ok {
			return fmt.Sprintf("%s is already enabled: [runners.%s] is configured in %s", capability, capability, config.Path)
		}
		if t := configuredAdapters(cfg, facts)[capability]; t != "" {
			return fmt.Sprintf("%s is already enabled: the %s runner in %s runs it", capability, t, config.Path)
		}
		return ""
	}
	if capability == "mutation" {
		if _, ok := lookup(cfg.Raw, "quality", "mutation"); ok {
			return fmt.Sprintf("mutation is already set up: [quality.mutation] exists in %s (set its command and enabled = true there to run it)", config.Path)
		}
		return ""
	}
	if v, _ := lookup(cfg.Raw, "capabilities", capability, "enabled"); v == true {
		return fmt.Sprintf("%s is already enabled: [capabilities.%s] has enabled = true in %s", capability, capability, config.Path)
	}
	return ""
}

// edit is a planned change: the new content, the text added, and apply,
// which makes the same change to a decoded document for verification.
type edit struct {
	content []byte
	added   string
	message string
	apply   func(doc map[string]any)
	err     error
}

func planEdit(repo fs.FS, data []byte, cfg config.Config, capability string, facts adapter.Facts) edit {
	header := fmt.Sprintf("# Added by `ah doctor --enable %s`", capability)
	switch {
	case slices.Contains(RunnerCapabilities, capability):
		argv := runnerCommand(repo, capability, facts)
		block := fmt.Sprintf("%s: [[tests.%s]] entries run this command with their flags appended.\n[runners.%s]\ncommand = %s\n",
			header, capability, capability, tomlArray(argv))
		return appendEdit(data, block, fmt.Sprintf("enabled %s: added [runners.%s] to %s", capability, capability, config.Path),
			func(doc map[string]any) {
				set(doc, map[string]any{"command": toAny(argv)}, "runners", capability)
			})
	case capability == "mutation":
		block := header + ". Mutation testing stays off until you name\n" +
			"# your mutation tool and turn it on, for example:\n" +
			"#   command = [\"mutmut\", \"run\"]\n" +
			"#   threshold = 0.8\n" +
			"#   enabled = true\n" +
			"[quality.mutation]\nenabled = false\n"
		return appendEdit(data, block, fmt.Sprintf("added [quality.mutation] to %s with enabled = false: set its command, then enabled = true", config.Path),
			func(doc map[string]any) { set(doc, map[string]any{"enabled": false}, "quality", "mutation") })
	}
	apply := func(doc map[string]any) {
		t, _ := lookup(doc, "capabilities", capability)
		m, _ := t.(map[string]any)
		if m == nil {
			m = map[string]any{}
		}
		m["enabled"] = true
		set(doc, m, "capabilities", capability)
	}
	msg := fmt.Sprintf("enabled %s: [capabilities.%s] enabled = true in %s", capability, capability, config.Path)
	if _, exists := lookup(cfg.Raw, "capabilities", capability); exists {
		return enableLine(data, capability, msg, apply)
	}
	return appendEdit(data, header+".\n[capabilities."+capability+"]\nenabled = true\n", msg, apply)
}

// appendEdit appends block after a blank line, ending the file's last line
// first when it lacks a newline.
func appendEdit(data []byte, block, message string, apply func(map[string]any)) edit {
	if parent := blockParent(block); inlineTable(data, parent) {
		// TOML forbids adding to an inline table. BurntSushi/toml accepts
		// it anyway, so the parse in verify would not catch it, but every
		// other TOML reader would reject the file.
		return edit{err: fmt.Errorf("%s in %s is an inline table, which cannot be extended: add this to it by hand:\n%s", parent, config.Path, block)}
	}
	out := slices.Clone(data)
	if len(out) > 0 && out[len(out)-1] != '\n' {
		out = append(out, '\n')
	}
	if len(out) > 0 {
		out = append(out, '\n')
	}
	return edit{content: append(out, block...), added: block, message: message, apply: apply}
}

// runnerCommand is the command --enable writes for a runner capability: the
// command a probe proved runs here, else the adapter's default.
func runnerCommand(repo fs.FS, name string, facts adapter.Facts) []string {
	ev := facts.Evidence[name]
	switch {
	case len(ev.Runnable) > 0:
		return slices.Clone(ev.Runnable)
	case len(ev.DefaultCommand) > 0:
		return slices.Clone(ev.DefaultCommand)
	}
	if d, ok := adapter.Find(facts.Drivers, name); ok {
		return d.DefaultCommand(repo)
	}
	return nil
}

// verify proves that content is a valid config whose document equals the
// old one with apply's change and nothing else.
func verify(before config.Config, content []byte, apply func(map[string]any)) error {
	after, err := config.Parse(content)
	if err != nil {
		return err
	}
	want := cloneDoc(before.Raw)
	apply(want)
	if !reflect.DeepEqual(want, after.Raw) {
		return errors.New("it would change more than the capability's own table")
	}
	return nil
}

// tomlArray renders argv as a TOML array of basic strings.
func tomlArray(argv []string) string {
	parts := make([]string, len(argv))
	for i, a := range argv {
		parts[i] = tomlString(a)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}
