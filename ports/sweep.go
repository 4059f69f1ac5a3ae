package ports

import "context"

// Sweeper removes the temporary files that writers killed before their
// rename (kill -9, a crash) left in dir and every directory below it,
// never a live writer's. Every command that writes under .espectacular
// sweeps it first, so a run that then has nothing to write (a refusal,
// nothing missing, everything fresh) still cleans up after the run that
// was killed. Litter is not worth failing a command for: the error is
// only a cancelled context.
type Sweeper interface {
	Sweep(ctx context.Context, dir string) error
}
