// Package changelog is ah's embedded, versioned changelog: what an upgrading
// user gains between the tool_version their config pins and the running
// binary. It continues the predecessor's version line (the Rust ah, up to
// 0.11.0), so a config pinning an old version is upgraded, never told to
// downgrade (issue 11).
package changelog
