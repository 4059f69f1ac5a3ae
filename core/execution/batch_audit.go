package execution

import (
	"context"
	"slices"

	"github.com/espectacular/ah/ports"
)

// MaxListing bounds the stdout of a batch's audit listing: a listing
// longer than this cannot be read, and the batch falls back.
const MaxListing = 16 << 20

// unlisted is the anomaly of a batch whose audit listing (its test files,
// or go test -list) could not be run or read, so no reported name can be checked.
const unlisted = "the list of its tests could not be read"

// auditListing runs the batcher's listing command before the batch, when
// it has one (ports.Auditor); nil listing and ok true when it has none.
func auditListing(ctx context.Context, env Env, inv Invocation, b *batch) (listing []byte, ok bool) {
	au, isAuditor := b.batcher.(ports.Auditor)
	if !isAuditor {
		return nil, true
	}
	if listing, ok := sourceListing(ctx, env, inv, b); ok {
		return listing, true
	}
	argv := au.AuditArgv(slices.Clone(b.prefix), b.sels)
	out := &cappedBuffer{max: MaxListing}
	res, err := env.Process.Run(ctx, ports.Command{
		Argv: env.wrap(argv), Dir: env.Dir, Env: inv.Env, Timeout: inv.Timeout, Stdout: out,
	})
	if err != nil || res.ExitCode != 0 || res.TimedOut || res.Signaled || res.Canceled || out.over {
		return nil, false
	}
	return out.b, true
}

// sourceListing lists a batch's tests from its test files when its
// batcher can (ports.SourceLister): a go batch then links each test binary
// once, for its run, instead of once more to list it (issue 29). ok false
// leaves the listing to the framework.
func sourceListing(ctx context.Context, env Env, inv Invocation, b *batch) ([]byte, bool) {
	sl, ok := b.batcher.(ports.SourceLister)
	if !ok || env.Repo == nil {
		return nil, false
	}
	argv, ok := sl.SourceArgv(slices.Clone(b.prefix), b.sels)
	if !ok {
		return nil, false
	}
	out := &cappedBuffer{max: MaxListing}
	res, err := env.Process.Run(ctx, ports.Command{
		Argv: env.wrap(argv), Dir: env.Dir, Env: inv.Env, Timeout: inv.Timeout, Stdout: out,
	})
	if err != nil || res.ExitCode != 0 || res.TimedOut || res.Signaled || res.Canceled || out.over {
		return nil, false
	}
	return sl.SourceListing(out.b, env.Dir, env.Repo)
}

// audited checks a batch's report against its listing: the selections to
// attribute with, and the report with the audit's anomalies after the
// driver's own, so inconsistency names the first of them all.
func audited(b *batch, listing []byte, listed bool, rep ports.TestReport) ([]ports.Selector, ports.TestReport) {
	au, isAuditor := b.batcher.(ports.Auditor)
	if !isAuditor {
		return b.sels, rep
	}
	rep.Anomalies = slices.Clone(rep.Anomalies)
	if !listed {
		rep.Anomalies = append(rep.Anomalies, unlisted)
		return b.sels, rep
	}
	sels, anomalies, ok := au.Audit(listing, b.sels, rep)
	if !ok {
		rep.Anomalies = append(rep.Anomalies, unlisted)
		return b.sels, rep
	}
	rep.Anomalies = append(rep.Anomalies, anomalies...)
	return sels, rep
}

// cappedBuffer keeps up to max bytes and notes whether more came.
type cappedBuffer struct {
	b    []byte
	max  int
	over bool
}

func (c *cappedBuffer) Write(p []byte) (int, error) {
	if len(c.b)+len(p) > c.max {
		c.over = true
		return len(p), nil
	}
	c.b = append(c.b, p...)
	return len(p), nil
}
