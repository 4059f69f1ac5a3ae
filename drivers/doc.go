// Package drivers lists ah's bundled test-framework adapters. Each driver
// lives in its own package (pytest, cargo, vitest, gotest) with the same
// shape: a constructor, a ports.Driver implementation (a ports.Framework
// value plus the repository-dependent detection methods, and the Reporter
// half), pure parsers and a testdata folder of real-tool fixtures. Optional
// capabilities (ports.Batcher, ports.Classifier, ports.Transcriber, ...) are
// declared twice on purpose: with a compile-time check in the driver that
// has them, and as data in Registry, which a test holds to the types.
package drivers
