#!/bin/sh
# Step "Run ah" of action.yml. With AH_MERGE: ah merge over the shards'
# reports, annotations and exit code the whole run's. With AH_SHARD (K/N):
# ah check AH_ARGS --shard K/N --json into the report file, exit 0 unless
# ah could not run (2), so every shard's report reaches the merge. Else:
# ah check AH_ARGS --format github, the gate's exit code.
set -eu
args=${AH_ARGS:-}
if [ -n "${AH_MERGE:-}" ]; then
	# The glob and the arguments are word-split and expanded on purpose.
	# shellcheck disable=SC2086
	exec ah merge --format github $AH_MERGE
fi
if [ -n "${AH_SHARD:-}" ]; then
	report=${AH_REPORT:-ah-shard-${AH_SHARD%%/*}.json}
	status=0
	# shellcheck disable=SC2086
	ah check $args --shard "$AH_SHARD" --json >"$report" || status=$?
	echo "report=$report" >>"${GITHUB_OUTPUT:-/dev/null}"
	if [ "$status" -gt 1 ]; then
		echo "::error::ah check --shard $AH_SHARD could not run (exit $status): see its report $report"
		exit "$status"
	fi
	exit 0
fi
# shellcheck disable=SC2086
exec ah check $args --format github
