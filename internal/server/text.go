package server

import (
	"strings"
	"unicode"
)

// cleanText keeps what people type from changing how other text is shown:
// it drops control characters (Unicode Cc: C0 with NUL, DEL, C1) and
// format characters (Cf), which are the bidirectional embeddings,
// overrides, isolates and marks (U+202A–U+202E, U+2066–U+2069, U+200E,
// U+200F, U+061C), the zero-width characters (U+200B–U+200D, U+2060,
// U+FEFF) and the rest of their kind. Whitespace, control or not, becomes
// a plain space.
func cleanText(s string) string {
	return strings.Map(func(r rune) rune {
		switch {
		case unicode.IsSpace(r):
			return ' '
		case unicode.In(r, unicode.Cc, unicode.Cf):
			return -1
		}
		return r
	}, s)
}

// invisible reports whether r shows nothing by itself: whitespace, a
// control or format character, a combining mark (it only decorates the
// character before it), a variation selector, a default-ignorable code
// point (the Hangul fillers U+115F, U+1160, U+3164 and U+FFA0, the
// combining grapheme joiner, …) or the braille blank U+2800.
func invisible(r rune) bool {
	return unicode.IsSpace(r) || r == '\u2800' ||
		unicode.In(r, unicode.Zs, unicode.Cc, unicode.Cf, unicode.M,
			unicode.Variation_Selector, unicode.Other_Default_Ignorable_Code_Point)
}

// visible reports whether s has a character that shows.
func visible(s string) bool {
	return strings.IndexFunc(s, func(r rune) bool { return !invisible(r) }) >= 0
}

// maxMarks is the most combining marks a name or chat line may stack on
// one character: enough for every script's accents (Vietnamese stacks
// two, pointed Hebrew four), not for text that spills over the lines
// around it.
const maxMarks = 5

// markRun returns the longest run of combining marks in s.
func markRun(s string) int {
	run, most := 0, 0
	for _, r := range s {
		if unicode.Is(unicode.M, r) {
			run++
			most = max(most, run)
		} else {
			run = 0
		}
	}
	return most
}
