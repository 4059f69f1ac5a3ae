// Package headtail keeps the head and the tail of long test output: the
// head says what failed, the tail holds the end of a panic, a stack or a
// build log. Buffer bounds what a driver keeps while a stream is written;
// Clip bounds a message once it is whole. Both mark the cut the same way.
package headtail
