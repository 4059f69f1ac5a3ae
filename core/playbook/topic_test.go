package playbook_test

import (
	"bytes"
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
