package doctor

import (
	"errors"
	"fmt"
	"io/fs"
	"path"
	"reflect"
	"slices"
	"strings"

	"github.com/espectacular/ah/core/adapter"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/schema"
	"github.com/espectacular/ah/core/shellword"
	"github.com/espectacular/ah/core/tomlstring"
)

// RunnerCapabilities are the adapters `--enable` configures a runner for.
var RunnerCapabilities = []string{"cargo", "go", "pytest", "vitest"}

// Capabilities returns every capability `ah doctor --enable` knows, sorted:
// the runner capabilities and the quality ones (quality.go).
func Capabilities() []string {
	return slices.Sorted(slices.Values(append(slices.Clone(RunnerCapabilities), QualityCapabilities...)))
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
// appends a block, so every other byte of the file is kept; and it proves the
// result parses and differs from the old config by exactly the capability
// before returning it. The caller writes Content atomically.
func Enable(repo fs.FS, data []byte, capability string, facts adapter.Facts) (Edit, error) {
	return EnableAs(repo, data, capability, facts, "ah doctor --enable "+capability)
}

// EnableAs is Enable with the command the added block's comment credits
// (ah init enables runners too, and says so).
func EnableAs(repo fs.FS, data []byte, capability string, facts adapter.Facts, by string) (Edit, error) {
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
	if ev, ok := facts.Evidence[capability]; ok && ev.Probed && len(ev.Runnable) == 0 && slices.Contains(RunnerCapabilities, capability) {
		return Edit{}, &ToolMissingError{Capability: capability, Tried: ev.Tried, TimedOut: ev.TimedOut}
	}
	pe := editFor(repo, data, capability, facts, by)
	if slices.Contains(QualityCapabilities, capability) {
		pe = qualityEdit(data, capability, facts)
	}
	if pe.err != nil {
		return Edit{}, pe.err
	}
	if err := verify(data, pe.content, pe.apply); err != nil {
		return Edit{}, fmt.Errorf("cannot enable %s automatically: the edited %s would be wrong (%v); add this by hand:\n%s",
			capability, config.Path, err, pe.added)
	}
	e.Changed, e.Added, e.Content, e.Message = true, pe.added, pe.content, pe.message
	return e, nil
}

// enabledAlready says why capability needs no change, or "".
func enabledAlready(cfg config.Config, capability string, facts adapter.Facts) string {
	if capability == "mutation" {
		return mutationEnabled(cfg)
	}
	if _, ok := cfg.Runners[capability]; ok {
		return fmt.Sprintf("%s is already enabled: [runners.%s] is configured in %s", capability, capability, config.Path)
	}
	if t := configuredAdapters(cfg, facts)[capability]; t != "" {
		return fmt.Sprintf("%s is already enabled: the %s runner in %s runs it", capability, t, config.Path)
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

func editFor(repo fs.FS, data []byte, capability string, facts adapter.Facts, by string) edit {
	header := fmt.Sprintf("# Added by `%s`", by)
	argv := runnerCommand(repo, capability, facts)
	if len(argv) > 0 && path.IsAbs(argv[0]) {
		// A probe proved this machine's program (/usr/bin/python3): the
		// committed config names the adapter, whose probes find the
		// program on each machine, never this one's absolute path.
		block := fmt.Sprintf("%s: [[tests.%s]] entries run the %s adapter's command, found on each machine.\n[runners.%s]\nadapter = %s\n",
			header, capability, capability, capability, tomlstring.Quote(capability))
		return appendEdit(data, block, fmt.Sprintf("enabled %s: added [runners.%s] to %s (here it runs %s; the adapter finds the program on each machine)",
			capability, capability, config.Path, shellword.Quote(argv)),
			func(doc map[string]any) {
				set(doc, map[string]any{"adapter": capability}, "runners", capability)
			})
	}
	block := fmt.Sprintf("%s: [[tests.%s]] entries run this command with their flags appended.\n[runners.%s]\ncommand = %s\n",
		header, capability, capability, tomlArray(argv))
	return appendEdit(data, block, fmt.Sprintf("enabled %s: added [runners.%s] to %s", capability, capability, config.Path),
		func(doc map[string]any) {
			set(doc, map[string]any{"command": toAny(argv)}, "runners", capability)
		})
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
// old one (data) with apply's change and nothing else. It decodes both
// documents itself: the comparison needs every table, read or not.
func verify(data, content []byte, apply func(map[string]any)) error {
	if _, err := config.Parse(content); err != nil {
		return err
	}
	want, err := schema.DecodeTOML(data)
	if err != nil {
		return err
	}
	got, err := schema.DecodeTOML(content)
	if err != nil {
		return err
	}
	apply(want)
	if !reflect.DeepEqual(want, got) {
		return errors.New("it would change more than the capability's own table")
	}
	return nil
}

// tomlArray renders argv as a TOML array of basic strings.
func tomlArray(argv []string) string {
	parts := make([]string, len(argv))
	for i, a := range argv {
		parts[i] = tomlstring.Quote(a)
	}
	return "[" + strings.Join(parts, ", ") + "]"
}
