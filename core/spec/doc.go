// Package spec reads OpenSpec spec.md files: it finds the scenarios in one
// file and the capabilities under a specs directory.
package spec
