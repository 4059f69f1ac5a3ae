// Package argv recognises test-framework programs in configured commands,
// for the drivers' RunsFramework and Prepare.
package argv
