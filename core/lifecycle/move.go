package lifecycle

import (
	"errors"
	"fmt"
	"io/fs"
	"reflect"
	"regexp"
	"slices"
	"strings"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/repofs"
	"github.com/espectacular/ah/core/schema"
	"github.com/espectacular/ah/core/spec"
	"github.com/espectacular/ah/core/tomlstring"
)

// MoveRequest asks to move the deployed contract of scenario From to
// scenario To of Capability: the scenario was renamed (issue 39).
type MoveRequest struct {
	// Files are the deployed specs.
	Files                []spec.File
	Capability, From, To string
}

// MoveContract plans `ah contract move`: the contract of From is written as To's,
// with its id rewritten and every other byte kept, and From's removed.
// It refuses when From has no contract, To already has one, To is no
// scenario of the capability, or From still is one (its contract is then
// no orphan, and moving it would strand that scenario).
func MoveContract(fsys fs.FS, req MoveRequest) ([]Op, error) {
	f, err := findFile(req.Files, req.Capability)
	if err != nil {
		return nil, err
	}
	from := contract.Path(config.Dir, req.Capability, req.From)
	to := contract.Path(config.Dir, req.Capability, req.To)
	data, err := repofs.ReadFile(fsys, from, repofs.ContractLimit)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("no contract %s to move", from)
	}
	if err != nil {
		return nil, err
	}
	scenarios, _ := spec.Dedupe(f.Scenarios)
	if _, err := pick(scenarios, []string{req.To}); err != nil {
		return nil, err
	}
	if present(fsys, to) {
		return nil, &ExistsError{Paths: []string{to}, Why: "scenario " + req.To + " has a contract already (merge the two by hand)"}
	}
	if slices.ContainsFunc(scenarios, func(s spec.Scenario) bool { return s.ID == req.From }) {
		return nil, fmt.Errorf("scenario %q is still in %s: its contract is no orphan; ah contract move takes the contract of a renamed scenario", req.From, f.Path)
	}
	moved, err := RewriteID(data, req.To)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", from, err)
	}
	return []Op{{Path: to, Data: moved, Create: true}, {Path: from, Remove: true}}, nil
}

// idLine is a top-level `id = "..."` (or '...') line: the key, the value
// and what follows it (spacing, a comment).
var idLine = regexp.MustCompile(`^(\s*id\s*=\s*)("(?:[^"\\]|\\.)*"|'[^']*')(\s*(?:#.*)?)$`)

// RewriteID returns data with the value of its top-level id key replaced
// by id, every other byte kept. It proves the edit: the result decodes to
// the same document but for id. A contract whose id it cannot find on a
// line of its own before any table is refused, never guessed at.
func RewriteID(data []byte, id string) ([]byte, error) {
	before, err := schema.DecodeTOML(data)
	if err != nil {
		return nil, fmt.Errorf("not valid TOML (%v): fix it before moving it", err)
	}
	lines := strings.SplitAfter(string(data), "\n")
	hit := -1
	for i, l := range lines {
		body := strings.TrimRight(l, "\r\n")
		if strings.HasPrefix(strings.TrimSpace(body), "[") {
			break // the top-level keys end at the first table
		}
		if idLine.MatchString(body) {
			hit = i
			break
		}
	}
	if hit < 0 {
		return nil, errors.New(`no top-level line id = "..." found: move the file and edit its id by hand`)
	}
	body := strings.TrimRight(lines[hit], "\r\n")
	m := idLine.FindStringSubmatch(body)
	lines[hit] = m[1] + tomlstring.Quote(id) + m[3] + lines[hit][len(body):]
	out := []byte(strings.Join(lines, ""))
	after, err := schema.DecodeTOML(out)
	before["id"] = id
	if err != nil || !reflect.DeepEqual(before, after) {
		return nil, errors.New(`rewriting its id line would change more than the id: move the file and edit its id by hand`)
	}
	return out, nil
}
