package spec

import "strings"

// deltaOf names the delta section a `##` title opens. OpenSpec matches the
// four titles case-insensitively; any other title is no delta.
func deltaOf(title string) Delta {
	for _, d := range []Delta{DeltaAdded, DeltaModified, DeltaRemoved, DeltaRenamed} {
		if strings.EqualFold(title, string(d)+" Requirements") {
			return d
		}
	}
	return DeltaNone
}

// refMark reads a line of a RENAMED section (`- FROM: ### Requirement: A`,
// `- TO: ...`, dash and backticks optional) or a REMOVED bullet
// (“- `### Requirement: A` “). Requirement headings themselves are
// headings, not marks.
func refMark(d Delta, line string) (mark, bool) {
	t := strings.TrimSpace(line)
	switch d {
	case DeltaRenamed:
		t = strings.TrimSpace(strings.TrimPrefix(t, "-"))
		for _, k := range []struct {
			prefix string
			kind   markKind
		}{{"FROM:", markFrom}, {"TO:", markTo}} {
			if rest, ok := strings.CutPrefix(t, k.prefix); ok {
				name, ok := requirementRef(rest)
				return mark{kind: k.kind, name: name}, ok
			}
		}
	case DeltaRemoved:
		if rest, ok := strings.CutPrefix(t, "-"); ok {
			name, ok := requirementRef(rest)
			return mark{kind: markRemoved, name: name}, ok
		}
	}
	return mark{}, false
}

// requirementRef reads "`### Requirement: A`" (backticks optional) and
// returns "A".
func requirementRef(s string) (string, bool) {
	s = strings.Trim(strings.TrimSpace(s), "`")
	rest, ok := strings.CutPrefix(strings.TrimSpace(s), "###")
	if !ok {
		return "", false
	}
	return requirementName(strings.TrimSpace(rest))
}

// addMark records a reference line in its section. A TO completes the
// FROM just before it; any other TO, or a FROM never completed, stays a
// half pair.
func (s *Section) addMark(m mark) {
	ref := Ref{m.name, m.line}
	switch m.kind {
	case markFrom:
		s.Renames = append(s.Renames, Rename{From: ref})
	case markTo:
		if n := len(s.Renames); n > 0 && s.Renames[n-1].To.Line == 0 {
			s.Renames[n-1].To = ref
			return
		}
		s.Renames = append(s.Renames, Rename{To: ref})
	case markRemoved:
		s.Removed = append(s.Removed, ref)
	}
}
