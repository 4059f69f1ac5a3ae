package derivation

import (
	"context"
	"errors"
	"fmt"
	"io/fs"

	"github.com/espectacular/ah/ports"
)

// Applied counts what Apply did.
type Applied struct {
	// Written are the contracts created or refreshed; Deleted the orphaned
	// ones that held nothing a person wrote.
	Written, Deleted int
	// Skipped are missing contracts that appeared before Apply wrote them
	// (a person saved one meanwhile): left as they are.
	Skipped []string
}

// create writes name only if it is absent, exclusively when w can.
func create(ctx context.Context, w ports.Writer, name string, data []byte) error {
	if c, ok := w.(ports.Creator); ok {
		return c.CreateFile(ctx, name, data, 0o644)
	}
	return w.WriteFile(ctx, name, data, 0o644)
}

// Apply writes every missing and stale contract of res atomically and
// deletes every orphaned one that Owned found to be pure derivation
// output; an orphaned contract a person owns is left alone. It writes and
// deletes nothing when res has a refusal.
func Apply(ctx context.Context, w ports.Writer, rm ports.Remover, res Result) (Applied, error) {
	var done Applied
	if len(res.Refusals) > 0 {
		return done, nil
	}
	for _, c := range res.Contracts {
		var err error
		switch {
		case c.State == Missing:
			err = create(ctx, w, c.ContractPath, c.data)
			if errors.Is(err, fs.ErrExist) {
				// Saved by a person since Plan: theirs, never replaced.
				done.Skipped = append(done.Skipped, c.ContractPath)
				continue
			}
		case c.State == Stale:
			// Under the writer's lock, on the bytes as they are now: an
			// edit made since Plan is kept too.
			err = w.Update(ctx, c.ContractPath, func(old []byte) ([]byte, error) { return Refresh(old, c.fields) })
		case c.State == Orphaned && c.Owned == "":
			if err := rm.Remove(ctx, c.ContractPath); err != nil {
				return done, fmt.Errorf("delete %s: %w", c.ContractPath, err)
			}
			done.Deleted++
			continue
		default:
			continue
		}
		if err != nil {
			return done, fmt.Errorf("write %s: %w", c.ContractPath, err)
		}
		done.Written++
	}
	return done, nil
}

// Kept reports whether res has an orphaned contract that a person owns:
// ah sync then exits 1, so an agent told to run it does not loop.
func (res Result) Kept() bool {
	for _, c := range res.Contracts {
		if c.State == Orphaned && c.Owned != "" {
			return true
		}
	}
	return false
}
