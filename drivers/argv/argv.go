package argv

import (
	"path"
	"slices"
	"strings"
)

// binDirs are the directories whose programs count when named by path.
var binDirs = []string{"bin", ".bin", "Scripts"}

// Program returns the program name a word runs ("pytest" for `pytest`,
// `/usr/bin/pytest` or `node_modules/.bin/vitest`), or "" when the word is
// not a program: a path outside a bin directory (`./pytest` is a test
// directory) is an argument.
func Program(word string) string {
	w := strings.ReplaceAll(word, `\`, "/") // Windows paths, on any OS
	if dir, file := path.Split(w); dir != "" {
		parent := path.Base(strings.TrimSuffix(dir, "/"))
		if !slices.Contains(binDirs, parent) {
			return ""
		}
		w = file
	}
	for _, ext := range []string{".exe", ".cmd"} {
		w = strings.TrimSuffix(w, ext)
	}
	return w
}

// taskRunners take target names, not commands: `make go test` runs the
// targets go and test.
var taskRunners = []string{"make", "gmake", "just", "task", "rake", "ninja"}

// Find returns the index of the first word of argv that runs one of the
// programs, skipping words that are the value of an option (`tox -e pytest`,
// `uv run --with pytest pytest`); -1 when there is none, or when argv starts
// a task runner.
func Find(argv []string, programs ...string) int {
	if len(argv) > 0 && slices.Contains(taskRunners, Program(argv[0])) {
		return -1
	}
	for i, a := range argv {
		if i > 0 && isOption(argv[i-1]) {
			continue
		}
		p := Program(a)
		for _, want := range programs {
			if p == want {
				return i
			}
		}
	}
	return -1
}

// isOption reports whether w is an option that may take the next word as
// its value; known flags that never do (npx --no, --yes) are not.
func isOption(w string) bool {
	return strings.HasPrefix(w, "-") && !slices.Contains(valueless, w)
}

var valueless = []string{"--", "-m", "--no", "--yes", "-y", "--quiet", "-q"}

// Without returns the flags not already present in argv, matched by name
// (`-count=3` in argv keeps `-count=1` out).
func Without(argv, flags []string) []string {
	var out []string
	for _, f := range flags {
		name, _, _ := strings.Cut(f, "=")
		present := false
		for _, w := range argv {
			present = present || w == name || strings.HasPrefix(w, name+"=")
		}
		if !present {
			out = append(out, f)
		}
	}
	return out
}
