// Package doctor is the `ah doctor` use case, whose result is a
// Diagnosis: configuration health checks, the adapter chosen for every
// test type, recommendations for frameworks that are detected but not
// configured, and `--enable`, which appends a capability's config block
// without touching the rest of the file.
//
// Everything here is pure: the command layer gathers the files, the config
// and the adapter evidence (adapter.Gather) and passes them in.
package doctor
