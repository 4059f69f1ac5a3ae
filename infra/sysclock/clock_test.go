package sysclock_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/espectacular/ah/infra/sysclock"
)

func TestNow(t *testing.T) {
	before := time.Now()
	got := sysclock.Clock{}.Now()
	after := time.Now()
	assert.False(t, got.Before(before) || got.After(after), "Now() = %v, want between %v and %v", got, before, after)
}
