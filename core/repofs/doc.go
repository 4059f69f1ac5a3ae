// Package repofs reads the repository's spec and contract files under one
// policy (issue 9): a symbolic link is followed only while it stays inside
// the repository root, a name that is not UTF-8 is reported instead of
// stopping the walk, and a file over its size limit is refused before it
// is read. The same rules as Go's os.Root, which the infra file system
// enforces underneath; here they become findings naming the path.
package repofs
