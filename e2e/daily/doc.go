// Package daily holds the browser tests of the daily challenges of `trull
// serve` (docs/DAILY.md): a whole challenge played from the Daily page to
// the leaderboard. They run as the tests of package e2e do
// (trull/e2e/webtest), in a test binary of their own so that each stays
// within go test's time limit.
package daily
