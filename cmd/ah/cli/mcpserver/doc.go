// Package mcpserver is ah as a Model Context Protocol server (issue 30,
// `ah mcp`), built on the official Go SDK. It is an adapter only: every
// tool runs the same command line the CLI runs, with --json, through an
// injected CLI, and returns that envelope verbatim as its structured
// content, so a tool's data always equals `ah <command> --json` for the
// same input and its errors carry the CLI's own wording. Core never
// imports the SDK.
package mcpserver
