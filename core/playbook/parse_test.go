package playbook_test

import (
	"reflect"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/espectacular/ah/core/playbook"
)

const validTopic = `+++
summary = "Short summary"
when = "Some condition holds."
do = ["Do one thing."]
human_approval = false
related = []
+++

## alpha — Short summary

Body text.
`

func TestParseAll(t *testing.T) {
	tests := []struct {
		name    string
		files   map[string]string
		wantErr string // substring; empty means success
	}{
		{name: "valid", files: map[string]string{"alpha.md": validTopic}},
		{
			name: "related topic exists",
			files: map[string]string{
				"alpha.md": strings.Replace(validTopic, "related = []", `related = ["beta"]`, 1),
				"beta.md":  strings.Replace(validTopic, "## alpha", "## beta", 1),
			},
		},
		{name: "no topics", files: map[string]string{}, wantErr: "no topics"},
		{
			name:    "dangling related",
			files:   map[string]string{"alpha.md": strings.Replace(validTopic, "related = []", `related = ["beta"]`, 1)},
			wantErr: `related topic "beta" does not exist`,
		},
		{
			name:    "related to itself",
			files:   map[string]string{"alpha.md": strings.Replace(validTopic, "related = []", `related = ["alpha"]`, 1)},
			wantErr: "itself",
		},
		{
			name: "related twice",
			files: map[string]string{
				"alpha.md": strings.Replace(validTopic, "related = []", `related = ["beta", "beta"]`, 1),
				"beta.md":  strings.Replace(validTopic, "## alpha", "## beta", 1),
			},
			wantErr: "listed twice",
		},
		{
			name:    "no opening delimiter",
			files:   map[string]string{"alpha.md": strings.TrimPrefix(validTopic, "+++\n")},
			wantErr: "must start with a +++ line",
		},
		{
			name:    "unclosed front matter",
			files:   map[string]string{"alpha.md": strings.Replace(validTopic, "+++\n\n##", "\n##", 1)},
			wantErr: "not closed",
		},
		{
			name:    "CRLF",
			files:   map[string]string{"alpha.md": strings.ReplaceAll(validTopic, "\n", "\r\n")},
			wantErr: "LF line endings",
		},
		{
			name:    "TOML syntax error",
			files:   map[string]string{"alpha.md": strings.Replace(validTopic, `summary = "Short summary"`, `summary = "Short summary`, 1)},
			wantErr: "front matter",
		},
		{
			name:    "unknown key",
			files:   map[string]string{"alpha.md": strings.Replace(validTopic, "related = []", "related = []\nhints = []", 1)},
			wantErr: `unknown key "hints"`,
		},
		{
			name:    "key in the wrong case",
			files:   map[string]string{"alpha.md": strings.Replace(validTopic, "summary =", "Summary =", 1)},
			wantErr: `unknown key "Summary"`,
		},
		{
			name:    "missing human_approval",
			files:   map[string]string{"alpha.md": strings.Replace(validTopic, "human_approval = false\n", "", 1)},
			wantErr: `missing key "human_approval"`,
		},
		{
			name:    "missing related",
			files:   map[string]string{"alpha.md": strings.Replace(validTopic, "related = []\n", "", 1)},
			wantErr: `missing key "related"`,
		},
		{
			name:    "wrong type",
			files:   map[string]string{"alpha.md": strings.Replace(validTopic, `do = ["Do one thing."]`, `do = "Do one thing."`, 1)},
			wantErr: "front matter",
		},
		{
			name:    "empty do",
			files:   map[string]string{"alpha.md": strings.Replace(validTopic, `do = ["Do one thing."]`, `do = []`, 1)},
			wantErr: "at least one step",
		},
		{
			name:    "empty step",
			files:   map[string]string{"alpha.md": strings.Replace(validTopic, `do = ["Do one thing."]`, `do = ["Do.", " "]`, 1)},
			wantErr: "do[1]: must not be empty",
		},
		{
			name:    "empty when",
			files:   map[string]string{"alpha.md": strings.Replace(validTopic, `when = "Some condition holds."`, `when = ""`, 1)},
			wantErr: "when: must not be empty",
		},
		{
			name:    "multi-line summary",
			files:   map[string]string{"alpha.md": strings.Replace(validTopic, `summary = "Short summary"`, `summary = "Short\nsummary"`, 1)},
			wantErr: "summary: must be a single line",
		},
		{
			name:    "body heading names another slug",
			files:   map[string]string{"alpha.md": strings.Replace(validTopic, "## alpha", "## beta", 1)},
			wantErr: "body must start with",
		},
		{
			name:    "body heading lacks the summary",
			files:   map[string]string{"alpha.md": strings.Replace(validTopic, "## alpha — Short summary", "## alpha", 1)},
			wantErr: "body must start with",
		},
		{
			name:    "upper-case file name",
			files:   map[string]string{"Alpha.md": strings.Replace(validTopic, "## alpha", "## Alpha", 1)},
			wantErr: "lower-case",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fsys := fstest.MapFS{}
			for name, data := range tt.files {
				fsys["topics/"+name] = &fstest.MapFile{Data: []byte(data)}
			}
			got, err := playbook.ParseAll(fsys)
			if tt.wantErr == "" {
				if err != nil {
					t.Fatalf("ParseAll = %v, want no error", err)
				}
				if len(got) != len(tt.files) {
					t.Errorf("ParseAll returned %d topics, want %d", len(got), len(tt.files))
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tt.wantErr) {
				t.Errorf("ParseAll = %v, want an error containing %q", err, tt.wantErr)
			}
		})
	}
}

func TestParseAllFields(t *testing.T) {
	fsys := fstest.MapFS{"topics/alpha.md": &fstest.MapFile{Data: []byte(validTopic)}}
	got, err := playbook.ParseAll(fsys)
	if err != nil {
		t.Fatalf("ParseAll = %v", err)
	}
	want := playbook.Topic{
		Slug:    "alpha",
		Summary: "Short summary",
		When:    "Some condition holds.",
		Do:      []string{"Do one thing."},
		Related: []string{},
		Body:    "## alpha — Short summary\n\nBody text.\n",
	}
	if !reflect.DeepEqual(got, []playbook.Topic{want}) {
		t.Errorf("ParseAll = %#v, want [%#v]", got, want)
	}
}
