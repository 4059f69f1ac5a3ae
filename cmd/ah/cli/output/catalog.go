package output

import (
	"slices"

	"github.com/espectacular/ah/core/archetype"
	"github.com/espectacular/ah/core/doctor"
	"github.com/espectacular/ah/core/playbook"
)

// VersionData is the data of the version envelope.
type VersionData struct {
	Name    string `json:"name"`
	Version string `json:"version"`
	// From the binary's build information (runtime/debug): the main
	// module's version ("(devel)" for a build from a checkout), the VCS
	// revision and commit time and whether the worktree had uncommitted
	// changes (null when the build recorded no VCS information, as go run
	// and go test do not), and the Go version that built it.
	ModuleVersion string  `json:"module_version"`
	Revision      *string `json:"revision"`
	RevisionTime  *string `json:"revision_time"`
	Dirty         *bool   `json:"dirty"`
	GoVersion     string  `json:"go_version"`
}

// DoctorEnableData is the data of the `ah doctor --enable` envelope.
type DoctorEnableData struct {
	Enable doctor.Edit `json:"enable"`
}

// TopicData is the shape `ah explain --json` prints for one topic.
type TopicData struct {
	Topic         string   `json:"topic"`
	Summary       string   `json:"summary"`
	When          string   `json:"when"`
	Do            []string `json:"do"`
	HumanApproval bool     `json:"human_approval"`
	Related       []string `json:"related_topics"`
}

// NewTopicData maps t; Do and Related are never nil, so they encode as []
// rather than null.
func NewTopicData(t playbook.Topic) TopicData {
	return TopicData{
		Topic:         t.Slug,
		Summary:       t.Summary,
		When:          t.When,
		Do:            slices.Clone(nonNil(t.Do)),
		HumanApproval: t.HumanApproval,
		Related:       slices.Clone(nonNil(t.Related)),
	}
}

// TopicListData is the data of `ah explain --json` without a topic.
type TopicListData struct {
	Topics []TopicEntry `json:"topics"`
}

// TopicEntry is one line of the topic index.
type TopicEntry struct {
	Topic   string `json:"topic"`
	Summary string `json:"summary"`
}

// NewTopicListData maps the topic index.
func NewTopicListData(topics []playbook.Topic) TopicListData {
	list := make([]TopicEntry, len(topics))
	for i, t := range topics {
		list[i] = TopicEntry{t.Slug, t.Summary}
	}
	return TopicListData{Topics: list}
}

// ArchetypeData is the JSON shape of one archetype; the list leaves out
// the body.
type ArchetypeData struct {
	Code    string `json:"code"`
	Name    string `json:"name"`
	Summary string `json:"summary"`
	Since   string `json:"since"`
	Body    string `json:"body_markdown,omitempty"`
}

// NewArchetypeData maps a, with its body.
func NewArchetypeData(a archetype.Archetype) ArchetypeData {
	return ArchetypeData{a.Code, a.Name, a.Summary, a.Since, a.Body}
}

// ArchetypeListData is the data of `ah type --json` without a code.
type ArchetypeListData struct {
	Archetypes []ArchetypeData `json:"archetypes"`
}

// NewArchetypeListData maps every archetype, without bodies.
func NewArchetypeListData(all []archetype.Archetype) ArchetypeListData {
	list := make([]ArchetypeData, len(all))
	for i, a := range all {
		list[i] = ArchetypeData{Code: a.Code, Name: a.Name, Summary: a.Summary, Since: a.Since}
	}
	return ArchetypeListData{Archetypes: list}
}
