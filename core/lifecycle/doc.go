// Package lifecycle computes the file operations (Op) of the commands
// that write the spec corpus around ah check: ah init, ah contract new, ah
// scenario new|supersede and ah archive. Each is pure (facts in, file
// operations out); Apply carries the operations out through the
// atomic-write ports and undoes the ones done when a later one fails, so a
// failure leaves every file as it was.
package lifecycle
