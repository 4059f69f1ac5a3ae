package cli

import (
	"fmt"
	"strings"

	"github.com/espectacular/ah/cmd/ah/cli/output"
	"github.com/espectacular/ah/core/playbook"
)

// ExplainCmd is `ah explain [topic]`.
type ExplainCmd struct {
	Topic string `arg:"" optional:"" predictor:"topic" help:"A finding kind, suggested action, adapter or general topic."`
	List  bool   `help:"List the topics, one per line."`
}

// Run prints a topic, or the topic index.
func (c *ExplainCmd) Run(g *Globals, d *Deps) error {
	out := d.Streams.Out
	if c.Topic == "" || c.List {
		topics := playbook.All()
		if g.asJSON() {
			return output.ExplainListKind.JSON(out, jsonOpts(), true).Print(output.NewTopicListData(topics))
		}
		for _, t := range topics {
			if c.List {
				fmt.Fprintln(out, t.Slug)
			} else {
				fmt.Fprintf(out, "%-32s %s\n", t.Slug, t.Summary)
			}
		}
		return nil
	}
	t, ok := playbook.Lookup(c.Topic)
	if !ok {
		msg := fmt.Sprintf("unknown topic %q", c.Topic)
		if s := playbook.Suggest(c.Topic); len(s) > 0 {
			msg += "; did you mean " + strings.Join(s, ", ") + "?"
		}
		return usageError("%s (run `ah explain --list` for every topic)", msg)
	}
	if g.asJSON() {
		return output.ExplainKind.JSON(out, jsonOpts(), true).Print(output.NewTopicData(t))
	}
	return playbook.Render(out, t)
}
