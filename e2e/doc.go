// Package e2e holds the browser end-to-end tests of `trull serve`: a real
// server (internal/server, in process, on a loopback port with a temporary
// SQLite database) driven through Debian's Chromium with chromedp.
//
// The tests skip with a message when Chromium is missing; install it with
//
//	apt-get update && apt-get install -y chromium
//
// or point TRULL_CHROMIUM at another Chromium binary. Flags:
//
//	go test ./e2e/ -update           also copy the screenshot to testdata/screenshot.png
//	go test ./e2e/ -shots DIR        write screenshots of every page and game to DIR
package e2e
