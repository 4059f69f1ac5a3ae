package spec

import (
	"slices"

	"github.com/espectacular/ah/core/slug"
)

// QualifySeparator joins a requirement's slug and a scenario's id in a
// qualified id. A slug never holds two dashes in a row, so a qualified id
// can never equal a plain one.
const QualifySeparator = "--"

// QualifiedID is the id a scenario gets under [scenarios]
// qualify_colliding_ids when an earlier scenario of its spec, under another
// requirement, has its id: "<requirement-slug>--<id>". It is "" when the
// scenario is under no requirement (nothing to qualify it by).
func QualifiedID(requirement, id string) string {
	r := slug.Make(requirement)
	if r == "" || id == "" {
		return ""
	}
	return r + QualifySeparator + id
}

// Qualify returns files whose scenarios are qualified (issue 28: OpenSpec
// accepts one title under two requirements of a spec): in document order,
// a scenario whose id an earlier scenario under another requirement
// already has, with a different body, gets QualifiedID. The first keeps
// its id, so its contract keeps its file, and a spec without collisions is
// returned unchanged. A repeat under the same requirement stays a
// collision for Dedupe. The files given are not changed.
func Qualify(files []File) []File {
	out := slices.Clone(files)
	for i, f := range out {
		req := requirementOf(f.Doc)
		type first struct {
			requirement, body string
		}
		seen := map[string]first{}
		var scenarios []Scenario
		for _, s := range f.Scenarios {
			r := req[s.Line]
			prev, ok := seen[s.ID]
			if !ok || s.ID == "" {
				seen[s.ID] = first{r, s.Body}
			} else if prev.requirement != r && !SameBody(prev.body, s.Body) {
				if q := QualifiedID(r, s.ID); q != "" {
					s.ID = q
				}
			}
			scenarios = append(scenarios, s)
		}
		out[i].Scenarios = scenarios
	}
	return out
}

// requirementOf maps the heading line of each scenario under a requirement
// to that requirement's name.
func requirementOf(d Document) map[int]string {
	out := map[int]string{}
	add := func(reqs []Requirement) {
		for _, r := range reqs {
			for _, n := range r.Scenarios {
				out[n.Line] = r.Name
			}
		}
	}
	add(d.Requirements)
	for _, s := range d.Sections {
		add(s.Requirements)
	}
	return out
}

// RequirementOf is the name of the requirement holding the scenario whose
// heading is at line, "" when it is under none.
func (d Document) RequirementOf(line int) string { return requirementOf(d)[line] }

// Qualification is the id qualify_colliding_ids gives the second scenario
// of collision c of this document, and the requirement that qualifies it;
// "" when the option would not tell the two apart (one requirement holds
// both, or the second is under none). ah check's slug-collision and ah
// init's note offer it as the fix.
func (d Document) Qualification(c Collision) (id, requirement string) {
	req := requirementOf(d)
	r := req[c.Second.Line]
	q := QualifiedID(r, c.Second.ID)
	if q == "" || r == req[c.First.Line] {
		return "", ""
	}
	return q, r
}
