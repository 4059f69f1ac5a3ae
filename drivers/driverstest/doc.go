// Package driverstest holds what the framework drivers' tests share: the
// recorded fixtures under a driver's testdata/, and the check of the argvs
// its RunsFramework recognises.
package driverstest
