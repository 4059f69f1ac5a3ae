package playbook_test

import (
	"io/fs"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/espectacular/ah/core/archetype"
	"github.com/espectacular/ah/core/playbook"
)

// requiredTopics are the topics `ah explain` must offer. Finding kinds use
// hyphens, suggested actions underscores. Adding a kind or an action to ah
// means adding its topic here and under topics/.
var requiredTopics = map[string][]string{
	"finding kinds": {
		"no-toml", "orphan-toml", "slug-collision", "id-mismatch", "invalid-status",
		"no-tests-declared", "malformed-contract", "invalid-falsifiability-class",
		"missing-liveness-timeout", "unknown-archetype", "missing-runner", "missing-adapter",
		"test-failing", "no-tests-ran", "recommendation",
		"quality-mutation", "quality-property", "quality-snapshot",
	},
	"suggested actions": {
		"run_ah_doctor", "edit_code_not_scenario", "enable_capability", "fix_tool_invocation",
		"review_and_apply", "human_review_required",
	},
	"adapters":             {"pytest", "cargo", "vitest", "go", "custom-runner"},
	"test classifications": {"pytest-import-error", "pytest-fixture-error", "pytest-collection-error"},
	"general":              {"workflow", "contracts", "config", "archetypes", "exit-codes", "supersession", "merge-refused"},
}

func TestEmbeddedTopicsParse(t *testing.T) {
	topics, err := playbook.ParseAll(playbook.TopicsFS)
	if err != nil {
		t.Fatalf("ParseAll(embedded) = %v", err)
	}
	files, err := fs.Glob(playbook.TopicsFS, "topics/*")
	if err != nil {
		t.Fatal(err)
	}
	if len(topics) != len(files) {
		t.Errorf("parsed %d topics from %d files under topics/; every file must be a .md topic", len(topics), len(files))
	}
	if got := playbook.All(); !reflect.DeepEqual(got, topics) {
		t.Errorf("All() differs from ParseAll(embedded)")
	}
}

func TestTopicInvariants(t *testing.T) {
	all := playbook.All()
	if !slices.IsSortedFunc(all, func(a, b playbook.Topic) int { return strings.Compare(a.Slug, b.Slug) }) {
		t.Error("All() is not sorted by slug")
	}
	seen := map[string]bool{}
	for _, tp := range all {
		if seen[tp.Slug] {
			t.Errorf("duplicate slug %q", tp.Slug)
		}
		seen[tp.Slug] = true
	}
	for _, tp := range all {
		t.Run(tp.Slug, func(t *testing.T) {
			if tp.Summary == "" || tp.When == "" || tp.Body == "" || len(tp.Do) == 0 {
				t.Errorf("topic has an empty field: %+v", tp)
			}
			if want := "## " + tp.Slug + " — " + tp.Summary + "\n"; !strings.HasPrefix(tp.Body, want) {
				t.Errorf("body starts %q, want %q", firstLine(tp.Body), want)
			}
			for _, r := range tp.Related {
				if !seen[r] {
					t.Errorf("related topic %q does not exist", r)
				}
			}
			if !strings.HasSuffix(tp.When, ".") {
				t.Errorf("when %q is not a sentence ending with a period", tp.When)
			}
			for _, step := range tp.Do {
				if !strings.HasSuffix(step, ".") {
					t.Errorf("do step %q does not end with a period", step)
				}
			}
		})
	}
}

func TestRequiredTopicsExist(t *testing.T) {
	for group, slugs := range requiredTopics {
		for _, slug := range slugs {
			if _, ok := playbook.Lookup(slug); !ok {
				t.Errorf("%s: Lookup(%q) found nothing", group, slug)
			}
		}
	}
}

// explainRef matches `ah explain <topic>` in a topic, placeholders excluded.
var explainRef = regexp.MustCompile("ah explain ([a-z0-9_-]+)")

func TestExplainReferencesResolve(t *testing.T) {
	for _, tp := range playbook.All() {
		text := tp.Body + strings.Join(tp.Do, "\n") + tp.When
		for _, m := range explainRef.FindAllStringSubmatch(text, -1) {
			if _, ok := playbook.Lookup(m[1]); !ok {
				t.Errorf("topic %s mentions `ah explain %s`, which does not exist", tp.Slug, m[1])
			}
		}
	}
}

// TestArchetypeTopicsMatchCatalog keeps the prose in step with `ah type`.
func TestArchetypeTopicsMatchCatalog(t *testing.T) {
	for _, slug := range []string{"archetypes", "unknown-archetype"} {
		tp, ok := playbook.Lookup(slug)
		if !ok {
			t.Fatalf("Lookup(%q) found nothing", slug)
		}
		for _, a := range archetype.All() {
			row := "| `" + a.Code + "` | " + a.Name + " |"
			if !strings.Contains(tp.Body, row) {
				t.Errorf("topic %s lacks the table row %q", slug, row)
			}
		}
	}
}

func TestHumanApproval(t *testing.T) {
	tests := []struct {
		slug string
		want bool
	}{
		{"human_review_required", true},
		{"orphan-toml", true},
		{"slug-collision", true},
		{"supersession", true},
		{"edit_code_not_scenario", false},
		{"test-failing", false},
		{"run_ah_doctor", false},
		{"enable_capability", false},
	}
	for _, tt := range tests {
		tp, ok := playbook.Lookup(tt.slug)
		if !ok {
			t.Fatalf("Lookup(%q) found nothing", tt.slug)
		}
		if tp.HumanApproval != tt.want {
			t.Errorf("Lookup(%q).HumanApproval = %v, want %v", tt.slug, tp.HumanApproval, tt.want)
		}
	}
}

func TestLookup(t *testing.T) {
	tests := []struct {
		name  string
		in    string
		want  string
		found bool
	}{
		{"exact kind", "no-toml", "no-toml", true},
		{"exact action", "run_ah_doctor", "run_ah_doctor", true},
		{"upper case", "NO-TOML", "no-toml", true},
		{"surrounding space", "  test-failing\n", "test-failing", true},
		{"adapter alias", "adapter-pytest", "pytest", true},
		{"adapter alias mixed case", "Adapter-Go", "go", true},
		{"adapter alias custom runner", "adapter-custom-runner", "custom-runner", true},
		{"alias only for adapters", "adapter-workflow", "", false},
		{"alias of unknown adapter", "adapter-jest", "", false},
		{"hyphen for underscore is not exact", "run-ah-doctor", "", false},
		{"unknown", "nope", "", false},
		{"empty", "", "", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, ok := playbook.Lookup(tt.in)
			if ok != tt.found || got.Slug != tt.want {
				t.Errorf("Lookup(%q) = %q, %v, want %q, %v", tt.in, got.Slug, ok, tt.want, tt.found)
			}
		})
	}
}

func TestLookupReturnsCopies(t *testing.T) {
	tp, _ := playbook.Lookup("no-toml")
	tp.Do[0] = "changed"
	tp.Related[0] = "changed"
	again, _ := playbook.Lookup("no-toml")
	if again.Do[0] == "changed" || again.Related[0] == "changed" {
		t.Error("changing a looked-up topic changed the registry")
	}
	all := playbook.All()
	all[0].Do[0] = "changed"
	if playbook.All()[0].Do[0] == "changed" {
		t.Error("changing All()'s result changed the registry")
	}
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
