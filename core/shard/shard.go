package shard

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/espectacular/ah/core/report"
)

// Parse reads "K/N" with 1 <= K <= N.
func Parse(s string) (report.Shard, error) {
	k, n, ok := strings.Cut(s, "/")
	ki, err1 := strconv.Atoi(k)
	ni, err2 := strconv.Atoi(n)
	if !ok || err1 != nil || err2 != nil || ni < 1 || ki < 1 || ki > ni {
		return report.Shard{}, fmt.Errorf("--shard %q must be K/N with whole numbers 1 <= K <= N, like 1/4", s)
	}
	return report.Shard{Index: ki, Total: ni}, nil
}

// Assign gives each item (by identity, with a weight) a shard 1..n. Items
// are taken heaviest first, ties by identity, each to the shard with the
// least weight so far (ties: the lowest index), so it is a pure function of
// the identities and weights. Equal weights deal the items out in turn.
func Assign(ids []string, weights []int64, n int) []int {
	idx := make([]int, len(ids))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int {
		if c := cmp.Compare(weights[b], weights[a]); c != 0 {
			return c
		}
		return strings.Compare(ids[a], ids[b])
	})
	load := make([]int64, n)
	out := make([]int, len(ids))
	for _, i := range idx {
		least := 0
		for k := range load {
			if load[k] < load[least] {
				least = k
			}
		}
		load[least] += weights[i]
		out[i] = least + 1
	}
	return out
}
