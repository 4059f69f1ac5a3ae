// Package ports holds the outbound interfaces through which the pure core
// reaches the outside world: filesystem, processes, git and the clock, and
// the test-framework drivers (driver.go: a Detector and a Reporter half,
// plus the optional Batcher, Classifier and Transcriber capabilities). A
// test report (TestReport, report.go) is a framework's structured output
// as a driver parses it; the check's own report is core/report's.
//
// Ports import only a short list of standard packages and never core,
// drivers or infra, so every implementation (infra for the OS, portstest
// for fakes) can be swapped without touching the domain.
package ports
