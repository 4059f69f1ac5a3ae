package cli

import (
	"fmt"
	"strings"

	"github.com/espectacular/ah/cmd/ah/cli/output"
	"github.com/espectacular/ah/core/archetype"
)

// TypeCmd is `ah type [code]`.
type TypeCmd struct {
	Code string `arg:"" optional:"" help:"An archetype code such as PF (case-insensitive)."`
}

// archetypeJSON is the JSON shape of one archetype.
type archetypeJSON struct {
	Code    string `json:"code"`
	Name    string `json:"name"`
	Summary string `json:"summary"`
	Since   string `json:"since"`
	Body    string `json:"body_markdown,omitempty"`
}

// Run lists the archetypes or describes one.
func (c *TypeCmd) Run(g *Globals, d *Deps) error {
	out := d.Streams.Out
	if strings.TrimSpace(c.Code) == "" {
		all := archetype.All()
		if g.asJSON() {
			list := make([]archetypeJSON, len(all))
			for i, a := range all {
				list[i] = archetypeJSON{Code: a.Code, Name: a.Name, Summary: a.Summary, Since: a.Since}
			}
			return output.WriteEnvelope(out, output.NewEnvelope("type", Version, true, map[string]any{"archetypes": list}))
		}
		for _, a := range all {
			fmt.Fprintf(out, "%-3s %s (since %s): %s\n", a.Code, a.Name, a.Since, a.Summary)
		}
		return nil
	}
	a, ok := archetype.Lookup(c.Code)
	if !ok {
		return usageError("unknown archetype %q; known archetypes: %s", c.Code, strings.Join(archetype.Codes(), ", "))
	}
	if g.asJSON() {
		return output.WriteEnvelope(out, output.NewEnvelope("type", Version, true, archetypeJSON{a.Code, a.Name, a.Summary, a.Since, a.Body}))
	}
	_, err := fmt.Fprint(out, strings.TrimRight(a.Body, "\n")+"\n")
	return err
}
