package config

import (
	"fmt"
	"strings"
)

// DefaultSpecMiB is the default size limit of one spec file ([limits]
// spec_mib): far above any real spec, far below what exhausts memory
// (issue 9: a 64 GiB sparse spec.md crashed the runtime).
const DefaultSpecMiB = 64

// specLimit reads [limits] spec_mib, in bytes; 0 when not set.
func specLimit(doc map[string]any) int64 {
	if l, ok := doc["limits"].(map[string]any); ok {
		if n, ok := integer(l["spec_mib"]); ok {
			return int64(n) << 20
		}
	}
	return 0
}

// SpecBytes is the size limit of one spec file in bytes: [limits]
// spec_mib, or DefaultSpecMiB.
func (c Config) SpecBytes() int64 {
	if c.SpecLimit > 0 {
		return c.SpecLimit
	}
	return DefaultSpecMiB << 20
}

// nulPaths reports a [paths] value holding a NUL byte, which no file name
// can hold: reading it failed with "invalid argument" (issue 9).
func nulPaths(doc map[string]any) []string {
	var out []string
	p, _ := doc["paths"].(map[string]any)
	for _, key := range []string{"specs", "changes"} {
		if s, _ := p[key].(string); strings.ContainsRune(s, 0) {
			out = append(out, fmt.Sprintf("paths.%s contains a NUL byte (\\u0000), which no file name can hold: remove it", key))
		}
	}
	return out
}
