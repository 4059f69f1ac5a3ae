// Package acceptance holds ah's end-to-end tests (see acceptance_test.go)
// and the helpers they share.
package acceptance
