package main

import "fmt"

// The guard's sizes: small enough to run in well under a minute, large
// enough that the regressions of issue 29 (a 9x slower structural check,
// a quadratic overlay) go far over their limits.
const (
	guardScenarios = 5_000
	guardAddedReqs = 5_000
	// guardFactor is how far over its goal a ratio may go before the guard
	// fails: it catches a 10x regression, not the noise of a shared runner.
	guardFactor = 3
)

// guarded is one benchmark of the guard and its goal.
type guarded struct {
	name string
	goal float64
	run  func(bench) (float64, error)
}

var guards = []guarded{
	{"structural (check / cat, 5k scenarios)", 1.0, func(b bench) (float64, error) {
		_, r, err := b.structural(guardScenarios)
		return r, err
	}},
	{"overlay-added (delta / deployed, 5k requirements)", 1.5, func(b bench) (float64, error) { return b.overlayAdded(guardAddedReqs) }},
	{"overhead (run-tests / loop, 200 tests)", 1.2, bench.overhead},
}

// runGuard runs the guard's benchmarks with runs runs each, prints every
// ratio against its goal and limit, and reports whether all are within.
func runGuard(runs int) (bool, error) {
	b, done, err := setup(runs)
	if err != nil {
		return false, err
	}
	defer done()
	fmt.Printf("ah performance guard (%d runs each after a warm-up; fails over %dx a goal)\n\n", runs, guardFactor)
	ratios := make([]float64, len(guards))
	for i, g := range guards {
		if ratios[i], err = g.run(b); err != nil {
			return false, fmt.Errorf("%s: %w", g.name, err)
		}
	}
	ok := true
	fmt.Println("guard:")
	for i, g := range guards {
		verdict := "ok"
		if limit := g.goal * guardFactor; ratios[i] > limit {
			verdict, ok = "FAIL", false
		}
		fmt.Printf("  %-52s %6.2f  goal %4.2f  limit %4.2f  %s\n", g.name, ratios[i], g.goal, g.goal*guardFactor, verdict)
	}
	return ok, nil
}

// guardRatio is a/b for the guard: the lower of the median and best wall
// time ratios, so that one slow run on a busy machine does not fail it
// while a real regression, which slows every run, does.
func guardRatio(a, b series) float64 {
	return min(ratio(a.median(), b.median()), ratio(a.best(), b.best()))
}
