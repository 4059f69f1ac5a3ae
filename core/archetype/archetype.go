package archetype

import (
	"embed"
	"fmt"
	"slices"
	"strings"
	"sync"
)

// Archetype is one entry of the catalog.
type Archetype struct {
	// Code is the upper-case code written in contracts, e.g. "PF".
	Code string
	// Name is the long name, e.g. "Pure Functional".
	Name string
	// Summary is one line on what scenarios of this archetype constrain.
	Summary string
	// Since is the ah version that introduced the archetype.
	Since string
	// Body is markdown guidance starting "## <Code> — <Name>", with "Use for"
	// and "Typical test shapes" sections, ending with a newline.
	Body string
}

//go:embed bodies/*.md
var bodies embed.FS

// catalog lists the archetypes in the order `ah type` prints them.
var catalog = []Archetype{
	{
		Code:    "PF",
		Name:    "Pure Functional",
		Summary: "outputs are a function of explicit inputs: parsers, validators, transforms",
		Since:   "0.0.9",
	},
	{
		Code:    "SA",
		Name:    "Stateful API",
		Summary: "state transitions, persistence, ordered operations, idempotency",
		Since:   "0.0.9",
	},
	{
		Code:    "BP",
		Name:    "Boundary Protocol",
		Summary: "behaviour at external seams: HTTP, CLI, filesystem, network, serialization",
		Since:   "0.0.9",
	},
	{
		Code:    "CE",
		Name:    "Contract/Event",
		Summary: "emitted events, messages, structured outputs, cross-tool signals",
		Since:   "0.0.9",
	},
	{
		Code:    "NR",
		Name:    "Non-Regression",
		Summary: "existing guarantees stay true while nearby changes land; valid everywhere, including change overlays",
		Since:   "0.1.0",
	},
}

// load attaches the embedded bodies to the catalog once. The bodies ship
// inside the binary, so a missing one is a bug in ah, caught by this
// package's tests: it panics rather than returning an error.
var load = sync.OnceValue(func() []Archetype {
	out := slices.Clone(catalog)
	for i := range out {
		name := "bodies/" + strings.ToLower(out[i].Code) + ".md"
		data, err := bodies.ReadFile(name)
		if err != nil {
			panic(fmt.Sprintf("archetype: read %s: %v", name, err))
		}
		out[i].Body = strings.TrimSpace(string(data)) + "\n"
	}
	return out
})

// All returns every archetype in catalog order: PF, SA, BP, CE, NR.
func All() []Archetype {
	return slices.Clone(load())
}

// Lookup finds an archetype by code, ignoring case and surrounding space, as
// `ah type pf` does.
func Lookup(code string) (Archetype, bool) {
	c := strings.ToUpper(strings.TrimSpace(code))
	for _, a := range load() {
		if a.Code == c {
			return a, true
		}
	}
	return Archetype{}, false
}

// Valid reports whether code is an archetype exactly as a contract must
// write it: upper case, without surrounding space.
func Valid(code string) bool {
	return slices.ContainsFunc(catalog, func(a Archetype) bool { return a.Code == code })
}

// Codes returns the archetype codes in catalog order.
func Codes() []string {
	codes := make([]string, len(catalog))
	for i, a := range catalog {
		codes[i] = a.Code
	}
	return codes
}
