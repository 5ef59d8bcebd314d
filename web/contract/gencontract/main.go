// Command gencontract writes web/src/contract.gen.ts, the TypeScript types
// of what the server sends the browser app, from the Go types, and
// web/src/refusals.gen.ts, the engines' refusal catalogue (package
// trull/web/contract). `go generate ./web/...` runs it.
package main

import (
	"fmt"
	"os"
	"path/filepath"

	"trull/web/contract"
)

func main() {
	b, err := contract.Generate()
	if err == nil {
		err = os.WriteFile(filepath.Join(contract.Root(), contract.File), b, 0o644)
	}
	if err == nil {
		err = os.WriteFile(filepath.Join(contract.Root(), contract.RefusalsFile), contract.GenerateRefusals(), 0o644)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "gencontract:", err)
		os.Exit(1)
	}
}
