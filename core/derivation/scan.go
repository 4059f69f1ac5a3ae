package derivation

import "strings"

// FileID returns the id of a spec's YAML frontmatter, "" when the file has
// no frontmatter or no id: a spec is dual format exactly when it has one
// (as in the Rust ah's bridge). Blank lines may precede the opening ---.
func FileID(text string) string {
	lines := strings.Split(strings.ReplaceAll(strings.TrimPrefix(text, "\ufeff"), "\r\n", "\n"), "\n")
	i := 0
	for i < len(lines) && strings.TrimSpace(lines[i]) == "" {
		i++
	}
	if i == len(lines) || strings.TrimRight(lines[i], " \t") != "---" {
		return ""
	}
	for _, l := range lines[i+1:] {
		if strings.TrimRight(l, " \t") == "---" {
			return ""
		}
		if v, ok := strings.CutPrefix(l, "id:"); ok {
			return strings.Trim(strings.TrimSpace(v), `"'`)
		}
	}
	return ""
}

// PropertyIDs lists the id cells of a spec's `## Properties` table with
// the table rules of spk parse (reference §1.6): table context until the
// next h2/h3, the first non-separator row is the header, cells split on
// '|' outside backticks and trimmed. It is only an id list: the rows
// themselves always come from spk, so no hash depends on this scan.
func PropertyIDs(text string) []string {
	var ids []string
	for _, r := range propertyRows(text) {
		ids = append(ids, r.id)
	}
	return ids
}

// row is a Properties row: its id and its 1-based line in the spec.
type row struct {
	id   string
	line int
}

func propertyRows(text string) []row {
	var rows []row
	var in bool
	var idCol int // set at each heading, before in can be true
	var header []string
	n := 0
	for line := range strings.Lines(text) {
		n++
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "## ") || strings.HasPrefix(t, "### ") {
			in = strings.TrimSpace(strings.TrimLeft(t, "#")) == "Properties" && strings.HasPrefix(t, "## ")
			header, idCol = nil, -1
			continue
		}
		if !in || !strings.HasPrefix(t, "|") || separator(t) {
			continue
		}
		cells := splitRow(t)
		if header == nil {
			header = cells
			for i, h := range cells {
				if h == "id" {
					idCol = i
				}
			}
			continue
		}
		if idCol >= 0 && idCol < len(cells) && cells[idCol] != "" {
			rows = append(rows, row{cells[idCol], n})
		}
	}
	return rows
}

func separator(t string) bool {
	if !strings.Contains(t, "-") {
		return false
	}
	return strings.Trim(t, "|-: ") == "" && strings.Map(func(r rune) rune {
		if r == '|' || r == '-' || r == ':' || r == ' ' {
			return -1
		}
		return r
	}, t) == ""
}

func splitRow(t string) []string {
	t = strings.TrimPrefix(t, "|")
	t = strings.TrimSuffix(t, "|")
	var cells []string
	var b strings.Builder
	tick := false
	for _, r := range t {
		switch {
		case r == '`':
			tick = !tick
			b.WriteRune(r)
		case r == '|' && !tick:
			cells = append(cells, strings.TrimSpace(b.String()))
			b.Reset()
		default:
			b.WriteRune(r)
		}
	}
	return append(cells, strings.TrimSpace(b.String()))
}
