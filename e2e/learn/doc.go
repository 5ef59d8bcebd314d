// Package learn holds the browser tests of what teaches the games in
// `trull serve`: the guided first hands, the puzzles, the hint's and the
// analysis's reasons in words, practice with takeback and the glossary. They
// run as the tests of package e2e do (trull/e2e/webtest), in a test binary
// of their own so that each stays within go test's time limit.
package learn
