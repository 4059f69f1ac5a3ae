// Package playbook is the registry of `ah explain` topics: one embedded
// markdown file per finding kind, suggested action, adapter, test
// classification and general concept, each telling a coding agent and a human
// what happened and exactly what to edit or run next.
package playbook
