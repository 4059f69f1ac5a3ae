package output

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/espectacular/ah/core/changelog"
	"github.com/espectacular/ah/core/upgrade"
)

// UpgradeData is the data of the upgrade envelope.
type UpgradeData struct {
	From       string       `json:"from"`
	To         string       `json:"to"`
	Upgraded   bool         `json:"upgraded"`
	ConfigPath string       `json:"config_path"`
	Changes    []changeJSON `json:"changes"`
	// UnassignedArchetypes are the contracts with archetype = "" to fill
	// (issue 39); absent when none.
	UnassignedArchetypes []string `json:"unassigned_archetypes,omitempty"`

	changes []changelog.Entry // for the text form's labels
}

type changeJSON struct {
	Version string `json:"version"`
	Kind    string `json:"kind"`
	Name    string `json:"name"`
	Text    string `json:"text"`
}

// NewUpgradeData maps an upgrade of the config at configPath.
func NewUpgradeData(res upgrade.Result, configPath string) UpgradeData {
	data := UpgradeData{From: res.From, To: res.To, Upgraded: res.Upgraded, ConfigPath: configPath,
		Changes: []changeJSON{}, changes: res.Changes}
	for _, e := range res.Changes {
		data.Changes = append(data.Changes, changeJSON{e.Version, string(e.Kind), e.Name, e.Text})
	}
	return data
}

// UpgradeText prints the changes, oldest release first, then the edit.
type UpgradeText struct{ w io.Writer }

// NewUpgradeText returns the text printer of ah upgrade writing to w.
func NewUpgradeText(w io.Writer) *UpgradeText { return &UpgradeText{w: w} }

// Print writes u.
func (p *UpgradeText) Print(u UpgradeData) error {
	var b strings.Builder
	for _, c := range u.UnassignedArchetypes {
		fmt.Fprintf(&b, "fill: %s has archetype = \"\"; set it to PF, SA, BP, CE or NR (ah type)\n", Escape(c))
	}
	if !u.Upgraded {
		fmt.Fprintf(&b, "up to date: tool_version %s\n", Escape(u.From))
		_, err := fmt.Fprint(p.w, b.String())
		return err
	}
	if len(u.changes) > 0 {
		fmt.Fprintf(&b, "changes since %s:\n", Escape(u.From))
	}
	for _, e := range u.changes {
		fmt.Fprintf(&b, "  %-7s %s %s: %s\n", e.Version, kindLabel(e.Kind), e.Name, e.Text)
	}
	fmt.Fprintf(&b, "upgraded: tool_version %s -> %s in %s\n", Escape(u.From), u.To, u.ConfigPath)
	_, err := fmt.Fprint(p.w, b.String())
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

// ChangelogMarkdown is CHANGELOG.md: every entry of the embedded changelog,
// newest release first, worded as ah upgrade prints it (one source: a test
// keeps the file equal to this).
func ChangelogMarkdown(entries []changelog.Entry) string {
	var b strings.Builder
	b.WriteString("# Changelog\n\n")
	b.WriteString("What each release of ah changes for someone upgrading. `ah upgrade` prints the entries newer than the\n")
	b.WriteString("config's `tool_version`; both come from `core/changelog/entries.go` (edit it, then rewrite this file with\n")
	b.WriteString("`go tool -modfile=tools/go.mod task test:update`).\n")
	byVersion := map[string][]changelog.Entry{}
	var versions []string
	for _, e := range entries {
		if _, ok := byVersion[e.Version]; !ok {
			versions = append(versions, e.Version)
		}
		byVersion[e.Version] = append(byVersion[e.Version], e)
	}
	slices.SortStableFunc(versions, func(a, b string) int { return changelog.Compare(b, a) })
	for _, v := range versions {
		fmt.Fprintf(&b, "\n## %s\n\n", v)
		for _, e := range byVersion[v] {
			fmt.Fprintf(&b, "- %s %s: %s\n", kindLabel(e.Kind), e.Name, e.Text)
		}
	}
	return b.String()
}
