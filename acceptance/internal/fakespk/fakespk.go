// Package fakespk is the stand-in for specodelic's spk, which cannot be
// installed here, shared by the acceptance scripts (fake-spk) and the
// benchmarks (the sync litter loop).
package fakespk

// Script answers like spk: `spk VERB PATH --json` prints
// $FAKE_SPK_DIR/VERB-<PATH with / as _>.json, else $FAKE_SPK_DIR/VERB.json,
// and exits with the number in the matching .exit file (default 0).
// `spk --version --json` reads version.json.
const Script = `#!/bin/sh
verb=$1
[ "$verb" = --version ] && verb=version
key=$(printf '%s' "$2" | tr / _)
base="$FAKE_SPK_DIR/$verb"
[ -f "$base-$key.json" ] && base="$base-$key"
[ -f "$base.json" ] || { echo "fake spk: no $base.json" >&2; exit 2; }
cat "$base.json"
[ -f "$base.exit" ] && exit "$(cat "$base.exit")"
exit 0
`
