package lines_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/drivers/lines"
)

type got struct {
	line string
	cut  bool
}

func split(max int, chunks ...string) []got {
	var out []got
	s := &lines.Splitter{Max: max, Handle: func(l []byte, cut bool) { out = append(out, got{string(l), cut}) }}
	for _, c := range chunks {
		n, err := s.Write([]byte(c))
		if err != nil || n != len(c) {
			panic("short write")
		}
	}
	s.Flush()
	return out
}

func TestSplitter(t *testing.T) {
	for _, tc := range []struct {
		name   string
		max    int
		chunks []string
		want   []got
	}{
		{"whole lines", 10, []string{"a\nbc\n"}, []got{{"a", false}, {"bc", false}}},
		{"line across writes", 10, []string{"ab", "c\nd", "e\n"}, []got{{"abc", false}, {"de", false}}},
		{"empty lines kept", 10, []string{"\n\na\n"}, []got{{"", false}, {"", false}, {"a", false}}},
		{"last line without newline flushed", 10, []string{"a\nbc"}, []got{{"a", false}, {"bc", false}}},
		{"long line cut, next one whole", 3, []string{"abcdef\nxy\n"}, []got{{"abc", true}, {"xy", false}}},
		{"long line cut across writes", 3, []string{"ab", "cd", "ef", "\nx"}, []got{{"abc", true}, {"x", false}}},
		{"exactly max is not cut", 3, []string{"abc\n"}, []got{{"abc", false}}},
		{"nothing", 3, nil, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, split(tc.max, tc.chunks...))
		})
	}
}
