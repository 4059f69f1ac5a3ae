package playbook

import (
	"bytes"
	"errors"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"
)

const delimiter = "+++"

// slugPattern accepts lower-case words joined by single hyphens (finding
// kinds, adapters) or underscores (suggested actions).
var slugPattern = regexp.MustCompile(`^[a-z0-9]+(?:[-_][a-z0-9]+)*$`)

// frontMatter is the TOML block between the +++ lines of a topic file.
type frontMatter struct {
	Summary       string   `toml:"summary"`
	When          string   `toml:"when"`
	Do            []string `toml:"do"`
	HumanApproval bool     `toml:"human_approval"`
	Related       []string `toml:"related"`
}

// frontMatterKeys are the only keys a topic may set, all of them required.
// They are checked exactly because BurntSushi/toml matches keys to struct
// fields case-insensitively, so "Summary = ..." would otherwise pass.
var frontMatterKeys = []string{"summary", "when", "do", "human_approval", "related"}

// parseAll reads every topics/*.md file of fsys and checks the set as a
// whole: related slugs must name existing topics.
func parseAll(fsys fs.FS) ([]Topic, error) {
	names, err := fs.Glob(fsys, "topics/*.md")
	if err != nil {
		return nil, fmt.Errorf("list topics: %w", err)
	}
	if len(names) == 0 {
		return nil, errors.New("no topics found under topics/")
	}
	topics := make([]Topic, 0, len(names))
	for _, name := range names {
		data, err := fs.ReadFile(fsys, name)
		if err != nil {
			return nil, fmt.Errorf("read topic %s: %w", name, err)
		}
		t, err := parseTopic(strings.TrimSuffix(path.Base(name), ".md"), data)
		if err != nil {
			return nil, fmt.Errorf("topic %s: %w", name, err)
		}
		topics = append(topics, t)
	}
	slices.SortFunc(topics, func(a, b Topic) int { return strings.Compare(a.Slug, b.Slug) })
	known := make(map[string]bool, len(topics))
	for _, t := range topics {
		known[t.Slug] = true
	}
	for _, t := range topics {
		for _, r := range t.Related {
			if !known[r] {
				return nil, fmt.Errorf("topic %s: related topic %q does not exist", t.Slug, r)
			}
		}
	}
	return topics, nil
}

// parseTopic parses one topic file whose name (without .md) is slug.
func parseTopic(slug string, data []byte) (Topic, error) {
	if !slugPattern.MatchString(slug) {
		return Topic{}, fmt.Errorf("slug %q must be lower-case words joined by - or _", slug)
	}
	head, body, err := split(data)
	if err != nil {
		return Topic{}, err
	}
	var fm frontMatter
	md, err := toml.Decode(head, &fm)
	if err != nil {
		return Topic{}, fmt.Errorf("front matter: %w", err)
	}
	for _, k := range md.Keys() {
		if !slices.Contains(frontMatterKeys, k.String()) {
			return Topic{}, fmt.Errorf("front matter: unknown key %q (allowed: %s)", k, strings.Join(frontMatterKeys, ", "))
		}
	}
	for _, k := range frontMatterKeys {
		if !md.IsDefined(k) {
			return Topic{}, fmt.Errorf("front matter: missing key %q", k)
		}
	}
	t := Topic{
		Slug:          slug,
		Summary:       fm.Summary,
		When:          fm.When,
		Do:            fm.Do,
		HumanApproval: fm.HumanApproval,
		Related:       fm.Related,
		Body:          body,
	}
	if err := t.validate(); err != nil {
		return Topic{}, err
	}
	return t, nil
}

// split separates the TOML front matter from the markdown body. The file
// must start with a +++ line; the next +++ line closes the block.
func split(data []byte) (head, body string, err error) {
	if bytes.ContainsRune(data, '\r') {
		return "", "", errors.New("use LF line endings")
	}
	rest, ok := bytes.CutPrefix(data, []byte(delimiter+"\n"))
	if !ok {
		return "", "", fmt.Errorf("must start with a %s line", delimiter)
	}
	h, b, ok := bytes.Cut(rest, []byte("\n"+delimiter+"\n"))
	if !ok {
		return "", "", fmt.Errorf("front matter is not closed by a %s line", delimiter)
	}
	return string(h), strings.TrimSpace(string(b)) + "\n", nil
}

// validate checks the fields of one topic; parseAll checks related slugs.
func (t Topic) validate() error {
	if err := oneLine("summary", t.Summary); err != nil {
		return err
	}
	if err := oneLine("when", t.When); err != nil {
		return err
	}
	if len(t.Do) == 0 {
		return errors.New("do: list at least one step")
	}
	for i, step := range t.Do {
		if err := oneLine(fmt.Sprintf("do[%d]", i), step); err != nil {
			return err
		}
	}
	seen := make(map[string]bool, len(t.Related))
	for _, r := range t.Related {
		switch {
		case r == t.Slug:
			return errors.New("related: a topic cannot relate to itself")
		case seen[r]:
			return fmt.Errorf("related: %q is listed twice", r)
		}
		seen[r] = true
	}
	heading := "## " + t.Slug + " — " + t.Summary
	if first, _, _ := strings.Cut(t.Body, "\n"); first != heading {
		return fmt.Errorf("body must start with %q, found %q", heading, first)
	}
	return nil
}

func oneLine(field, s string) error {
	switch {
	case strings.TrimSpace(s) == "":
		return fmt.Errorf("%s: must not be empty", field)
	case strings.ContainsAny(s, "\n\r"):
		return fmt.Errorf("%s: must be a single line", field)
	case strings.TrimSpace(s) != s:
		return fmt.Errorf("%s: remove leading or trailing spaces", field)
	}
	return nil
}
