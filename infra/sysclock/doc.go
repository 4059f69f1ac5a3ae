// Package sysclock is the system clock behind ports.Clock.
package sysclock
