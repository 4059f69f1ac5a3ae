// Package scratch implements ports.Scratch with private temporary
// directories on the local disk, where test frameworks write their reports.
package scratch
