//go:build !amd64 || purego

package card

// fastPDEP is false: there is no assembly for this architecture.
const fastPDEP = false

// pick is Set{lo, hi}.Pick(u).
func pick(lo, hi, u uint64) uint64 { return pickGo(lo, hi, u) }
