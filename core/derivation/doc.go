// Package derivation is the `ah sync` use case and the pure rules under it:
// one derived contract per Properties row of every lint-clean dual-format
// spec.
//
// The row rules (row -> contract) are pure functions: the row hash recorded
// in derived_from (hash.go), the contract id and file (ContractPath, with
// slug.ASCII), the archetype (archetype.go), VERIFIES links in scenario
// bodies (verifies.go), and the surgical TOML edit that refreshes only the
// derived fields (tomledit.go). The use case (sync.go, orphan.go, apply.go)
// derives from every selected spec, refreshing only the derived fields of existing
// contracts, reports orphaned ones, and refuses (writing nothing at all)
// when any spec cannot be derived from. For ah check it says which
// scenarios a derived contract covers (Cover, cover.go) and which derived
// contracts are stale (stale.go).
package derivation
