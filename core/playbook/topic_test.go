package playbook_test

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/espectacular/ah/core/playbook"
)

func TestRender(t *testing.T) {
	tests := []struct {
		name string
		body string
		want string
	}{
		{"body with newline", "## x — y\n\ntext\n", "## x — y\n\ntext\n"},
		{"body without newline", "## x — y", "## x — y\n"},
		{"empty body", "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := playbook.Render(&buf, playbook.Topic{Body: tt.body}); err != nil {
				t.Fatalf("Render = %v", err)
			}
			if buf.String() != tt.want {
				t.Errorf("Render wrote %q, want %q", buf.String(), tt.want)
			}
		})
	}
}

func TestRenderEmbedded(t *testing.T) {
	tp, _ := playbook.Lookup("workflow")
	var buf bytes.Buffer
	if err := playbook.Render(&buf, tp); err != nil {
		t.Fatalf("Render = %v", err)
	}
	if !strings.HasPrefix(buf.String(), "## workflow — ") || strings.Contains(buf.String(), "+++") {
		t.Errorf("Render printed %q, want the body without front matter", firstLine(buf.String()))
	}
}

func TestJSON(t *testing.T) {
	tests := []struct {
		name  string
		topic playbook.Topic
		want  string
	}{
		{
			name:  "nil slices become empty arrays",
			topic: playbook.Topic{Slug: "x", Summary: "s", When: "w."},
			want:  `{"topic":"x","summary":"s","when":"w.","do":[],"human_approval":false,"related_topics":[]}`,
		},
		{
			name: "fields carried over",
			topic: playbook.Topic{
				Slug: "x", Summary: "s", When: "w.", Do: []string{"a."}, HumanApproval: true,
				Related: []string{"y"}, Body: "ignored",
			},
			want: `{"topic":"x","summary":"s","when":"w.","do":["a."],"human_approval":true,"related_topics":["y"]}`,
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := json.Marshal(tt.topic.JSON())
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("json.Marshal(JSON()) = %s, want %s", got, tt.want)
			}
		})
	}
}
