// Package graphscript runs a driver's graph script: a program ah embeds
// (graph.py, graph.mjs), run by the project's own interpreter, that prints
// one line holding the framework's dependency graph as JSON behind a
// prefix. It holds what the pytest and vitest drivers share of such a run:
// its timeout, each way it fails said once, and the one prefixed line
// read and checked to cover every binding asked about. What the line
// means, and how its nodes become a ports.Graph, stays in each driver.
package graphscript
