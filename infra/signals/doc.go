// Package signals turns the signals that end a run from outside (Ctrl-C, a
// closed terminal, a CI cancel, a service stop) into a cancelled context,
// so running tests are stopped and what finished is reported whichever of
// them arrives.
package signals
