package main

import (
	"bytes"
	"errors"
	"io/fs"
	"net"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestTrustedProxyFlag(t *testing.T) {
	cases := []struct {
		name   string
		values []string // one Set each, as a repeated flag
		want   string   // the list, or the start of the error
	}{
		{"one CIDR", []string{"10.0.0.0/8"}, "10.0.0.0/8"},
		{"repeated", []string{"10.0.0.0/8", "fd00::/8"}, "10.0.0.0/8,fd00::/8"},
		{"comma-separated with spaces", []string{"10.0.0.0/8, 192.168.1.0/24"}, "10.0.0.0/8,192.168.1.0/24"},
		{"single addresses", []string{"127.0.0.1,::1"}, "127.0.0.1/32,::1/128"},
		{"an IPv4-mapped address", []string{"::ffff:10.0.0.1"}, "10.0.0.1/32"},
		{"host bits dropped", []string{"10.1.2.3/8"}, "10.0.0.0/8"},
		{"empty entries skipped", []string{"10.0.0.0/8,,"}, "10.0.0.0/8"},
		{"not an address", []string{"proxy.example.org"}, `error: "proxy.example.org" is neither`},
		{"bad prefix length", []string{"10.0.0.0/33"}, `error: "10.0.0.0/33" is neither`},
	}
	for _, c := range cases {
		var l prefixList
		var err error
		for _, v := range c.values {
			if err = l.Set(v); err != nil {
				break
			}
		}
		got := l.String()
		if err != nil {
			got = "error: " + err.Error()
		}
		if !strings.HasPrefix(got, c.want) || (err == nil && got != c.want) {
			t.Errorf("%s: %q gives %q, want %q", c.name, c.values, got, c.want)
		}
	}
}

// TestServeFlags: bad values of the caps are refused before the server
// starts.
func TestServeFlags(t *testing.T) {
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"-max-tables=-1"}, "bad --max-tables -1"},
		{[]string{"--max-ws-per-addr=-5"}, "bad --max-ws-per-addr -5"},
		{[]string{"--max-empty-per-addr=-1"}, "bad --max-empty-per-addr -1"},
		{[]string{"--max-empty-per-64=-2"}, "bad --max-empty-per-64 -2"},
		{[]string{"--max-empty=-3"}, "bad --max-empty -3"},
		{[]string{"--max-ws-per-64=-1"}, "bad --max-ws-per-64 -1"},
		{[]string{"--max-ws=-1"}, "bad --max-ws -1"},
		{[]string{"--ws-compress-above=-1"}, "bad --ws-compress-above -1"},
		{[]string{"-trusted-proxy", "nowhere"}, `"nowhere" is neither`},
		{[]string{"--abandon-after=-1h"}, "bad --abandon-after -1h0m0s"},
		// A negative number after a space reads as a flag: refused, naming
		// the flag and the way to write it.
		{[]string{"-max-tables", "-1"}, `perhaps try --max-tables="-1"`},
		{[]string{"-log-level", "loud"}, `--log-level must be one of "debug","info","warn","error"`},
		{[]string{"-hint-bot", "nobody"}, `unknown bot "nobody"`},
		{[]string{"stray"}, "unexpected argument stray"},
		{[]string{"--analysis-workers=0"}, "bad --analysis-workers 0"},
		{[]string{"--hint-workers=0"}, "bad --hint-workers 0"},
		{[]string{"-addr", "127.0.0.1:8080", "-admin-addr", "127.0.0.1:8080"}, "--admin-addr 127.0.0.1:8080 is --addr too"},
	}
	for _, c := range cases {
		var stdout, stderr bytes.Buffer
		if code := run(append([]string{"serve"}, c.args...), nil, &stdout, &stderr); code != 2 || !strings.Contains(stderr.String(), c.want) {
			t.Errorf("serve %q: exit %d, %q; want 2 and %q", c.args, code, stderr.String(), c.want)
		}
	}
}

// TestParseDB: a --db value is PostgreSQL only as a postgres:// URL (any
// case), an SQLite file only as a path; a URL of another scheme or a
// key=value string is refused instead of becoming a file named after it,
// and no message or log line carries the password.
func TestParseDB(t *testing.T) {
	for _, c := range []struct {
		db, kind, where, refused string
	}{
		{"postgres://trull:secret@db:5432/trull", "postgres", "postgres://trull:xxxxx@db:5432/trull", ""},
		{"Postgres://trull:secret@db/trull?sslmode=disable", "postgres", "postgres://trull:xxxxx@db/trull?sslmode=disable", ""},
		{"postgresql://db/trull", "postgres", "postgres://db/trull", ""},
		{"postgres://trull@db/trull?password=secret&sslmode=disable", "postgres", "postgres://trull@db/trull?password=xxxxx&sslmode=disable", ""},
		{"postgres://trull:pa/secret@db/trull", "", "", "not a URL"},
		{"C://data/trull.db", "sqlite", "C:/data/trull.db", ""},
		{"/srv/Club Night=2024/trull.db", "sqlite", "/srv/Club Night=2024/trull.db", ""},
		{"dbname=trull", "", "", "key=value string is not read"},
		{"file:/srv/trull.db", "", "", "without file:"},
		{"postgress://trull:secret@db/trull", "", "", "not postgress://"},
		{"mysql://x", "", "", "not mysql://"},
		{"host=db user=trull dbname=trull", "", "", "key=value string is not read"},
		{"data/club.db", "sqlite", "/data/club.db", ""},
		{"", "sqlite", "/trull-data/trull.db", ""},
	} {
		t.Run(c.db, func(t *testing.T) {
			d, err := parseDB(c.db)
			if c.refused != "" {
				var ue usageError
				if !errors.As(err, &ue) || !strings.Contains(err.Error(), c.refused) || strings.Contains(err.Error(), "secret") {
					t.Errorf("parseDB(%q) = %v; want a usage error with %q and no password", c.db, err, c.refused)
				}
				return
			}
			if err != nil || d.kind != c.kind || !strings.HasSuffix(d.where, c.where) || strings.Contains(d.where, "secret") {
				t.Errorf("parseDB(%q) = %+v, %v; want %s at …%s", c.db, d, err, c.kind, c.where)
			}
		})
	}
}

// TestServeAddresses: a listen address that is not HOST:PORT is a usage
// error (exit 2) before anything is opened, and a server on every address
// of the machine is announced at localhost first.
func TestServeAddresses(t *testing.T) {
	for _, a := range []string{"nonsense", "127.0.0.1:99999", "127.0.0.1:http"} {
		if err := checkAddr("addr", a); err == nil {
			t.Errorf("checkAddr(%q) accepted it", a)
		}
	}
	for _, a := range []string{"127.0.0.1:8080", ":8080", "[::]:0"} {
		if err := checkAddr("addr", a); err != nil {
			t.Errorf("checkAddr(%q): %v", a, err)
		}
	}
	if u := browserURLs("[::]:8080"); len(u) == 0 || u[0] != "http://localhost:8080/" {
		t.Errorf("browserURLs([::]:8080) = %v", u)
	}
	if u := browserURLs("127.0.0.1:8080"); len(u) != 1 || u[0] != "http://127.0.0.1:8080/" {
		t.Errorf("browserURLs(127.0.0.1:8080) = %v", u)
	}
	var out, errb bytes.Buffer
	if code := run([]string{"serve", "-addr", "nonsense", "-db", filepath.Join(t.TempDir(), "x.db")}, strings.NewReader(""), &out, &errb); code != 2 {
		t.Errorf("serve -addr nonsense: exit %d (%s), want 2", code, errb.String())
	}
}

// TestServeAddressInUse: an address in use stops `trull serve` with words
// that say so, before it opens or creates a database.
func TestServeAddressInUse(t *testing.T) {
	held, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer held.Close()
	busy := held.Addr().String()
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-addr", busy}, "cannot listen on " + busy + " (--addr): another program, perhaps another trull serve, listens there"},
		{[]string{"-addr", "127.0.0.1:0", "-admin-addr", busy}, "cannot listen on " + busy + " (--admin-addr): another program"},
	} {
		dir := t.TempDir()
		db := filepath.Join(dir, "data", "trull.db")
		var out, errb bytes.Buffer
		code := run(append([]string{"serve", "-db", db}, c.args...), strings.NewReader(""), &out, &errb)
		if code != 1 || !strings.Contains(errb.String(), c.want) {
			t.Errorf("serve %q: exit %d, %q; want 1 and %q", c.args, code, errb.String(), c.want)
		}
		if _, err := os.Stat(filepath.Join(dir, "data")); !errors.Is(err, fs.ErrNotExist) {
			t.Errorf("serve %q: the database's folder exists after the refusal (%v)", c.args, err)
		}
	}
}
