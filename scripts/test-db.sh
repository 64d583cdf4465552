#!/usr/bin/env bash
# Starts the local PostgreSQL 15 cluster (Debian) and makes a role and database for the API tests.
# Prints the TEST_DATABASE_URL to use. Used by `npm test` (scripts/prepare-tests.mjs) when TEST_DATABASE_URL is unset.
set -euo pipefail
if ! command -v pg_ctlcluster >/dev/null; then
  echo "PostgreSQL 15 is not installed (apt-get install -y postgresql-15), or set TEST_DATABASE_URL." >&2
  exit 1
fi
# Only the URL goes to stdout: pg_ctlcluster may print notes ("Removed stale pid file.").
pg_ctlcluster 15 main status >/dev/null 2>&1 || pg_ctlcluster 15 main start >&2
for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 0.5; done
pg_isready -q -h 127.0.0.1 -p 5432 || { echo "PostgreSQL did not become ready" >&2; exit 1; }
as_pg() { if [ "$(id -u)" = 0 ]; then su postgres -c "$1"; else sh -c "$1"; fi; }
as_pg "psql -qtAc \"SELECT 1 FROM pg_roles WHERE rolname='fnc_test'\" | grep -q 1 || psql -qc \"CREATE ROLE fnc_test LOGIN CREATEDB PASSWORD 'fnc_test'\"" >&2
# Dropping a test database WITH (FORCE) may have to stop an autovacuum worker inside it.
as_pg "psql -qc \"GRANT pg_signal_backend TO fnc_test\"" >&2
as_pg "psql -qtAc \"SELECT 1 FROM pg_database WHERE datname='fnc_test'\" | grep -q 1 || createdb -O fnc_test fnc_test" >&2
echo "postgres://fnc_test:fnc_test@127.0.0.1:5432/fnc_test"
