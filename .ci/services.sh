#!/usr/bin/env bash
# Services the full test suite needs, from Debian packages:
#   - PostgreSQL for the store tests of internal/store/postgres (and the
#     server tests that run on it): a cluster is started and the DSN is
#     exported as TRULL_TEST_POSTGRES;
#   - Chromium (/usr/bin/chromium) for the browser end-to-end test.
#
# Source it so the export reaches the caller:   . .ci/services.sh
# Run as root (apt-get). Without apt-get or root it installs nothing and the
# tests that need a service skip with a message saying so. A service that
# fails to come up is reported on stderr; the script never aborts the
# caller's shell (it is sourced under `set -e`), the tests then skip.

trull_services() {
  local sudo=""
  if [ "$(id -u)" != "0" ]; then
    if command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then
      sudo="sudo -n"
    else
      echo "services: not root and no sudo; PostgreSQL and Chromium tests will skip" >&2
      return 0
    fi
  fi
  if ! command -v apt-get >/dev/null 2>&1; then
    echo "services: no apt-get; PostgreSQL and Chromium tests will skip" >&2
    return 0
  fi

  local want=()
  command -v pg_ctlcluster >/dev/null 2>&1 || want+=(postgresql)
  [ -x /usr/bin/chromium ] || want+=(chromium fonts-dejavu-core)
  if [ ${#want[@]} -gt 0 ]; then
    echo "== services: apt-get install ${want[*]}"
    $sudo apt-get update -qq >/dev/null || echo "services: apt-get update failed" >&2
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${want[@]}" >/dev/null \
      || echo "services: apt-get install ${want[*]} failed" >&2
  fi

  if command -v pg_lsclusters >/dev/null 2>&1; then
    local ver
    ver=$(pg_lsclusters -h 2>/dev/null | awk 'NR==1 {print $1}')
    if [ -z "$ver" ]; then
      ver=$(ls /usr/lib/postgresql 2>/dev/null | sort -n | tail -1)
      [ -n "$ver" ] && $sudo pg_createcluster "$ver" main >/dev/null
    fi
    if [ -n "$ver" ]; then
      local status
      status=$(pg_lsclusters -h | awk -v v="$ver" '$1==v && $2=="main" {print $4}')
      if [ "$status" != "online" ]; then
        $sudo pg_ctlcluster "$ver" main start || echo "services: PostgreSQL $ver did not start" >&2
      fi
      local port
      port=$(pg_lsclusters -h | awk -v v="$ver" '$1==v && $2=="main" {print $3}')
      # A password login over TCP on loopback: user and database "trull".
      trull_as_postgres psql -q -p "$port" -v ON_ERROR_STOP=1 >/dev/null 2>&1 <<'SQL' || true
DO $$ BEGIN
  IF NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'trull') THEN
    CREATE ROLE trull LOGIN PASSWORD 'trull';
  END IF;
END $$;
SQL
      if ! trull_as_postgres psql -p "$port" -tAc "SELECT 1 FROM pg_database WHERE datname='trull'" 2>/dev/null | grep -q 1; then
        trull_as_postgres createdb -p "$port" -O trull trull 2>/dev/null || true
      fi
      if pg_isready -q -h 127.0.0.1 -p "$port"; then
        export TRULL_TEST_POSTGRES="postgres://trull:trull@127.0.0.1:${port}/trull?sslmode=disable"
        echo "== services: PostgreSQL $ver on port $port (TRULL_TEST_POSTGRES)"
      else
        echo "services: PostgreSQL is not ready; the PostgreSQL tests will skip" >&2
      fi
    fi
  fi
  if [ -x /usr/bin/chromium ]; then
    echo "== services: $(/usr/bin/chromium --version 2>/dev/null || echo chromium)"
  fi
  return 0
}

# trull_as_postgres runs a command as the postgres user.
trull_as_postgres() {
  if [ "$(id -u)" = "0" ]; then
    runuser -u postgres -- "$@"
  else
    sudo -n -u postgres "$@"
  fi
}

# Sourced from a `set -euo pipefail` script, a failing probe must not end
# the caller: run with -e and -u off and restore them afterwards.
__trull_opts=$-
set +eu
trull_services
case $__trull_opts in *e*) set -e ;; esac
case $__trull_opts in *u*) set -u ;; esac
unset __trull_opts
true
