package lifecycle

import (
	"fmt"
	"io/fs"
	"reflect"
	"regexp"
	"slices"
	"strings"

	"github.com/espectacular/ah/core/config"
	"github.com/espectacular/ah/core/contract"
	"github.com/espectacular/ah/core/overlay"
	"github.com/espectacular/ah/core/repofs"
	"github.com/espectacular/ah/core/schema"
	"github.com/espectacular/ah/core/spec"
	"github.com/espectacular/ah/core/tomlstring"
)

// SupersedeRequest asks ah scenario supersede to stage a superseded copy
// of a deployed contract.
type SupersedeRequest struct {
	// Deployed are the deployed specs; Changes the changes root.
	Deployed                         []spec.File
	Changes                          string
	Capability, OldID, NewID, Change string
}

// Supersede plans the staged copy of the deployed contract of OldID with
// status = "superseded" and superseded_by = NewID, every other byte kept.
// The old scenario must be deployed, the new one deployed or in the
// change's delta.
func Supersede(fsys fs.FS, req SupersedeRequest) ([]Op, error) {
	if err := changeExists(fsys, req.Changes, req.Change); err != nil {
		return nil, err
	}
	f, err := findFile(req.Deployed, req.Capability)
	if err != nil {
		return nil, err
	}
	if _, err := pick(f.Scenarios, []string{req.OldID}); err != nil {
		return nil, err
	}
	ids := scenarioIDs(f.Scenarios)
	if data, err := repofs.ReadFile(fsys, DeltaPath(req.Changes, req.Change, req.Capability), repofs.DefaultSpecLimit); err == nil {
		ids = append(ids, scenarioIDs(spec.Scan(data))...)
	}
	if !slices.Contains(ids, req.NewID) {
		return nil, &InputError{fmt.Sprintf("replacement scenario %q is neither deployed in %s nor in change %s's delta: add it first (ah scenario new %s %s ...)",
			req.NewID, req.Capability, req.Change, req.Change, req.Capability)}
	}
	deployed := contract.Path(config.Dir, req.Capability, req.OldID)
	data, err := repofs.ReadFile(fsys, deployed, repofs.ContractLimit)
	if err != nil {
		return nil, &InputError{fmt.Sprintf("read %s: %v: only a deployed contract can be superseded", deployed, err)}
	}
	out, err := markSuperseded(string(data), deployed, req.NewID)
	if err != nil {
		return nil, err
	}
	staged := overlay.StagedPath(req.Change, req.Capability, req.OldID)
	if present(fsys, staged) {
		return nil, &ExistsError{Paths: []string{staged}, Why: "the change stages that contract already"}
	}
	return []Op{{Path: staged, Data: []byte(out), Create: true}}, nil
}

func scenarioIDs(ss []spec.Scenario) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = s.ID
	}
	return out
}

var keyLine = regexp.MustCompile(`^(\s*)(status|superseded_by)(\s*=\s*)("(?:[^"\\]|\\.)*"|'[^']*')(.*)$`)

// markSuperseded rewrites the top-level status and superseded_by values
// (adding superseded_by after status when absent) and proves, by decoding
// both texts, that nothing else changed.
func markSuperseded(text, file, newID string) (string, error) {
	lines := strings.SplitAfter(text, "\n")
	statusAt, byAt := -1, -1
	for i, line := range lines {
		body := strings.TrimRight(line, "\r\n")
		if strings.HasPrefix(strings.TrimSpace(body), "[") {
			break
		}
		m := keyLine.FindStringSubmatch(body)
		if m == nil {
			continue
		}
		value := tomlstring.Quote("superseded")
		if m[2] == "superseded_by" {
			value, byAt = tomlstring.Quote(newID), i
		} else {
			statusAt = i
		}
		lines[i] = m[1] + m[2] + m[3] + value + m[5] + line[len(body):]
	}
	if statusAt < 0 {
		return "", &InputError{fmt.Sprintf("%s has no top-level status = \"...\" line to rewrite: supersede it by hand", file)}
	}
	if byAt < 0 {
		eol := lines[statusAt][len(strings.TrimRight(lines[statusAt], "\r\n")):]
		if eol == "" {
			eol = "\n"
			lines[statusAt] += eol
		}
		lines = slices.Insert(lines, statusAt+1, "superseded_by = "+tomlstring.Quote(newID)+eol)
	}
	out := strings.Join(lines, "")
	before, err1 := schema.DecodeTOML([]byte(text))
	after, err2 := schema.DecodeTOML([]byte(out))
	if err1 != nil || err2 != nil || after["status"] != "superseded" || after["superseded_by"] != newID {
		return "", &InputError{fmt.Sprintf("%s could not be marked superseded safely: edit a copy by hand", file)}
	}
	for _, k := range []string{"status", "superseded_by"} {
		delete(before, k)
		delete(after, k)
	}
	if !reflect.DeepEqual(before, after) {
		return "", &InputError{fmt.Sprintf("%s could not be marked superseded without changing other keys: edit a copy by hand", file)}
	}
	return out, nil
}
