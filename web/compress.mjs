// Writes a gzip (.gz) and a brotli (.br) copy beside each text file of
// dist/ that is worth compressing, so the server sends them with
// Content-Encoding without compressing on every request. The output is
// reproducible: fixed settings, no file names or times in the headers.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const MIN = 1024;
const TEXT = /\.(js|css|html|svg|json|webmanifest|wasm)$/;

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      walk(p);
      continue;
    }
    if (!TEXT.test(name)) continue;
    const data = readFileSync(p);
    if (data.length < MIN) continue;
    writeFileSync(p + ".gz", gzipSync(data, { level: 9 }));
    writeFileSync(
      p + ".br",
      brotliCompressSync(data, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 11,
          [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        },
      }),
    );
  }
}

walk(new URL("./dist", import.meta.url).pathname);
