package overlay_test

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/espectacular/ah/core/finding"
	"github.com/espectacular/ah/core/overlay"
	"github.com/espectacular/ah/core/spec"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

const deployedSpec = `# compiler

## Requirements

### Requirement: Parsing
The compiler SHALL parse.

#### Scenario: Old behavior
- **WHEN** old input
- **THEN** old output

#### Scenario: Keeps going
- **WHEN** more input
- **THEN** it keeps going

### Requirement: Output
The compiler SHALL print.

#### Scenario: Prints
- **WHEN** done
- **THEN** it prints
`

const (
	oldBody   = "- **WHEN** old input\n- **THEN** old output"
	keepBlock = "#### Scenario: Keeps going\n- **WHEN** more input\n- **THEN** it keeps going\n"
)

// apply runs Load and Apply over a repository holding the deployed
// compiler spec plus files.
func apply(t *testing.T, files map[string]string, ids ...string) overlay.Result {
	t.Helper()
	fsys := fstest.MapFS{"openspec/specs/compiler/spec.md": {Data: []byte(deployedSpec)}}
	for p, s := range files {
		fsys[p] = &fstest.MapFile{Data: []byte(s)}
	}
	deployed, err := spec.Discover(fsys, "openspec/specs")
	require.NoError(t, err)
	changes, err := overlay.Load(fsys, "openspec/changes", 1<<20, ids)
	require.NoError(t, err)
	var contracts []string
	for p := range files {
		if len(p) > 13 && p[:13] == ".espectacular" {
			contracts = append(contracts, p)
		}
	}
	return overlay.Apply(deployed, contracts, changes)
}

func ids(r overlay.Result, capability string) []string {
	var out []string
	for _, s := range r.Scopes[capability] {
		out = append(out, s.Scenario.ID)
	}
	return out
}

func messages(r overlay.Result, k finding.Kind) []string {
	var out []string
	for _, f := range r.Findings {
		if f.Kind == k {
			out = append(out, f.Message)
		}
	}
	return out
}

func delta(sections string) string { return "# compiler delta\n\n" + sections }

const modifiedParsing = "## MODIFIED Requirements\n\n### Requirement: Parsing\nThe compiler SHALL parse better.\n\n"

func TestApply(t *testing.T) {
	const chg = "openspec/changes/add-parser/specs/compiler/spec.md"
	const staged = ".espectacular/changes/add-parser/compiler/"
	tests := []struct {
		name      string
		files     map[string]string
		ids       []string
		scope     []string
		conflicts []string // substrings, one per overlay-conflict, in order
		check     func(t *testing.T, r overlay.Result)
	}{{
		name: "ADDED requirement joins the scope with its staged contract",
		files: map[string]string{
			chg:                          delta("## ADDED Requirements\n\n### Requirement: Lexing\nIt SHALL lex.\n\n#### Scenario: New behavior\n- **THEN** new\n"),
			staged + "new-behavior.toml": "",
		},
		scope: []string{"old-behavior", "keeps-going", "prints", "new-behavior"},
		check: func(t *testing.T, r overlay.Result) {
			s := r.Scopes["compiler"][3]
			assert.Equal(t, chg, s.SpecPath)
			assert.Equal(t, "add-parser", s.Change)
			assert.Equal(t, staged+"new-behavior.toml", s.ContractPath)
			assert.Equal(t, ".espectacular/compiler/old-behavior.toml", r.Scopes["compiler"][0].ContractPath)
		},
	}, {
		name:  "a MODIFIED block restating a scenario unchanged is a no-op",
		files: map[string]string{chg: delta(modifiedParsing + "#### Scenario: Old behavior\n" + oldBody + "\n\n" + keepBlock)},
		scope: []string{"old-behavior", "keeps-going", "prints"},
		check: func(t *testing.T, r overlay.Result) {
			assert.Equal(t, "openspec/specs/compiler/spec.md", r.Scopes["compiler"][0].SpecPath)
		},
	}, {
		name: "new text with a staged contract replaces the deployed text",
		files: map[string]string{
			chg:                          delta(modifiedParsing + "#### Scenario: Old behavior\n- **THEN** reworded\n\n" + keepBlock),
			staged + "old-behavior.toml": "",
		},
		scope: []string{"old-behavior", "keeps-going", "prints"},
		check: func(t *testing.T, r overlay.Result) {
			s := r.Scopes["compiler"][0]
			assert.Equal(t, chg, s.SpecPath)
			assert.Equal(t, "- **THEN** reworded", s.Scenario.Body)
			assert.Equal(t, staged+"old-behavior.toml", s.ContractPath)
			assert.True(t, r.Claimed[".espectacular/compiler/old-behavior.toml"], "the deployed contract is replaced, not orphaned")
		},
	}, {
		name:      "new text without a staged contract is a conflict and the deployed text stays",
		files:     map[string]string{chg: delta(modifiedParsing + "#### Scenario: Old behavior\n- **THEN** reworded\n\n" + keepBlock)},
		scope:     []string{"old-behavior", "keeps-going", "prints"},
		conflicts: []string{`change "add-parser" restates scenario "Old behavior"`},
		check: func(t *testing.T, r overlay.Result) {
			assert.Equal(t, oldBody, r.Scopes["compiler"][0].Scenario.Body)
			assert.Equal(t, chg, r.Findings[0].SpecPath)
		},
	}, {
		name:      "a MODIFIED block omitting a deployed scenario is a conflict; the scenario stays",
		files:     map[string]string{chg: delta(modifiedParsing + "#### Scenario: Old behavior\n" + oldBody + "\n")},
		scope:     []string{"old-behavior", "keeps-going", "prints"},
		conflicts: []string{`requirement "Parsing" omits "Keeps going"`},
	}, {
		name:  "REMOVED takes the requirement's scenarios out; their deployed contracts are claimed",
		files: map[string]string{chg: delta("## REMOVED Requirements\n\n### Requirement: Output\n**Reason**: gone\n")},
		scope: []string{"old-behavior", "keeps-going"},
		check: func(t *testing.T, r overlay.Result) {
			assert.True(t, r.Claimed[".espectacular/compiler/prints.toml"])
			assert.False(t, r.Claimed[".espectacular/compiler/old-behavior.toml"])
		},
	}, {
		name: "RENAMED keeps the scenarios, and MODIFIED then names the new header",
		files: map[string]string{chg: delta("## RENAMED Requirements\n\n- FROM: `### Requirement: Output`\n- TO: `### Requirement: Printing`\n\n" +
			"## MODIFIED Requirements\n\n### Requirement: Printing\nIt SHALL print.\n\n#### Scenario: Prints\n- **WHEN** done\n- **THEN** it prints\n\n#### Scenario: Prints twice\n- **THEN** twice\n")},
		scope: []string{"old-behavior", "keeps-going", "prints", "prints-twice"},
	}, {
		// The first requirement sits at index 0 of the model: found, not missing.
		name:  "RENAMED and REMOVED find the first requirement",
		files: map[string]string{chg: delta("## RENAMED Requirements\n\n- FROM: `### Requirement: Parsing`\n- TO: `### Requirement: Lexing`\n\n## REMOVED Requirements\n\n### Requirement: Output\n")},
		scope: []string{"old-behavior", "keeps-going"},
	}, {
		name:  "REMOVED takes out the first requirement",
		files: map[string]string{chg: delta("## REMOVED Requirements\n\n- `### Requirement: Parsing`\n")},
		scope: []string{"prints"},
		check: func(t *testing.T, r overlay.Result) {
			assert.True(t, r.Claimed[".espectacular/compiler/old-behavior.toml"])
			assert.False(t, r.Claimed[".espectacular/compiler/prints.toml"])
		},
	}, {
		name:      "RENAMED onto an existing name is a conflict, whichever requirement is first",
		files:     map[string]string{chg: delta("## RENAMED Requirements\n\n- FROM: `### Requirement: Parsing`\n- TO: `### Requirement: Output`\n- FROM: `### Requirement: Output`\n- TO: `### Requirement: Parsing`\n")},
		scope:     []string{"old-behavior", "keeps-going", "prints"},
		conflicts: []string{`:6: RENAMED TO names requirement "Output", which already exists in the scope of openspec/specs/compiler/spec.md: pick another name`, `:8: RENAMED TO names requirement "Parsing", which already exists`},
	}, {
		name:  "a RENAMED whose new name is already the first requirement is a no-op",
		files: map[string]string{chg: delta("## RENAMED Requirements\n\n- FROM: `### Requirement: Old parsing`\n- TO: `### Requirement: Parsing`\n")},
		scope: []string{"old-behavior", "keeps-going", "prints"},
	}, {
		name:      "a RENAMED of a missing requirement is a conflict",
		files:     map[string]string{chg: delta("## RENAMED Requirements\n\n- FROM: `### Requirement: Gone`\n- TO: `### Requirement: Back`\n")},
		scope:     []string{"old-behavior", "keeps-going", "prints"},
		conflicts: []string{`change "add-parser": ` + chg + `:5: RENAMED FROM names requirement "Gone", which is not in the scope of openspec/specs/compiler/spec.md: name an existing requirement`},
	}, {
		name:      "ADDED naming the first requirement is a conflict",
		files:     map[string]string{chg: delta("## ADDED Requirements\n\n### Requirement: Parsing\nx SHALL y\n\n#### Scenario: Old behavior\n" + oldBody + "\n\n" + keepBlock)},
		scope:     []string{"old-behavior", "keeps-going", "prints"},
		conflicts: []string{`ADDED names requirement "Parsing", which already exists in the scope of openspec/specs/compiler/spec.md: use MODIFIED`},
	}, {
		name: "one change adding a scenario under two requirements is no conflict between changes",
		files: map[string]string{chg: delta("## ADDED Requirements\n\n### Requirement: A\nx SHALL y\n\n#### Scenario: Twin\n- **THEN** a\n\n" +
			"### Requirement: B\nx SHALL y\n\n#### Scenario: Twin\n- **THEN** a\n")},
		scope: []string{"old-behavior", "keeps-going", "prints", "twin"},
	}, {
		name:  "an added scenario with no contract anywhere gets the change's staging path",
		files: map[string]string{chg: delta("## ADDED Requirements\n\n### Requirement: Lexing\nIt SHALL lex.\n\n#### Scenario: New behavior\n- **THEN** new\n")},
		scope: []string{"old-behavior", "keeps-going", "prints", "new-behavior"},
		check: func(t *testing.T, r overlay.Result) {
			assert.Equal(t, staged+"new-behavior.toml", r.Scopes["compiler"][3].ContractPath)
		},
	}, {
		name: "an added scenario whose deployed contract exists keeps it",
		files: map[string]string{
			chg: delta("## ADDED Requirements\n\n### Requirement: Lexing\nIt SHALL lex.\n\n#### Scenario: New behavior\n- **THEN** new\n"),
			".espectacular/compiler/new-behavior.toml": "",
		},
		scope: []string{"old-behavior", "keeps-going", "prints", "new-behavior"},
		check: func(t *testing.T, r overlay.Result) {
			assert.Equal(t, ".espectacular/compiler/new-behavior.toml", r.Scopes["compiler"][3].ContractPath)
		},
	}, {
		name:  "a new requirement restating a deployed scenario unchanged keeps it once in scope",
		files: map[string]string{chg: delta("## ADDED Requirements\n\n### Requirement: Lexing\nIt SHALL lex.\n\n#### Scenario: Prints\n- **WHEN** done\n- **THEN** it prints\n")},
		scope: []string{"old-behavior", "keeps-going", "prints"},
	}, {
		name:      "a new requirement restating a deployed scenario with new text and no staged contract is a conflict",
		files:     map[string]string{chg: delta("## ADDED Requirements\n\n### Requirement: Lexing\nIt SHALL lex.\n\n#### Scenario: Prints\n- **THEN** reworded\n")},
		scope:     []string{"old-behavior", "keeps-going", "prints"},
		conflicts: []string{`change "add-parser" restates scenario "Prints" of capability "compiler" with text that differs from openspec/specs/compiler/spec.md:19`},
	}, {
		name: "OpenSpec's refusals are conflicts",
		files: map[string]string{chg: delta("## ADDED Requirements\n\n### Requirement: Output\nx SHALL y\n\n#### Scenario: Prints\n- **WHEN** done\n- **THEN** it prints\n\n" +
			"## MODIFIED Requirements\n\n### Requirement: Nothing here\nx SHALL y\n\n#### Scenario: Ghost\n- **THEN** boo\n\n" +
			"## REMOVED Requirements\n\n### Requirement: parsing\n\n### Requirement: Nothing here\n")},
		scope: []string{"old-behavior", "keeps-going", "prints"},
		conflicts: []string{
			`requirement "Nothing here" is both MODIFIED and REMOVED`,
			`REMOVED names requirement "parsing", which is not in the scope of openspec/specs/compiler/spec.md (did you mean "Parsing"?)`,
			`REMOVED names requirement "Nothing here", which is not in the scope`,
			`ADDED names requirement "Output", which already exists`,
		},
	}, {
		name:      "a delta spec with no operation is refused",
		files:     map[string]string{chg: "# compiler\n\n## Requirements\n\n### Requirement: X\n"},
		scope:     []string{"old-behavior", "keeps-going", "prints"},
		conflicts: []string{"has no ADDED, MODIFIED, REMOVED or RENAMED requirement"},
	}, {
		name: "a mirrored Requirements section with the same bodies is one scenario",
		files: map[string]string{chg: delta("## ADDED Requirements\n\n### Requirement: Lexing\nIt SHALL lex.\n\n#### Scenario: New behavior\n- **THEN** new\n\n" +
			"## Requirements\n\n### Requirement: Lexing\nIt SHALL lex.\n\n#### Scenario: New behavior\n- **THEN** new\n")},
		scope: []string{"old-behavior", "keeps-going", "prints", "new-behavior"},
		check: func(t *testing.T, r overlay.Result) { assert.Empty(t, r.Collisions) },
	}, {
		name: "a mirror with a different body is a collision",
		files: map[string]string{chg: delta("## ADDED Requirements\n\n### Requirement: Lexing\nIt SHALL lex.\n\n#### Scenario: New behavior\n- **THEN** new\n\n" +
			"## Requirements\n\n### Requirement: Lexing\nIt SHALL lex.\n\n#### Scenario: New behavior\n- **THEN** other\n")},
		scope: []string{"old-behavior", "keeps-going", "prints", "new-behavior"},
		check: func(t *testing.T, r overlay.Result) {
			require.Len(t, r.Collisions, 1)
			assert.Equal(t, staged+"new-behavior.toml", r.Collisions[0].ContractPath)
		},
	}, {
		// The loose copy after `# Tail` is read before the sections but is
		// later in the file: the first in the file is the first.
		name: "a collision names the copies in file order",
		files: map[string]string{chg: delta("## ADDED Requirements\n\n### Requirement: Lexing\nIt SHALL lex.\n\n#### Scenario: New behavior\n- **THEN** new\n\n" +
			"# Tail\n\n#### Scenario: New behavior\n- **THEN** other\n\n#### Scenario: New behavior\n- **THEN** third\n")},
		check: func(t *testing.T, r overlay.Result) {
			require.Len(t, r.Collisions, 2)
			for i, second := range []int{13, 16} {
				assert.Equal(t, 8, r.Collisions[i].First.Line)
				assert.Equal(t, second, r.Collisions[i].Second.Line)
			}
		},
	}, {
		name: "two changes adding one scenario id conflict",
		files: map[string]string{
			"openspec/changes/first/specs/compiler/spec.md":  delta("## ADDED Requirements\n\n### Requirement: A\nx SHALL y\n\n#### Scenario: Twin\n- **THEN** a\n"),
			"openspec/changes/second/specs/compiler/spec.md": delta("## ADDED Requirements\n\n### Requirement: B\nx SHALL y\n\n#### Scenario: Twin\n- **THEN** a\n"),
		},
		ids:       []string{"second", "first"},
		scope:     []string{"old-behavior", "keeps-going", "prints", "twin"},
		conflicts: []string{`changes "first" (openspec/changes/first/specs/compiler/spec.md:8) and "second"`},
	}, {
		name: "two changes staging one deployed scenario conflict; the first id wins",
		files: map[string]string{
			"openspec/changes/first/README.md":                  "",
			"openspec/changes/second/README.md":                 "",
			".espectacular/changes/first/compiler/prints.toml":  "",
			".espectacular/changes/second/compiler/prints.toml": "",
		},
		ids:       []string{"first", "second"},
		scope:     []string{"old-behavior", "keeps-going", "prints"},
		conflicts: []string{`changes "first" and "second" both stage a contract for scenario "Prints"`},
		check: func(t *testing.T, r overlay.Result) {
			assert.Equal(t, ".espectacular/changes/first/compiler/prints.toml", r.Scopes["compiler"][2].ContractPath)
		},
	}, {
		name:  "a staged contract without a scenario in scope is an orphan",
		files: map[string]string{"openspec/changes/add-parser/proposal.md": "", staged + "ghost.toml": ""},
		check: func(t *testing.T, r overlay.Result) {
			assert.Equal(t, []string{staged + `ghost.toml is staged by change "add-parser" but capability "compiler" has no scenario "ghost" in the scope of that change: add the scenario to the change's delta spec, or move or delete the contract`},
				messages(r, finding.OrphanTOML))
		},
	}, {
		name: "hidden staged files and directories are no contracts",
		files: map[string]string{
			"openspec/changes/add-parser/proposal.md":                      "",
			staged + ".ghost.toml":                                         "",
			staged + "zz.toml":                                             "",
			".espectacular/changes/add-parser/.drafts/compiler/ghost.toml": "",
		},
		check: func(t *testing.T, r overlay.Result) {
			assert.Equal(t, []string{staged + `zz.toml is staged by change "add-parser" but capability "compiler" has no scenario "zz" in the scope of that change: add the scenario to the change's delta spec, or move or delete the contract`},
				messages(r, finding.OrphanTOML))
		},
	}, {
		name:  "a contract staged outside any capability directory is an orphan of no capability",
		files: map[string]string{"openspec/changes/add-parser/proposal.md": "", ".espectacular/changes/add-parser/loose.toml": ""},
		check: func(t *testing.T, r overlay.Result) {
			require.Len(t, r.Findings, 1)
			fd := r.Findings[0]
			assert.Equal(t, `.espectacular/changes/add-parser/loose.toml is staged by change "add-parser" but capability "" has no scenario "loose" in the scope of that change: add the scenario to the change's delta spec, or move or delete the contract`, fd.Message)
			assert.Equal(t, "loose", fd.Scenario.ID)
			assert.Equal(t, "openspec/changes/add-parser/specs/spec.md", fd.SpecPath)
			assert.Empty(t, r.Scopes, "no capability is touched")
		},
	}}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if tt.ids == nil {
				tt.ids = []string{"add-parser"}
			}
			r := apply(t, tt.files, tt.ids...)
			if tt.scope != nil {
				assert.Equal(t, tt.scope, ids(r, "compiler"))
			}
			got := messages(r, finding.OverlayConflict)
			require.Len(t, got, len(tt.conflicts), "conflicts: %q", got)
			for i, want := range tt.conflicts {
				assert.Contains(t, got[i], want)
			}
			if tt.check != nil {
				tt.check(t, r)
			}
		})
	}
}

func TestLoadRefusesBadAndUnknownIDs(t *testing.T) {
	fsys := fstest.MapFS{"openspec/changes/real/proposal.md": {}}
	for _, id := range []string{"../x", "a/b", ".hidden", ""} {
		_, err := overlay.Load(fsys, "openspec/changes", 1<<20, []string{id})
		_, ok := errors.AsType[*overlay.BadIDError](err)
		assert.True(t, ok, "Load(%q) = %v, want a BadIDError", id, err)
	}
	_, err := overlay.Load(fsys, "openspec/changes", 1<<20, []string{"nope"})
	assert.EqualError(t, err, `change "nope" does not exist: there is no directory openspec/changes/nope; changes: real`)

	// With no change at all, the message points at the setting instead.
	_, err = overlay.Load(fstest.MapFS{"openspec/changes/archive/old/proposal.md": {}, "openspec/changes/notes.md": {}}, "openspec/changes", 1<<20, []string{"nope"})
	assert.EqualError(t, err, `change "nope" does not exist: there is no directory openspec/changes/nope; set [paths] changes in .espectacular/config.toml if the changes live elsewhere`)

	// A file is no change directory.
	_, err = overlay.Load(fsys, "openspec/changes", 1<<20, []string{"real/proposal.md"})
	_, ok := errors.AsType[*overlay.BadIDError](err)
	assert.True(t, ok, "a path is a bad id")
	_, err = overlay.Load(fstest.MapFS{"openspec/changes/real": {}, "openspec/changes/dir/x": {}}, "openspec/changes", 1<<20, []string{"real"})
	assert.EqualError(t, err, `change "real" does not exist: there is no directory openspec/changes/real; changes: dir`)
}

func TestNormalize(t *testing.T) {
	assert.Equal(t, []string{"alpha", "zeta"}, overlay.Normalize([]string{"zeta", "alpha", "zeta"}))
}

// TestApplyKeepsDocumentOrder: a deployed scenario under no requirement
// keeps its place before the requirement that follows it in the section.
func TestApplyKeepsDocumentOrder(t *testing.T) {
	fsys := fstest.MapFS{
		"openspec/specs/compiler/spec.md":              {Data: []byte("# compiler\n\n## Requirements\n\n#### Scenario: Loose\n- loose\n\n### Requirement: R\nx SHALL y\n\n#### Scenario: Inside\n- inside\n")},
		".espectacular/changes/c/compiler/inside.toml": {},
	}
	deployed, err := spec.Discover(fsys, "openspec/specs")
	require.NoError(t, err)
	fsys["openspec/changes/c/proposal.md"] = &fstest.MapFile{}
	changes, err := overlay.Load(fsys, "openspec/changes", 1<<20, []string{"c"})
	require.NoError(t, err)
	r := overlay.Apply(deployed, nil, changes)
	assert.Equal(t, []string{"loose", "inside"}, ids(r, "compiler"))
	assert.Empty(t, r.Findings)
}

// The model indexes requirements by name and scenarios by id (issue 29);
// a removed or renamed requirement must drop out of both.
func TestApplyIndexesFollowRemoveAndRename(t *testing.T) {
	const c1 = "openspec/changes/c1/specs/compiler/spec.md"
	const c2 = "openspec/changes/c2/specs/compiler/spec.md"
	t.Run("a removed requirement's scenario can be added again", func(t *testing.T) {
		r := apply(t, map[string]string{
			c1: delta("## REMOVED Requirements\n\n### Requirement: Output\n"),
			c2: delta("## ADDED Requirements\n\n### Requirement: Printing\nIt SHALL print.\n\n#### Scenario: Prints\n- **THEN** it prints anew\n"),
		}, "c1", "c2")
		assert.Empty(t, messages(r, finding.OverlayConflict))
		assert.Equal(t, []string{"old-behavior", "keeps-going", "prints"}, ids(r, "compiler"))
		assert.Equal(t, c2, r.Scopes["compiler"][2].SpecPath)
	})
	t.Run("a renamed requirement is found by its new name only", func(t *testing.T) {
		r := apply(t, map[string]string{
			c1: delta("## RENAMED Requirements\n\n- FROM: `### Requirement: Output`\n- TO: `### Requirement: Printing`\n"),
			c2: delta("## MODIFIED Requirements\n\n### Requirement: Printing\nIt SHALL print.\n\n#### Scenario: Prints\n- **WHEN** done\n- **THEN** it prints\n\n" +
				"### Requirement: Output\nIt SHALL output.\n\n#### Scenario: Outputs\n- **THEN** out\n"),
		}, "c1", "c2")
		got := messages(r, finding.OverlayConflict)
		require.Len(t, got, 1)
		assert.Contains(t, got[0], `MODIFIED names requirement "Output"`)
		assert.Equal(t, []string{"old-behavior", "keeps-going", "prints", "outputs"}, ids(r, "compiler"))
	})
}

// BenchmarkApplyAdded applies one ADDED delta of n requirements of three
// scenarios each (issue 29: this was quadratic). Compare ns/op across n:
// linear grows 4x from 2,000 to 8,000.
func BenchmarkApplyAdded(b *testing.B) {
	for _, n := range []int{2000, 8000} {
		b.Run(fmt.Sprint(n), func(b *testing.B) {
			var d strings.Builder
			d.WriteString("## ADDED Requirements\n\n")
			for r := range n {
				fmt.Fprintf(&d, "### Requirement: Req %d\nIt SHALL %d.\n\n", r, r)
				for s := range 3 {
					fmt.Fprintf(&d, "#### Scenario: Case %d %d\n- **THEN** %d %d\n\n", r, s, r, s)
				}
			}
			fsys := fstest.MapFS{"openspec/changes/big/specs/big/spec.md": {Data: []byte(d.String())}}
			changes, err := overlay.Load(fsys, "openspec/changes", 1<<30, []string{"big"})
			require.NoError(b, err)
			b.ReportAllocs()
			for b.Loop() {
				overlay.Apply(nil, nil, changes)
			}
		})
	}
}
