package ports

import "context"

// Grapher is an optional Driver capability: the framework's own
// dependency graph of the tests it runs, so a changed file selects exactly
// the bindings whose tests it can affect (issue 25). A driver without it
// has no graph, and selection stays conservative for its bindings.
type Grapher interface {
	// Graph asks the framework, through proc with dir (the repository
	// root) as working directory, what the tests of each argv (a resolved
	// invocation: command and flags) depend on. Any error means no graph:
	// the caller must not narrow on it.
	Graph(ctx context.Context, proc Process, dir string, argvs [][]string) (Graph, error)
}

// Graph is a framework's dependency graph over the repository's files.
// Paths are relative to the repository root, slash-separated.
type Graph struct {
	// Nodes are the units the framework builds (Go packages, vitest
	// modules).
	Nodes []GraphNode
	// Unit names a node in reasons: "package" when empty, "module".
	Unit string
	// Uses[i] are the indexes into Nodes that argvs[i]'s tests depend on.
	Uses [][]int
	// Global are base names (path.Match patterns) of files that affect
	// every argv, wherever they are (go.mod).
	Global []string
}

// GraphNode is one unit of a graph.
type GraphNode struct {
	// Name is the framework's name for it (an import path).
	Name string
	// Dir, when set, claims every file below it that no node with a
	// deeper Dir claims: its sources, embedded files, testdata.
	Dir string
	// Files are further files it is built from outside Dir.
	Files []string
}
