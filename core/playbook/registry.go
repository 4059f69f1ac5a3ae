package playbook

import (
	"embed"
	"github.com/espectacular/ah/core/spelling"
	"slices"
	"strings"
	"sync"
)

//go:embed topics/*.md
var topicsFS embed.FS

// adapterAlias is the prefix the Rust ah used for adapter topics
// (`ah explain adapter-pytest`); it is still accepted for adapter topics.
const adapterAlias = "adapter-"

// adapterTopics are the topics reachable through adapterAlias.
var adapterTopics = []string{"cargo", "custom-runner", "go", "pytest", "vitest"}

// maxSuggestions bounds the list Suggest returns.
const maxSuggestions = 5

type registry struct {
	topics []Topic // sorted by slug
	bySlug map[string]int
}

// load parses the embedded topics once. The topics ship inside the binary, so
// a malformed one is a bug in ah, caught by this package's tests, not a user
// error: it panics rather than returning an error every caller must handle.
var load = sync.OnceValue(func() registry {
	topics, err := parseAll(topicsFS)
	if err != nil {
		panic("playbook: embedded topics are invalid: " + err.Error())
	}
	r := registry{topics: topics, bySlug: make(map[string]int, len(topics))}
	for i, t := range topics {
		r.bySlug[t.Slug] = i
	}
	return r
})

// All returns every topic, sorted by slug.
func All() []Topic {
	r := load()
	out := make([]Topic, len(r.topics))
	for i, t := range r.topics {
		out[i] = t.clone()
	}
	return out
}

// Lookup finds the topic named slug, ignoring case and surrounding space. The
// Rust ah's adapter names are accepted too: "adapter-pytest" finds "pytest".
func Lookup(slug string) (Topic, bool) {
	r := load()
	s := normalize(slug)
	if i, ok := r.bySlug[s]; ok {
		return r.topics[i].clone(), true
	}
	if rest, ok := strings.CutPrefix(s, adapterAlias); ok && slices.Contains(adapterTopics, rest) {
		if i, ok := r.bySlug[rest]; ok {
			return r.topics[i].clone(), true
		}
	}
	return Topic{}, false
}

// Suggest returns up to five topic slugs close to s, for "did you mean"
// messages: slugs containing s or contained in it, or within Levenshtein
// distance 2. When more match, the closest are kept; the result is sorted.
// It returns nil when nothing is close.
func Suggest(s string) []string {
	s = normalize(s)
	if s == "" {
		return nil
	}
	type match struct {
		slug string
		dist int
	}
	var matches []match
	for _, t := range load().topics {
		d := spelling.Distance(s, t.Slug)
		if d <= 2 || strings.Contains(t.Slug, s) || strings.Contains(s, t.Slug) {
			matches = append(matches, match{t.Slug, d})
		}
	}
	if len(matches) == 0 {
		return nil
	}
	slices.SortStableFunc(matches, func(a, b match) int { return a.dist - b.dist })
	out := make([]string, 0, min(len(matches), maxSuggestions))
	for _, m := range matches[:min(len(matches), maxSuggestions)] {
		out = append(out, m.slug)
	}
	slices.Sort(out)
	return out
}

func normalize(s string) string {
	return strings.ToLower(strings.TrimSpace(s))
}
