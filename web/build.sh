#!/usr/bin/env bash
# Rebuilds the browser app into web/dist, which is committed and embedded by
# web.go (so `go build` needs no npm).
#
#   web/build.sh          install the pinned packages (npm ci) and build
#   web/build.sh --check  the same, then fail if dist differs from the commit
#
# The build is reproducible: the same sources and package-lock.json give
# the same bytes (fixed file names, no timestamps). compress.mjs adds the
# gzip and brotli copies the server sends to browsers that accept them.
set -euo pipefail
cd "$(dirname "$0")"

check=0
case "${1:-}" in
  --check) check=1 ;;
  "") ;;
  *) echo "usage: web/build.sh [--check]" >&2; exit 2 ;;
esac

command -v npm >/dev/null || { echo "web/build.sh: npm is not installed (Node.js 20.19 or newer is needed)" >&2; exit 1; }

npm ci --no-audit --no-fund --loglevel=error
npm run --silent build
# The engine, the bots and the table model for play on this device
# (web/wasm, internal/offline), beside the app; reproducible as the app is.
mkdir -p dist/engine
(cd .. && GOOS=js GOARCH=wasm go build -trimpath -buildvcs=false -ldflags="-s -w" -o web/dist/engine/trull.wasm ./web/wasm)
cp "$(go env GOROOT)/lib/wasm/wasm_exec.js" dist/engine/wasm_exec.js
node stamp.mjs
node compress.mjs

if [ "$check" = 1 ]; then
  cd ..
  if ! git diff --exit-code --stat -- web/dist || [ -n "$(git status --porcelain -- web/dist)" ]; then
    git status --short -- web/dist
    echo "web/build.sh: web/dist differs from the sources; run web/build.sh and commit web/dist" >&2
    exit 1
  fi
  echo "web/dist matches its sources"
fi
