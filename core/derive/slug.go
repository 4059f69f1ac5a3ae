package derive

import (
	"path"
	"strings"
)

// Slug is the contract id of a property id, as the Rust ah made it: ASCII
// letters and digits stay (lowercased), every other character, non-ASCII
// letters included, becomes '-', runs of '-' collapse and are trimmed.
// P-discovery -> p-discovery, P-weird.name/x -> p-weird-name-x.
func Slug(propertyID string) string {
	var b strings.Builder
	dash := false
	for _, r := range propertyID {
		switch {
		case r >= 'a' && r <= 'z' || r >= '0' && r <= '9':
			b.WriteRune(r)
			dash = false
		case r >= 'A' && r <= 'Z':
			b.WriteRune(r + 'a' - 'A')
			dash = false
		case !dash:
			b.WriteByte('-')
			dash = true
		}
	}
	return strings.Trim(b.String(), "-")
}

// ContractPath is where the derived contract of property id of capability
// lives: .espectacular/<capability>/<slug>.toml.
func ContractPath(dir, capability, propertyID string) string {
	return path.Join(dir, capability, Slug(propertyID)+".toml")
}
