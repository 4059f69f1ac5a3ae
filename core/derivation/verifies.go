package derivation

import "strings"

const (
	verifiesPrefix = "- **VERIFIES** [["
	verifiesSuffix = "]]"
)

// Verifies returns the property ids a scenario body links with
// `- **VERIFIES** [[<file-id>.<property-id>]]` bullets, in order. A line
// counts when, trimmed, it is exactly such a bullet. The own file id prefix
// is removed; any other prefix is cut at its last dot (the legacy
// [[spec.P-x]] of format revision 17); a bare P-x passes through.
func Verifies(body, fileID string) []string {
	var out []string
	for line := range strings.Lines(body) {
		line = strings.TrimSpace(line)
		rest, ok := strings.CutPrefix(line, verifiesPrefix)
		if !ok {
			continue
		}
		target, ok := strings.CutSuffix(rest, verifiesSuffix)
		if !ok || target == "" || strings.Contains(target, "]]") {
			continue
		}
		out = append(out, propertyOf(target, fileID))
	}
	return out
}

// propertyOf strips a link target to its row id.
func propertyOf(target, fileID string) string {
	if rest, ok := strings.CutPrefix(target, fileID+"."); ok && fileID != "" {
		return rest
	}
	return target[strings.LastIndexByte(target, '.')+1:] // whole when no dot
}
