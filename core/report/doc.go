// Package report holds the result of `ah check`: plain data assembled by
// the check use case and read by every printer (text, JSON, and the formats
// still to come). Nothing here knows how it is printed: the JSON shape is
// mapped in the printer layer (cmd/ah/cli/output), so the fields carry no
// tags.
package report
