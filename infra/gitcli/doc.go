// Package gitcli answers ports.Git questions by running the git command
// line through ports.Process.
package gitcli
