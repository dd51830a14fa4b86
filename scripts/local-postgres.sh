#!/usr/bin/env bash
# Starts this machine's Debian PostgreSQL cluster (creating one if there is none) and makes sure the
# `intakekit` role (password intakekit, CREATEDB) and each database named on the command line exist.
# Used by .ci/run and by the bench; needs root (it runs psql as the postgres user).
#   scripts/local-postgres.sh intakekit_test intakekit_resilience
set -u
command -v pg_ctlcluster >/dev/null || { echo "local-postgres: Debian's postgresql package is not installed" >&2; exit 1; }
cluster=$(pg_lsclusters -h 2>/dev/null | awk 'NR==1 {print $1" "$2}')
if [ -z "$cluster" ]; then
  version=$(ls /usr/lib/postgresql | sort -n | tail -1)
  pg_createcluster "$version" main >/dev/null && cluster="$version main"
fi
# shellcheck disable=SC2086 # "<version> <name>" are two arguments
pg_ctlcluster $cluster start >/dev/null 2>&1 || true
psql_as_postgres() { su postgres -c "psql -qtc \"$1\""; }
psql_as_postgres "SELECT 1 FROM pg_roles WHERE rolname='intakekit'" | grep -q 1 \
  || psql_as_postgres "CREATE ROLE intakekit LOGIN PASSWORD 'intakekit' CREATEDB" || exit 1
for db in "$@"; do
  psql_as_postgres "SELECT 1 FROM pg_database WHERE datname='$db'" | grep -q 1 \
    || psql_as_postgres "CREATE DATABASE $db OWNER intakekit" || exit 1
done
