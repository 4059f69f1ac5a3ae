// Package schemas embeds the JSON schemas that are ah's public contract:
// the same files validate user input at run time and ah's output in tests.
package schemas
