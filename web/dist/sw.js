// The service worker of the trull app: it keeps the app and the engine
// (web/wasm) in the browser's cache, so that a sitting on this device
// opens without a network after one visit. web/stamp.mjs writes the
// build's version into VERSION: a new build is a new worker, which the
// page offers to load ("A new version of trull is ready").
//
// Pages: the network first, the cached app when there is none (the app
// picks its page from the address). The app's files: from the cache of
// this version. /api/games (the create form's options): the network
// first, the last answer kept. Other /api/ requests and WebSockets: the
// network only.

const VERSION = "b5d8eaa8c9fb5250";
const CACHE = "trull-" + VERSION;
const APP = [
  "/",
  "/assets/app.js",
  "/assets/app.css",
  "/assets/offline.worker.js",
  "/engine/wasm_exec.js",
  "/engine/trull.wasm",
  "/manifest.webmanifest",
  "/icon.svg",
];

self.addEventListener("install", (e) => {
  e.waitUntil(
    Promise.all([
      caches.open(CACHE).then((c) => c.addAll(APP)),
      // The create form's options, for a first start without a network.
      caches.open("trull-api").then((c) => c.add("/api/games").catch(() => undefined)),
    ]),
  );
});

self.addEventListener("activate", (e) => {
  e.waitUntil(
    caches
      .keys()
      .then((keys) => Promise.all(keys.filter((k) => k.startsWith("trull-") && k !== CACHE && k !== "trull-api").map((k) => caches.delete(k))))
      .then(() => self.clients.claim()),
  );
});

// The page asks a waiting worker to take over when the player chooses to
// load the new version.
self.addEventListener("message", (e) => {
  if (e.data === "update") self.skipWaiting();
});

self.addEventListener("fetch", (e) => {
  const req = e.request;
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (req.mode === "navigate") {
    e.respondWith(fetch(req).catch(() => caches.match("/", { cacheName: CACHE }).then((r) => r || Response.error())));
    return;
  }
  if (url.pathname === "/api/games") {
    e.respondWith(
      fetch(req)
        .then((r) => {
          if (r.ok) {
            const copy = r.clone();
            caches.open("trull-api").then((c) => c.put("/api/games", copy));
          }
          return r;
        })
        .catch(() => caches.match("/api/games", { cacheName: "trull-api" }).then((r) => r || Response.error())),
    );
    return;
  }
  if (APP.includes(url.pathname)) {
    e.respondWith(caches.match(url.pathname, { cacheName: CACHE }).then((r) => r || fetch(req)));
  }
});
