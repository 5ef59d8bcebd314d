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
