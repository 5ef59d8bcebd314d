//go:build !amd64 || purego

package card

// fastPDEP is false: there is no assembly for this architecture.
const fastPDEP = false

// pickPDEP is never called without fastPDEP.
func pickPDEP(lo, hi, u uint64) uint64 { panic("card: pickPDEP without PDEP") }
