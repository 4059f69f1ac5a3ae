// Package portstest holds the fakes of the ports (Process, Git, Scratch,
// Writer, Clock, Driver, ...), which record their calls for core tests,
// and the Run<Port>Contract suites: one contract per port, run against the
// fake here and against the real implementation in infra, so the two
// cannot drift apart.
package portstest
