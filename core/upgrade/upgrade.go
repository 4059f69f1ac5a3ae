package upgrade

import (
	"fmt"
	"reflect"
	"regexp"
	"strings"

	"github.com/espectacular/ah/core/changelog"
	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/schema"
)

// Result is the outcome of Plan.
type Result struct {
	From, To string
	// Upgraded is false when tool_version already names this ah.
	Upgraded bool
	// Changes are the changelog entries after From up to To.
	Changes []changelog.Entry
	// Content is the new config; nil when nothing changes.
	Content []byte
}

// NewerError is a tool_version newer than the running ah: upgrading would
// be a downgrade, so ah refuses (exit 2).
type NewerError struct{ Configured, Running string }

func (e *NewerError) Error() string {
	return fmt.Sprintf("%s pins tool_version %q, newer than this ah (%s): install ah %s or later instead of downgrading the config",
		config.Path, e.Configured, e.Running, e.Configured)
}

// NewerWarning is what a command other than ah upgrade says when the
// config's tool_version is newer than the running ah ("" when it is not):
// the config may rely on what this ah does not know, so it asks for a
// newer ah rather than staying silent.
func NewerWarning(configured, running string) string {
	if changelog.Compare(configured, running) <= 0 || !changelog.Valid(configured) {
		return ""
	}
	return fmt.Sprintf("tool_version %s in %s is newer than this ah (%s): install ah %s or later; this ah may not know what the config relies on",
		configured, config.Path, running, configured)
}

// versionLine is a top-level `tool_version = "..."` (or '...') line; the
// string's content is group 2.
var versionLine = regexp.MustCompile(`^(\s*tool_version\s*=\s*)("(?:[^"\\]|\\.)*"|'[^']*')(.*)$`)

// Compute reads the config text data and computes the upgrade to running.
func Compute(data []byte, running string) (Result, error) {
	before, err := schema.DecodeTOML(data)
	if err != nil {
		return Result{}, fmt.Errorf("read %s: %w", config.Path, err)
	}
	from, _ := before["tool_version"].(string)
	r := Result{From: from, To: running}
	if changelog.Compare(from, running) > 0 {
		return Result{}, &NewerError{Configured: from, Running: running}
	}
	if strings.TrimPrefix(from, "v") == strings.TrimPrefix(running, "v") {
		return r, nil
	}
	r.Upgraded = true
	r.Changes = changelog.Between(from, running)
	content, ok := rewrite(string(data), running)
	if !ok {
		return Result{}, fmt.Errorf("%s: found no top-level line `tool_version = \"...\"` to rewrite: set tool_version = %q by hand", config.Path, running)
	}
	// Prove the edit touched tool_version only.
	after, err := schema.DecodeTOML([]byte(content))
	if err != nil || after["tool_version"] != running {
		return Result{}, fmt.Errorf("%s: rewriting tool_version would break the file: set tool_version = %q by hand", config.Path, running)
	}
	delete(before, "tool_version")
	delete(after, "tool_version")
	if !reflect.DeepEqual(before, after) {
		return Result{}, fmt.Errorf("%s: rewriting tool_version would change other keys: set tool_version = %q by hand", config.Path, running)
	}
	r.Content = []byte(content)
	return r, nil
}

// rewrite replaces the value of the first top-level tool_version line,
// keeping the quote style and every other byte.
func rewrite(text, version string) (string, bool) {
	lines := strings.SplitAfter(text, "\n")
	for i, line := range lines {
		body := strings.TrimRight(line, "\r\n")
		if strings.HasPrefix(strings.TrimSpace(body), "[") {
			return "", false // past the top-level keys
		}
		m := versionLine.FindStringSubmatch(body)
		if m == nil {
			continue
		}
		quote := m[2][:1]
		lines[i] = m[1] + quote + version + quote + m[3] + line[len(body):]
		return strings.Join(lines, ""), true
	}
	return "", false
}
