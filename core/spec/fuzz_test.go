package spec_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/slug"
	"github.com/espectacular/ah/core/spec"
)

// FuzzScan checks the scanner's invariants on arbitrary input: no panic,
// lines inside the file, ids derived from titles, a deterministic result.
func FuzzScan(f *testing.F) {
	for _, tt := range allScanCases() {
		f.Add([]byte(tt.in))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		got := spec.Scan(data)
		// "\r\n", "\n" and a lone "\r" each end a line.
		nLines := strings.Count(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n") + strings.Count(strings.ReplaceAll(string(data), "\r\n", ""), "\r") + 1
		prev := 0
		for _, s := range got {
			require.True(t, s.Line >= 1 && s.Line <= nLines, "scenario %q on line %d of a %d-line file", s.Title, s.Line, nLines)
			require.Greater(t, s.Line, prev, "scenarios out of document order")
			prev = s.Line
			require.Equal(t, slug.Make(s.Title), s.ID, "ID of title %q", s.Title)
			require.Equal(t, strings.TrimSpace(s.Title), s.Title, "title not trimmed")
			if s.Body != "" {
				last := s.Body[strings.LastIndex(s.Body, "\n")+1:]
				require.NotEmpty(t, strings.TrimSpace(last), "body ends with a blank line: %q", s.Body)
			}
		}
		assert.Equal(t, got, spec.Scan(data), "Scan is not deterministic")
	})
}

// FuzzParse checks the tree's invariants on arbitrary input: spans inside
// the document and inside their parent, blocks in document order, and every
// flat scenario exactly once in the tree.
func FuzzParse(f *testing.F) {
	for _, tt := range allScanCases() {
		f.Add([]byte(tt.in))
	}
	for _, tt := range treeCases {
		f.Add([]byte(tt.in))
	}
	for _, tt := range commentCases {
		f.Add([]byte(tt.in))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		d := spec.Parse(data)
		if u := d.Unclosed; u != nil {
			require.NotEmpty(t, u.Hidden, "an unclosed block is reported only when it hides a scenario")
			prev := u.Line
			for _, l := range u.Hidden {
				require.Greater(t, l, prev, "hidden heading not after the block's opening")
				require.LessOrEqual(t, l, d.Lines, "hidden heading past the end")
				prev = l
			}
		}
		within := func(what string, s, parent spec.Span) {
			t.Helper()
			require.True(t, s.Start >= 1 && s.Start <= s.End, "%s span %v is empty or before line 1", what, s)
			require.True(t, parent.Start <= s.Start && s.End <= parent.End, "%s span %v outside %v", what, s, parent)
		}
		doc := spec.Span{Start: 1, End: d.Lines}
		prev := 0
		for _, h := range d.Headings {
			within("heading", h.Span, doc)
			require.Greater(t, h.Span.Start, prev, "headings out of document order")
			prev = h.Span.Start
		}
		var tree []spec.Scenario
		block := func(parent spec.Span, reqs []spec.Requirement, loose []spec.ScenarioNode) {
			prev := 0
			for _, r := range reqs {
				within("requirement", r.Span, parent)
				require.Greater(t, r.Span.Start, prev, "requirements out of order")
				prev = r.Span.End
				for _, n := range r.Scenarios {
					within("scenario", n.Span, r.Span)
					tree = append(tree, n.Scenario)
				}
			}
			for _, n := range loose {
				within("scenario", n.Span, parent)
				tree = append(tree, n.Scenario)
			}
		}
		block(doc, d.Requirements, d.Scenarios)
		prev = 0
		for _, s := range d.Sections {
			within("section", s.Span, doc)
			require.Greater(t, s.Span.Start, prev, "sections overlap or out of order")
			prev = s.Span.End
			block(s.Span, s.Requirements, s.Scenarios)
			for _, r := range s.Renames {
				require.Equal(t, spec.DeltaRenamed, s.Delta, "rename outside a RENAMED section")
				for _, ref := range []spec.Ref{r.From, r.To} {
					require.True(t, ref.Line == 0 || s.Span.Contains(ref.Line), "rename line %d outside %v", ref.Line, s.Span)
				}
			}
			for _, ref := range s.Removed {
				require.Equal(t, spec.DeltaRemoved, s.Delta, "removed outside a REMOVED section")
				require.True(t, s.Span.Contains(ref.Line), "removed line %d outside %v", ref.Line, s.Span)
			}
		}
		prev = 0
		for _, m := range d.NearMisses {
			require.True(t, doc.Contains(m.Line), "near miss on line %d of %d", m.Line, d.Lines)
			require.Greater(t, m.Line, prev, "near misses out of order")
			prev = m.Line
			require.True(t, strings.HasPrefix(m.Corrected, "#### Scenario:"), "corrected form %q", m.Corrected)
			require.Equal(t, m.Corrected, strings.TrimSpace(m.Corrected), "corrected form not trimmed")
		}
		flat := spec.Scan(data)
		for _, s := range flat {
			for _, m := range d.NearMisses {
				require.NotEqual(t, s.Line, m.Line, "line %d is both a scenario and a near miss", s.Line)
			}
		}
		require.Equal(t, flat, d.Flatten(), "Flatten differs from Scan")
		require.ElementsMatch(t, flat, tree, "the tree does not hold each flat scenario exactly once")
		require.Equal(t, d, spec.Parse(data), "Parse is not deterministic")
	})
}
