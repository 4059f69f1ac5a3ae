package derivation

// PropertyLine is the 1-based line of property id's row in the Properties
// table of a spec's text, or 0 when it has none: a finding about a
// property's derived contract points at its row (issue 27).
func PropertyLine(text, id string) int {
	for _, r := range propertyRows(text) {
		if r.id == id {
			return r.line
		}
	}
	return 0
}
