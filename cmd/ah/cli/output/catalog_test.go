package output_test

import (
	"encoding/json"
	"testing"

	"github.com/espectacular/ah/cmd/ah/cli/output"
	"github.com/espectacular/ah/core/playbook"
)

func TestNewTopicData(t *testing.T) {
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
			got, err := json.Marshal(output.NewTopicData(tt.topic))
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != tt.want {
				t.Errorf("json.Marshal(NewTopicData()) = %s, want %s", got, tt.want)
			}
		})
	}
}
