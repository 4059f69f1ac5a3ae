package cli

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/espectacular/ah/cmd/ah/cli/output"
	"github.com/espectacular/ah/core/changelog"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/upgrade"
)

// UpgradeCmd is `ah upgrade`.
type UpgradeCmd struct{}

// upgradeJSON is the data of the upgrade envelope.
type upgradeJSON struct {
	From       string       `json:"from"`
	To         string       `json:"to"`
	Upgraded   bool         `json:"upgraded"`
	ConfigPath string       `json:"config_path"`
	Changes    []changeJSON `json:"changes"`
}

type changeJSON struct {
	Version string `json:"version"`
	Kind    string `json:"kind"`
	Name    string `json:"name"`
	Text    string `json:"text"`
}

// Run reports what changed since the config's tool_version and rewrites
// only that value. Upgrading exits 1, so a CI run notices the edit.
func (c *UpgradeCmd) Run(ctx context.Context, g *Globals, d *Deps) error {
	r, err := openRepo(g, d)
	if err != nil {
		return err
	}
	var res upgrade.Result
	// Planned from the file under the writer's lock, as doctor --enable
	// does, so a concurrent edit is never overwritten.
	err = d.NewWriter(r.Root).Update(ctx, config.Path, func(old []byte) ([]byte, error) {
		var err error
		res, err = upgrade.Plan(old, Version)
		return res.Content, err
	})
	if ne, ok := errors.AsType[*upgrade.NewerError](err); ok {
		return &RunError{Message: ne.Error(), Cause: ne}
	}
	if err != nil {
		return err
	}
	if g.asJSON() {
		data := upgradeJSON{From: res.From, To: res.To, Upgraded: res.Upgraded, ConfigPath: config.Path, Changes: []changeJSON{}}
		for _, e := range res.Changes {
			data.Changes = append(data.Changes, changeJSON{e.Version, string(e.Kind), e.Name, e.Text})
		}
		err = output.WriteEnvelope(d.Streams.Out, output.NewEnvelope("upgrade", Version, !res.Upgraded, data))
	} else {
		err = upgradeText(d, res)
	}
	if err != nil {
		return err
	}
	if res.Upgraded {
		return errGateFailed
	}
	return nil
}

// upgradeText prints the changes, oldest release first, then the edit.
func upgradeText(d *Deps, res upgrade.Result) error {
	var b strings.Builder
	if !res.Upgraded {
		fmt.Fprintf(&b, "up to date: tool_version %s\n", output.Escape(res.From))
		_, err := fmt.Fprint(d.Streams.Out, b.String())
		return err
	}
	if len(res.Changes) > 0 {
		fmt.Fprintf(&b, "changes since %s:\n", output.Escape(res.From))
	}
	for _, e := range res.Changes {
		fmt.Fprintf(&b, "  %-7s %s %s: %s\n", e.Version, kindLabel(e.Kind), e.Name, e.Text)
	}
	fmt.Fprintf(&b, "upgraded: tool_version %s -> %s in %s\n", output.Escape(res.From), res.To, config.Path)
	_, err := fmt.Fprint(d.Streams.Out, b.String())
	return err
}

// kindLabel words an entry kind for people.
func kindLabel(k changelog.Kind) string {
	switch k {
	case changelog.Archetype:
		return "new archetype"
	case changelog.Finding:
		return "new finding kind"
	case changelog.ConfigKey:
		return "new config key"
	case changelog.Default:
		return "changed default"
	}
	return "new command"
}
