#!/usr/bin/env bash
# Sourced by .ci/run (". .ci/postgres.sh"): installs PostgreSQL from apt,
# starts a throwaway cluster in a temporary directory as the unprivileged
# user nobody, listening only on a unix socket in that directory, and
# exports PLATEAU_POSTGRES_URL and PLATEAU_REQUIRE_POSTGRES=1 so that the
# PostgreSQL tests run (and fail rather than skip without it). The cluster
# is stopped and its directory removed when the sourcing shell exits.
#
# Run alone, ".ci/postgres.sh CMD ARGS..." runs CMD with the cluster up,
# e.g. .ci/postgres.sh go test ./store/postgres/

pg_ci_setup() {
  if declare -F step >/dev/null; then step "PostgreSQL: a throwaway cluster for the tests"; fi
  if ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq postgresql >/dev/null
  fi
  local bin
  bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
  PG_CI_BIN=$bin
  PG_CI_DIR=$(mktemp -d /tmp/plateau-pg.XXXXXX)
  if [ "$(id -u)" = 0 ]; then chown nobody "$PG_CI_DIR"; fi
  chmod 700 "$PG_CI_DIR"
  trap pg_ci_stop EXIT
  pg_ci_as_nobody "$bin/initdb" -D "$PG_CI_DIR/data" -U plateau --auth=trust -E UTF8 --locale=C.UTF-8 >"$PG_CI_DIR/initdb.log" 2>&1 ||
    { cat "$PG_CI_DIR/initdb.log"; return 1; }
  # No TCP listener: the socket in the cluster's directory only. fsync
  # stays on, as in production.
  pg_ci_as_nobody "$bin/pg_ctl" -D "$PG_CI_DIR/data" -l "$PG_CI_DIR/server.log" -w -t 60 \
    -o "-c listen_addresses='' -c unix_socket_directories='$PG_CI_DIR' -c max_connections=200" start >/dev/null ||
    { cat "$PG_CI_DIR/server.log"; return 1; }
  pg_ci_as_nobody "$bin/createdb" -h "$PG_CI_DIR" -U plateau plateau
  export PLATEAU_POSTGRES_URL="postgres://plateau@/plateau?host=$PG_CI_DIR"
  export PLATEAU_REQUIRE_POSTGRES=1
  echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') up: PLATEAU_POSTGRES_URL=$PLATEAU_POSTGRES_URL"
}

pg_ci_as_nobody() {
  if [ "$(id -u)" = 0 ]; then
    setpriv --reuid=nobody --regid=nogroup --clear-groups -- "$@"
  else
    "$@"
  fi
}

pg_ci_stop() {
  if [ -n "${PG_CI_DIR:-}" ] && [ -d "$PG_CI_DIR" ]; then
    pg_ci_as_nobody "$PG_CI_BIN/pg_ctl" -D "$PG_CI_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
    rm -rf "$PG_CI_DIR"
  fi
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  set -euo pipefail
  pg_ci_setup
  "$@"
else
  pg_ci_setup
fi
