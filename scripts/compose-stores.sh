#!/usr/bin/env bash
# The stores are not shared, checked from inside the running compose stack's containers, for
# scripts/compose-smoke.sh (which sources this file; its compose, fail and step are used here): payment's
# Postgres login is confined to its schema, avatar reaches neither store, no workload reaches a store it
# does not use, Redis refuses a client without a password, and auth's Redis user cannot touch
# telegram-bot's or the gateway's keys.
# Payment, as its own role, reaches its schema and nothing of auth's (passkeys, TOTP secrets) or anywhere
# else; pg and ioredis are the images' own, the URLs the containers' own environment.
isolation=$(docker exec "$(compose ps -q payment | head -n 1)" node -e '
  const { Client } = require("pg");
  const c = new Client({ connectionString: process.env.DATABASE_URL, connectionTimeoutMillis: 5000 });
  const code = (sql) => c.query(sql).then(() => "ok", (e) => e.code || e.message);
  (async () => {
    await c.connect();
    const out = {
      user: (await c.query("SELECT current_user AS u")).rows[0].u,
      superuser: (await c.query("SHOW is_superuser")).rows[0].is_superuser,
      ownCards: await code("SELECT count(*) FROM payment.cards"),
      readAuth: await code("SELECT * FROM auth.passkey_credentials"),
      writeAuth: await code("INSERT INTO auth.passkey_credentials (id, user_id, user_json, public_key) VALUES ($$x$$, $$dev_1$$, $${}$$, $$\\x00$$)"),
      readTotp: await code("SELECT * FROM auth.totp_secrets"),
      createPublic: await code("CREATE TABLE public.planted (a int)"),
      createSchema: await code("CREATE SCHEMA planted"),
    };
    await c.end();
    console.log(JSON.stringify(out));
  })().catch((e) => { console.log(JSON.stringify({ error: e.message })); });') || true
echo "payment's database login: $isolation"
expected='{"user":"gatehouse_payment","superuser":"off","ownCards":"ok","readAuth":"42501","writeAuth":"42501","readTotp":"42501","createPublic":"42501","createSchema":"42501"}'
[ "$isolation" = "$expected" ] || fail "payment's database login is not confined to its schema: $isolation"

# Avatar (untrusted pictures and URLs) reaches neither store, by name or by address; nor do the other
# workloads reach the store they do not use.
reach() { # container host port -> "connected" or the error
  docker exec "$1" node -e '
    const s = require("net").connect(Number(process.argv[2]), process.argv[1]);
    s.setTimeout(3000, () => { console.log("timeout"); process.exit(0); });
    s.on("connect", () => { console.log("connected"); process.exit(0); });
    s.on("error", (e) => { console.log(e.code || e.message); process.exit(0); });' "$2" "$3"
}
address_of() { docker inspect -f "{{(index .NetworkSettings.Networks \"${COMPOSE_PROJECT_NAME}_$2\").IPAddress}}" "$(compose ps -q "$1")"; }
pg_ip=$(address_of postgres postgres)
redis_ip=$(address_of redis redis)
[ -n "$pg_ip" ] && [ -n "$redis_ip" ] || fail "no addresses for postgres ($pg_ip) and redis ($redis_ip)"
avatar=$(compose ps -q avatar | head -n 1)
for target in "postgres 5432" "redis 6379" "$pg_ip 5432" "$redis_ip 6379"; do
  # shellcheck disable=SC2086
  got=$(reach "$avatar" $target)
  printf '  avatar -> %-22s %s\n' "${target/ /:}" "$got"
  [ "$got" != connected ] || fail "avatar reaches ${target/ /:}"
done
for pair in "payment redis 6379" "telegram-bot postgres 5432" "gateway postgres 5432" "dev-oauth postgres 5432" "dev-oauth redis 6379"; do
  read -r from host port <<<"$pair"
  got=$(reach "$(compose ps -q "$from" | head -n 1)" "$host" "$port")
  printf '  %-12s -> %-10s %s\n' "$from" "$host:$port" "$got"
  [ "$got" != connected ] || fail "$from reaches $host:$port, which it does not use"
done
# The ones that do use a store reach it (the checks above are not passing for another reason).
[ "$(reach "$(compose ps -q payment | head -n 1)" postgres 5432)" = connected ] || fail "payment does not reach postgres"

# Redis: nothing without a password, and auth's user cannot touch telegram-bot's keys.
noauth=$(docker exec "$(compose ps -q gateway | head -n 1)" node -e '
  const s = require("net").connect(6379, "redis", () => s.write("PING\r\n"));
  s.setTimeout(3000, () => { console.log("timeout"); process.exit(0); });
  s.on("data", (d) => { console.log(String(d).trim()); process.exit(0); });
  s.on("error", (e) => { console.log(e.code || e.message); process.exit(0); });')
echo "redis, PING without a password: $noauth"
case "$noauth" in -NOAUTH*) ;; *) fail "Redis answered a client without a password: $noauth" ;; esac
confined=$(docker exec "$(compose ps -q auth | head -n 1)" node -e '
  const { Redis } = require("ioredis");
  const r = new Redis(process.env.REDIS_URL, { maxRetriesPerRequest: 0 });
  const outcome = (p) => p.then(() => "ok", (e) => e.message.split(" ")[0]);
  (async () => {
    const out = {
      own: await outcome(r.exists("gatehouse:revoked:smoke")),
      readTelegram: await outcome(r.get("gatehouse-telegram:{poller}:lease")),
      writeTelegram: await outcome(r.hset("gatehouse-telegram:request:smoke", "user", "{}")),
      clearGateway: await outcome(r.del("gatehouse-gateway:limit:basic:u:admin")),
      listKeys: await outcome(r.keys("*")),
      flush: await outcome(r.flushall()),
    };
    console.log(JSON.stringify(out));
    r.disconnect();
  })();') || true
echo "auth's Redis user: $confined"
[ "$confined" = '{"own":"ok","readTelegram":"NOPERM","writeTelegram":"NOPERM","clearGateway":"NOPERM","listKeys":"NOPERM","flush":"NOPERM"}' ] ||
  fail "auth's Redis user is not confined to its keys: $confined"

step "payment killed as a crash kills it (SIGKILL): back by itself"
# Not `docker kill`: the engine takes that for an operator's stop and no restart policy undoes it (by
# design, see Docker's restart-policy docs). A crash, an OOM kill or `kill -9` of the process is what
# `restart: unless-stopped` is for, so the process is killed on the host, where the engine sees it die.
pid=$(docker inspect -f '{{.State.Pid}}' "$(compose ps -q payment)")
restarts_before=$(docker inspect -f '{{.RestartCount}}' "$(compose ps -q payment)")
kill -KILL "$pid"
started=$(now)
# The engine restarts it within a second or so; the gateway may or may not catch it down meanwhile.
for _ in $(seq 1 20); do
  code=$(curl -s -o /dev/null -w '%{http_code}' "$GW/health/ready")
  [ "$code" = 200 ] || { echo "while it was down /health/ready answered $code: $(curl -s "$GW/health/ready")"; break; }
  sleep 0.1
done
for _ in $(seq 1 600); do
  [ "$(docker inspect -f '{{.RestartCount}}' "$(compose ps -q payment)")" -gt "$restarts_before" ] && break
  sleep 0.1
done
[ "$(docker inspect -f '{{.RestartCount}}' "$(compose ps -q payment)")" -gt "$restarts_before" ] ||
  fail "the engine did not restart payment"
wait_ready 60 || fail "payment was not back within 60 s"
# /health/ready asks on a channel of its own; the gateway's payment channel dials the restarted
# process again within its reconnect backoff (at most 2 s, grpc-kit channel.ts), and until then a
# read answers 503. So GET /cards/ is given 4 s more, and the time counts until it answers 200.
for _ in $(seq 1 40); do
  request 200 GET /cards/ -H "X-XSRF-TOKEN: $(xsrf)" >/dev/null 2>&1 && break
  sleep 0.1
done
request 200 GET /cards/ -H "X-XSRF-TOKEN: $(xsrf)" >/dev/null
back_seconds=$(since "$started")
echo "payment back (restarts: $(docker inspect -f '{{.RestartCount}}' "$(compose ps -q payment)")), /health/ready 200 and GET /cards/ 200 after $back_seconds s"
