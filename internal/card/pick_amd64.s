//go:build amd64 && !purego

#include "textflag.h"

// func cpuid(leaf, sub uint32) (eax, ebx, ecx, edx uint32)
TEXT ·cpuid(SB), NOSPLIT, $0-24
	MOVL leaf+0(FP), AX
	MOVL sub+4(FP), CX
	CPUID
	MOVL AX, eax+8(FP)
	MOVL BX, ebx+12(FP)
	MOVL CX, ecx+16(FP)
	MOVL DX, edx+20(FP)
	RET

// func pick(lo, hi, u uint64) uint64
//
// Without fast PDEP it jumps to pickGo, with the arguments in place. Else:
// n0 = |lo|, n = n0 + |hi|, i = ⌊u·n/2⁶⁴⌋ (the high word of u·n); the word
// and the rank in it are chosen without a branch (i < n0: lo at rank i, else
// hi at rank i−n0, 64 added to the bit position). PDEP scatters the bits of
// 1<<rank to the set bits of the word, leaving only its rank-th set bit;
// TZCNT gives that bit's position.
TEXT ·pick(SB), NOSPLIT, $0-32
	CMPB ·fastPDEP(SB), $0
	JEQ  slow
	MOVQ lo+0(FP), R8
	MOVQ hi+8(FP), R9
	POPCNTQ R8, R10
	POPCNTQ R9, R11
	ADDQ R10, R11
	MOVQ u+16(FP), AX
	MULQ R11          // DX = i
	XORL BX, BX       // BX = 0: the base of lo
	MOVL $64, R12
	MOVQ DX, CX
	SUBQ R10, CX      // CX = i − n0
	CMPQ DX, R10
	CMOVQCC CX, DX    // i ≥ n0: rank i − n0 …
	CMOVQCC R9, R8    // … in hi …
	CMOVQCC R12, BX   // … whose cards start at 64
	MOVL $1, AX
	SHLXQ DX, AX, AX
	PDEPQ R8, AX, AX
	TZCNTQ AX, AX
	ADDQ BX, AX
	MOVQ AX, ret+24(FP)
	RET

slow:
	JMP ·pickGo(SB)
