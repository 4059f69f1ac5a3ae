// Package output holds ah's printers: one unit per --format (text.go,
// json.go), chosen by name in printer.go, plus the envelope every JSON
// output goes through and the text of the other commands.
package output
