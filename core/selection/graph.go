package selection

import (
	"context"
	"fmt"
	"maps"
	"path"
	"slices"
	"strings"

	"github.com/espectacular/ah/ports"
)

// Graphs are the frameworks' dependency graphs over the contracts'
// bindings (issue 25), gathered once per check.
type Graphs struct {
	// Problem says why a graph could not be computed; every contract then
	// runs, since narrowing on a missing graph could skip an affected test.
	Problem string
	graphs  map[string]ports.Graph
	// at[contract][binding] indexes its framework graph's Uses; -1 when
	// the binding has no graph.
	at [][]int
	// fw[contract][binding] is the binding's framework.
	fw [][]string
}

// Select gathers what the decision needs and decides: the graphs are
// computed, through proc in dir, only when a changed file lies outside the
// spec layout (a graph may claim even an ignored file).
func Select(ctx context.Context, proc ports.Process, dir string, ch Diff, contracts []Contract, known []string, rules Rules) Decision {
	var gs Graphs
	if ch.Source != AllTests && ch.Problem == "" && slices.ContainsFunc(ch.Files, func(f string) bool {
		return !rules.mapFile(f, known).spec
	}) {
		gs = GatherGraphs(ctx, proc, dir, contracts)
	}
	return Decide(ch, contracts, known, rules, gs)
}

// GatherGraphs asks each framework with a Grapher once, for all its
// bindings. The first failure, in framework order, is the Problem.
func GatherGraphs(ctx context.Context, proc ports.Process, dir string, contracts []Contract) Graphs {
	gs := Graphs{graphs: map[string]ports.Graph{}, at: make([][]int, len(contracts)), fw: make([][]string, len(contracts))}
	argvs := map[string][][]string{}
	graphers := map[string]ports.Grapher{}
	for ci, c := range contracts {
		gs.at[ci], gs.fw[ci] = make([]int, len(c.Bindings)), make([]string, len(c.Bindings))
		for bi, b := range c.Bindings {
			gs.at[ci][bi], gs.fw[ci][bi] = -1, b.Framework
			if b.Grapher == nil {
				continue
			}
			gs.at[ci][bi] = len(argvs[b.Framework])
			argvs[b.Framework] = append(argvs[b.Framework], b.Argv)
			graphers[b.Framework] = b.Grapher
		}
	}
	for _, fw := range slices.Sorted(maps.Keys(graphers)) {
		g, err := graphers[fw].Graph(ctx, proc, dir, argvs[fw])
		if err == nil && len(g.Uses) != len(argvs[fw]) {
			err = fmt.Errorf("the graph covers %d of %d bindings", len(g.Uses), len(argvs[fw]))
		}
		if err != nil {
			gs.Problem = fmt.Sprintf("the %s dependency graph could not be computed, so no %s binding can be left out: %v", fw, fw, err)
			return gs
		}
		gs.graphs[fw] = g
	}
	return gs
}

// uses is the nodes binding bi of contract ci depends on; nil when it has
// no graph.
func (gs Graphs) uses(ci, bi int) []int {
	if ci >= len(gs.at) || bi >= len(gs.at[ci]) || gs.at[ci][bi] < 0 {
		return nil
	}
	return nonNilInts(gs.graphs[gs.fw[ci][bi]].Uses[gs.at[ci][bi]])
}

// decide picks the bindings whose graph says file f affects them, and
// reports whether some graph knows f at all.
func (gs Graphs) decide(f string, contracts []Contract, pick func(Contract, Reason)) bool {
	known := false
	for _, fw := range slices.Sorted(maps.Keys(gs.graphs)) {
		g := gs.graphs[fw]
		build := matchBase(g.Global, f)
		owners := ownersOf(g, f)
		if !build && len(owners) == 0 {
			continue
		}
		known = true
		for ci, c := range contracts {
			for bi := range c.Bindings {
				if gs.fw[ci][bi] != fw || gs.at[ci][bi] < 0 {
					continue
				}
				if build {
					pick(c, Reason{File: f, Rule: RuleBuildFile, Detail: fw})
					continue
				}
				uses := g.Uses[gs.at[ci][bi]]
				if at := slices.IndexFunc(owners, func(n int) bool { return slices.Contains(uses, n) }); at >= 0 {
					unit := g.Unit
					if unit == "" {
						unit = "package"
					}
					pick(c, Reason{File: f, Rule: RuleDependency, Detail: fw + " " + unit + " " + g.Nodes[owners[at]].Name})
				}
			}
		}
	}
	return known
}

// ownersOf are the nodes f belongs to: those listing it, and those whose
// Dir is the deepest holding it.
func ownersOf(g ports.Graph, f string) []int {
	var out []int
	best := -1
	for i, n := range g.Nodes {
		if slices.Contains(n.Files, f) {
			out = append(out, i)
		}
		if n.Dir == "" || (n.Dir != "." && !strings.HasPrefix(f, n.Dir+"/")) {
			continue
		}
		if depth := dirDepth(n.Dir); depth > best {
			best = depth
		}
	}
	for i, n := range g.Nodes {
		if n.Dir != "" && dirDepth(n.Dir) == best && (n.Dir == "." || strings.HasPrefix(f, n.Dir+"/")) && !slices.Contains(out, i) {
			out = append(out, i)
		}
	}
	return out
}

func dirDepth(dir string) int {
	if dir == "." {
		return 0
	}
	return strings.Count(dir, "/") + 1
}

func matchBase(globs []string, f string) bool {
	for _, g := range globs {
		if ok, _ := path.Match(g, path.Base(f)); ok {
			return true
		}
	}
	return false
}

func nonNilInts(xs []int) []int {
	if xs == nil {
		return []int{}
	}
	return xs
}
