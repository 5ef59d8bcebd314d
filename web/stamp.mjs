// Writes the build's version into dist/sw.js: the SHA-256 of the app's
// files, so that a new build is a new service worker and an unchanged one
// is the same (the build stays reproducible).
import { createHash } from "node:crypto";
import { readFileSync, writeFileSync } from "node:fs";

const files = ["index.html", "assets/app.js", "assets/app.css", "assets/offline.worker.js", "engine/wasm_exec.js", "engine/trull.wasm", "manifest.webmanifest", "icon.svg"];
const h = createHash("sha256");
for (const f of files) {
  h.update(f + "\0");
  h.update(readFileSync("dist/" + f));
}
const version = h.digest("hex").slice(0, 16);
const sw = readFileSync("dist/sw.js", "utf8");
if (!sw.includes("__VERSION__")) throw new Error("stamp.mjs: dist/sw.js has no __VERSION__");
writeFileSync("dist/sw.js", sw.replace("__VERSION__", version));
