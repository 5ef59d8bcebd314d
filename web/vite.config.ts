// Vite builds the app into dist/, which is committed and embedded by
// web.go. The output must be byte-for-byte reproducible: CI rebuilds it
// and fails on any difference, so file names are fixed (no content hashes)
// and nothing time- or machine-dependent goes into the bundle.
import { defineConfig } from "vite";

export default defineConfig({
  base: "/",
  oxc: {
    jsx: { runtime: "automatic", importSource: "preact" },
  },
  // `npm run dev` serves the sources with the API of a `trull serve` on
  // 127.0.0.1:8080.
  server: {
    proxy: {
      "/api": "http://127.0.0.1:8080",
      "/ws": { target: "ws://127.0.0.1:8080", ws: true },
    },
  },
  // The engine's worker (src/offline.worker.ts) is a classic script: it
  // loads Go's wasm_exec.js with importScripts.
  worker: {
    format: "iife",
    rolldownOptions: { output: { entryFileNames: "assets/[name].js" } },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    assetsDir: "assets",
    sourcemap: false,
    target: "es2020",
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
    rolldownOptions: {
      output: {
        entryFileNames: "assets/app.js",
        chunkFileNames: "assets/[name].js",
        assetFileNames: (info) => (info.names?.some((n) => n.endsWith(".css")) ? "assets/app.css" : "assets/[name][extname]"),
      },
    },
  },
});
