package unit

import (
	"path"
	"strings"

	"github.com/bmatcuk/doublestar/v4"
)

// Key is the unit key of the scenario id of capability.
func Key(capability, id string) string { return capability + "/" + id }

// Split splits a unit key at its last "/" into capability and scenario id
// ("", key when it holds none).
func Split(key string) (capability, id string) {
	i := strings.LastIndex(key, "/")
	if i < 0 {
		return "", key
	}
	return key[:i], key[i+1:]
}

// Match reports whether pattern names the scenario id of capability, or,
// with id "", the capability as a whole. Leading and trailing "/" of the
// pattern are ignored. A pattern names:
//   - a capability whole, and the capabilities nested under it, as a
//     directory holds its subdirectories ("a" names a and a/b, not ab); a
//     parent that is no capability itself names its nested ones;
//   - one scenario by its key ("a/s");
//   - as a doublestar glob (*, **, ?, [abc], {a,b}), the scenarios whose
//     key it matches ("a/x-*"), and, whole, the capabilities whose name or
//     parent directory it matches, as their name would ("auth-*" names
//     auth-sso and auth-sso/saml).
//
// A name that is both a capability and the key of a scenario of its parent
// names both. A glob doublestar cannot parse names nothing (ValidPattern).
func Match(pattern, capability, id string) bool {
	p := strings.Trim(pattern, "/")
	if p == "" {
		return false
	}
	if p == capability || strings.HasPrefix(capability, p+"/") {
		return true
	}
	if id != "" && p == Key(capability, id) {
		return true
	}
	if !IsGlob(p) {
		return false
	}
	// As a name names the capabilities nested under it, a glob matching
	// a capability or a parent directory of it names it whole.
	for c := capability; c != "." && c != ""; c = path.Dir(c) {
		if ok, _ := doublestar.Match(p, c); ok {
			return true
		}
	}
	ok, _ := doublestar.Match(p, Key(capability, id))
	return ok && id != ""
}

// MatchAny reports whether any of patterns names the scenario id of
// capability (Match).
func MatchAny(patterns []string, capability, id string) bool {
	for _, p := range patterns {
		if Match(p, capability, id) {
			return true
		}
	}
	return false
}

// IsGlob reports whether pattern holds a doublestar meta character, so
// that Match reads it as a glob.
func IsGlob(pattern string) bool { return strings.ContainsAny(pattern, `*?[]{}\`) }

// ValidPattern reports whether pattern is a name or a glob doublestar can
// parse; a broken glob would name nothing and silently select less.
func ValidPattern(pattern string) bool { return doublestar.ValidatePattern(pattern) }

// GlobSyntax words the glob syntax for the message of an invalid pattern.
const GlobSyntax = "doublestar syntax: *, **, ?, [abc], {a,b}"
