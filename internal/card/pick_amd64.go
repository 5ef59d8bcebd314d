//go:build amd64 && !purego

package card

// fastPDEP reports whether pick may use PDEP: the CPU has POPCNT, BMI1
// and BMI2, and its PDEP is not the slow microcoded one of AMD's processors
// before Zen 3 (family 19h), which takes tens of cycles per set bit.
var fastPDEP = func() bool {
	maxLeaf, vb, vc, vd := cpuid(0, 0)
	if maxLeaf < 7 {
		return false
	}
	sig, _, c1, _ := cpuid(1, 0)
	_, b7, _, _ := cpuid(7, 0)
	const popcnt, bmi1, bmi2 = 1 << 23, 1 << 3, 1 << 8
	if c1&popcnt == 0 || b7&bmi1 == 0 || b7&bmi2 == 0 {
		return false
	}
	family := sig >> 8 & 0xf
	if family == 0xf {
		family += sig >> 20 & 0xff
	}
	amd := vb == 0x68747541 && vd == 0x69746e65 && vc == 0x444d4163   // "AuthenticAMD"
	hygon := vb == 0x6f677948 && vd == 0x6e65476e && vc == 0x656e6975 // "HygonGenuine"
	return !(amd || hygon) || family >= 0x19
}()

// cpuid executes the CPUID instruction for a leaf and subleaf.
func cpuid(leaf, sub uint32) (eax, ebx, ecx, edx uint32)

// pick is Set{lo, hi}.Pick(u): by PDEP where it is fast (see fastPDEP),
// else by pickGo.
func pick(lo, hi, u uint64) uint64
