// Package archetype is the catalog behind `ah type`: the five codes a
// contract's `archetype` key may take, with guidance on when to use each.
package archetype
