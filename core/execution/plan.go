package execution

import (
	"slices"
	"strings"
)

// Job is one invocation to run and the bindings that share its verdict.
type Job struct {
	Invocation Invocation
	// Owners are the bindings declaring this exact invocation, in binding
	// order; the first one is the job's identity in output.
	Owners []Binding
	// Resources is the union of the owners' resource keys; Exclusive is
	// true when any owner asks to run alone.
	Resources []string
	Exclusive bool
}

// Plan merges bindings with identical invocations into one job each, in the
// order of their first binding, so every invocation runs once per check.
func Plan(bindings []Binding, invs []Invocation) []Job {
	index := map[string]int{}
	var jobs []Job
	for i, b := range bindings {
		k := invs[i].key()
		j, seen := index[k]
		if !seen {
			j = len(jobs)
			index[k] = j
			jobs = append(jobs, Job{Invocation: invs[i]})
		}
		job := &jobs[j]
		job.Owners = append(job.Owners, b)
		job.Exclusive = job.Exclusive || b.Entry.Exclusive
		for _, r := range b.Entry.Resources {
			if !slices.Contains(job.Resources, r) {
				job.Resources = append(job.Resources, r)
			}
		}
	}
	for i := range jobs {
		slices.Sort(jobs[i].Resources)
	}
	return jobs
}

// sharedWith lists the refs of a job's owners other than b, for output.
func (j Job) sharedWith(b Binding) []string {
	var out []string
	for _, o := range j.Owners {
		if o.Ref() != b.Ref() {
			out = append(out, o.Ref())
		}
	}
	slices.SortFunc(out, strings.Compare)
	return out
}
