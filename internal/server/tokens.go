package server

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/base64"
	"encoding/hex"
)

// newToken returns a random 128-bit secret (seat token, invite code, host
// token) in URL-safe base64.
func newToken() string {
	var b [16]byte
	rand.Read(b[:])
	return base64.RawURLEncoding.EncodeToString(b[:])
}

// newID returns a random table id: 64 bits in hex.
func newID() string {
	var b [8]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// newSeed returns a random sitting seed; it never leaves the server.
func newSeed() string {
	var b [32]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// hashToken returns the SHA-256 of a token in hex: only hashes are stored.
func hashToken(tok string) string {
	h := sha256.Sum256([]byte(tok))
	return hex.EncodeToString(h[:])
}

// sameHash compares two stored hashes in constant time. An empty hash
// matches nothing.
func sameHash(a, b string) bool {
	return a != "" && len(a) == len(b) && subtle.ConstantTimeCompare([]byte(a), []byte(b)) == 1
}
