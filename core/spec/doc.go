// Package spec reads OpenSpec spec.md files: it finds the scenarios in one
// file and the capabilities under a specs directory, and words the error
// of a specs directory that is missing or a file (DirError) for every
// command that reads them.
package spec
