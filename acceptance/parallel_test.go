package acceptance_test

import (
	"flag"
	"runtime"
	"strconv"
	"testing"
)

// waitingScripts raises go test's default -parallel (GOMAXPROCS) for this
// package: many scripts spend their time waiting, not computing (a 1 s
// timeout, a grace period before a kill, a sleeping test, a framework
// start on another process), and at GOMAXPROCS slots two such scripts idle
// the machine. An explicit -parallel is kept.
type waitingScripts struct{ m *testing.M }

// scriptsPerCPU is how many scripts run at once per CPU. Measured on 2
// loaded cores with TestScript/run/: 2 per CPU cut the wall time with the
// same CPU time and no failure; 4 per CPU cut more but starved the
// output-volume scripts past their 30 s bound.
const scriptsPerCPU = 2

func (w waitingScripts) Run() int {
	if !flag.Parsed() {
		flag.Parse()
	}
	set := false
	flag.Visit(func(f *flag.Flag) { set = set || f.Name == "test.parallel" })
	if !set {
		if err := flag.Set("test.parallel", strconv.Itoa(scriptsPerCPU*runtime.GOMAXPROCS(0))); err != nil {
			panic(err)
		}
	}
	defer linkPytestPython()()
	return w.m.Run()
}
