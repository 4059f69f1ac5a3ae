// Package lines splits a framework's output into lines as it is written,
// keeping a bounded part of each, so a stream parser never buffers a long
// line without limit.
package lines
