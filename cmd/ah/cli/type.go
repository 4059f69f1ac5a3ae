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

// Run lists the archetypes or describes one.
func (c *TypeCmd) Run(g *Globals, d *Deps) error {
	out := d.Streams.Out
	if strings.TrimSpace(c.Code) == "" {
		all := archetype.All()
		if g.asJSON() {
			return output.TypeListKind.JSON(out, jsonOpts(), true).Print(output.NewArchetypeListData(all))
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
		return output.TypeKind.JSON(out, jsonOpts(), true).Print(output.NewArchetypeData(a))
	}
	_, err := fmt.Fprint(out, strings.TrimRight(a.Body, "\n")+"\n")
	return err
}
