// Package webtest drives `trull serve` in headless Chromium for the browser
// tests under e2e/: it starts a server in process (a loopback port, a fresh
// SQLite database, bots that answer at once), starts Chromium with chromedp,
// creates tables over the HTTP API, seats the browser, reads what the page
// shows the player (Snapshot) and plays through it as a person would.
//
// Chromium skips a test with a message when it is missing; TRULL_CHROMIUM
// names another binary. The flags -update and -shots DIR (Shot) are
// registered here for every test binary that imports the package.
package webtest
