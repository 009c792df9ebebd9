#!/usr/bin/env bash
# What `pnpm build` wrote, run outside Docker: `pnpm start --dist` starts every process from its
# compiled bundle in dist/ (plain node, no tsx), then the gateway must be ready and a dev login must
# reach /auth/user. Run `pnpm build` first. Uses the default ports, so nothing else may hold them.
# The ledger goes to a fresh database on the Postgres the tests use (TEST_DATABASE_URL, as in the
# README's Testing section) rather than the embedded one, whose initdb runs as another user and cannot
# reach a checkout inside a private folder.
set -euo pipefail
cd "$(dirname "$0")/.."
GW=http://127.0.0.1:8080
log=$(mktemp)
jar=$(mktemp)
fail() { echo "dist smoke: FAILED: $*" >&2; tail -n 30 "$log" >&2; exit 1; }

admin=${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}
db=gatehouse_dist_smoke
# CREATE DATABASE copies template1 and fails while another session is on it (a test's process that
# outlived its suite by a moment): a CI run met that once, so it is asked up to five times.
for try in 1 2 3 4 5; do
  PGOPTIONS="-c client_min_messages=warning" psql -q "$admin" -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" \
    -c "CREATE DATABASE $db" >/dev/null && break
  [ "$try" = 5 ] && { echo "dist smoke: FAILED: cannot create the database $db" >&2; exit 1; }
  sleep 2
done
export DATABASE_URL="${admin%/*}/$db"

# Its own process group, so one signal reaches pnpm, the starter and every process it started.
setsid pnpm -s start --dist >"$log" 2>&1 &
group=$!
cleanup() {
  kill -TERM -- "-$group" 2>/dev/null || true
  for _ in $(seq 1 40); do kill -0 -- "-$group" 2>/dev/null || break; sleep 0.25; done
  kill -KILL -- "-$group" 2>/dev/null || true
  rm -f "$log" "$jar"
  PGOPTIONS="-c client_min_messages=warning" psql -q "$admin" -c "DROP DATABASE IF EXISTS $db WITH (FORCE)" >/dev/null 2>&1 || true
}
trap cleanup EXIT

for _ in $(seq 1 240); do
  grep -q 'Gatehouse is up' "$log" && break
  kill -0 "$group" 2>/dev/null || fail "pnpm start --dist stopped"
  sleep 0.5
done
grep -q 'Gatehouse is up' "$log" || fail "the stack did not come up within 2 minutes"

# Only this start's processes (its descendants): other checkouts' stacks may be running on the machine.
descendants() { local p; for p in $(pgrep -P "$1"); do echo "$p"; descendants "$p"; done; }
started() { descendants "$group" | xargs -r -n1 ps -o args= -p | grep -cE "$1" || true; }
running=$(started "dist/(gateway|auth|avatar|telegram-bot|payment)/main\.js" || true)
[ "$running" = 5 ] || fail "expected 5 processes running from dist/, found $running"
tsx=$(started "tsx .*/(gateway|services/[a-z-]+)/src/main\.ts" || true)
[ "$tsx" = 0 ] || fail "$tsx processes still run TypeScript sources"
[ "$(curl -s -o /dev/null -w '%{http_code}' "$GW/health/ready")" = 200 ] || fail "/health/ready is not 200"

authorize=$(curl -s -o /dev/null -w '%{redirect_url}' -c "$jar" -b "$jar" "$GW/auth/dev/login")
callback=$(curl -s -o /dev/null -w '%{redirect_url}' --data-urlencode username=dist-smoke "$authorize")
curl -s -o /dev/null -c "$jar" -b "$jar" "$callback"
xsrf=$(awk '$6 == "XSRF-TOKEN" { print $7 }' "$jar" | tail -n 1)
user=$(curl -s -b "$jar" -H "X-XSRF-TOKEN: $xsrf" "$GW/auth/user")
case "$user" in *'"name":"dist-smoke"'*) ;; *) fail "/auth/user answered $user" ;; esac
echo "dist smoke: 5 processes from dist/ (plain node), /health/ready 200, dev login and /auth/user: $user"
