package playbook

import (
	"io"
	"slices"
	"strings"
)

// Topic is one `ah explain` entry.
type Topic struct {
	// Slug names the topic: a finding kind (no-toml), a suggested action
	// (run_ah_doctor), an adapter (pytest), a test classification
	// (pytest-import-error) or a general concept (workflow).
	Slug string
	// Summary is one line, also printed after the slug in the body heading.
	Summary string
	// When is one sentence saying when the topic applies.
	When string
	// Do lists short imperative steps, in order.
	Do []string
	// HumanApproval is true when an agent must ask a human before acting.
	HumanApproval bool
	// Related lists the slugs of related topics.
	Related []string
	// Body is the markdown text, starting "## <slug> — <summary>" and ending
	// with a newline.
	Body string
}

// Render writes the markdown body of t to w, ending with a newline.
func Render(w io.Writer, t Topic) error {
	body := t.Body
	if body != "" && !strings.HasSuffix(body, "\n") {
		body += "\n"
	}
	_, err := io.WriteString(w, body)
	return err
}

// clone returns a copy of t that shares no slices with the registry, so
// callers cannot change what later lookups return.
func (t Topic) clone() Topic {
	t.Do = slices.Clone(t.Do)
	t.Related = slices.Clone(t.Related)
	return t
}
