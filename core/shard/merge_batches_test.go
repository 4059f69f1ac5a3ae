package shard

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/espectacular/ah/core/report"
)

// Each shard numbers its batches from batch-1; the merged report keeps
// every batch, in shard order, with ids unique across shards and each
// execution still naming its own batch.
func TestMergeKeepsEveryShardsBatches(t *testing.T) {
	a := shardRep(1, 2, []int{0, 2}, []string{"a", "c"})
	(*a.Executions)[0].Batch = "batch-1"
	(*a.Executions)[1].Batch = "batch-2"
	a.Batches = []report.Batch{{ID: "batch-1", Bindings: []string{"x"}}, {ID: "batch-2", Bindings: []string{"z"}}}
	b := shardRep(2, 2, []int{1}, []string{"b"})
	(*b.Executions)[0].Batch = "batch-1"
	b.Batches = []report.Batch{{ID: "batch-1", Bindings: []string{"y"}, Fallback: "truncated"}}

	got, err := Merge(parts(b, a))
	require.NoError(t, err)
	require.Len(t, got.Batches, 3)
	var ids, owners []string
	for _, bt := range got.Batches {
		ids = append(ids, bt.ID)
		owners = append(owners, bt.Bindings[0])
	}
	assert.Equal(t, []string{"batch-1", "batch-2", "batch-3"}, ids)
	assert.Equal(t, []string{"x", "z", "y"}, owners, "batches in shard order, whatever the argument order")
	assert.Equal(t, "truncated", got.Batches[2].Fallback)
	var refs []string
	for _, e := range *got.Executions {
		refs = append(refs, e.Command+"="+e.Batch)
	}
	assert.Equal(t, []string{"a=batch-1", "b=batch-3", "c=batch-2"}, refs)
}

// Executions outside any batch stay outside.
func TestMergeWithoutBatches(t *testing.T) {
	a := shardRep(1, 2, []int{0, 2}, []string{"a", "c"})
	b := shardRep(2, 2, []int{1}, []string{"b"})
	got, err := Merge(parts(a, b))
	require.NoError(t, err)
	assert.Empty(t, got.Batches)
	for _, e := range *got.Executions {
		assert.Empty(t, e.Batch)
	}
}
