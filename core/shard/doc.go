// Package shard splits one check's test jobs across CI machines and joins
// their reports back (ah check --shard K/N, ah merge): Parse reads the K/N
// label, Assign deals identities out to shards, Plan and Pick give a
// check's jobs (the refs of their owners) their shards, Digest identifies
// the corpus a shard checked, and Merge accepts only a
// complete, consistent set of shard reports, so the merged report is the
// unsharded verdict or a refusal (issue 24).
package shard
