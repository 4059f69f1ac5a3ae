// Package osfs writes repository files on the local filesystem.
package osfs
