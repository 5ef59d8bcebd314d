// Package web holds the built browser app of `trull serve`: the Preact
// bundle in dist/, built from src/ by build.sh and committed, so that
// `go build` needs no npm.
package web

//go:generate go run ./contract/gencontract

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// FS returns the built bundle with index.html at its root.
func FS() fs.FS {
	sub, err := fs.Sub(dist, "dist")
	if err != nil {
		// fs.Sub fails only for an invalid path; "dist" is valid.
		panic("web: " + err.Error())
	}
	return sub
}
