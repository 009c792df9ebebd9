#!/bin/sh
# Starts redis-server with Gatehouse's users (deploy/redis/users.acl): the template's ${VARIABLE}s become
# the SHA-256 of each password, a health-check password is made anew (for `health`, which may only PING),
# and every argument is passed on to redis-server. Compose's `redis` service runs it; the tests run it too.
#   AUTH_REDIS_PASSWORD=... TELEGRAM_REDIS_PASSWORD=... GATEWAY_REDIS_PASSWORD=... sh entrypoint.sh --port 6379
# Passwords: at least 16 of A-Z a-z 0-9 . _ ~ - (they go into REDIS_URL as they are), e.g. openssl rand -hex 32.
# GATEHOUSE_REDIS_ACL_TEMPLATE (default: users.acl beside this script) and GATEHOUSE_REDIS_RUN_DIR
# (default /tmp/gatehouse-redis: the ACL file and the health password, readable by this user only).
set -eu
here=$(dirname "$0")
template=${GATEHOUSE_REDIS_ACL_TEMPLATE:-$here/users.acl}
dir=${GATEHOUSE_REDIS_RUN_DIR:-/tmp/gatehouse-redis}
umask 077
mkdir -p "$dir"

GATEHOUSE_REDIS_HEALTH_PASSWORD=$(od -An -tx1 -N24 /dev/urandom | tr -d ' \n')
export GATEHOUSE_REDIS_HEALTH_PASSWORD
printf '%s' "$GATEHOUSE_REDIS_HEALTH_PASSWORD" >"$dir/health-password"

# Comments and blank lines out, continued lines joined: one user per line, as Redis reads an ACL file.
acl=$(sed -e '/^[[:space:]]*#/d' -e '/^[[:space:]]*$/d' "$template" |
  awk '{ if (sub(/\\[[:space:]]*$/, "")) { line = line $0; next } print line $0; line = "" }' |
  tr -s ' ')
for token in $(printf '%s\n' "$acl" | grep -o '\${[A-Z_]*\(:-\)\{0,1\}}' | sort -u); do
  name=$(printf '%s' "$token" | tr -d '${}:-')
  eval "value=\${$name:-}"
  pattern=$(printf '%s' "$token" | sed 's/[$]/[$]/')
  if [ -z "$value" ] && [ "${token%:-\}}" != "$token" ]; then
    acl=$(printf '%s\n' "$acl" | sed "/$pattern/d") # an optional user, not asked for
    continue
  fi
  if [ -z "$value" ]; then
    echo "redis: set $name (a password of at least 16 characters, e.g. \$(openssl rand -hex 32))" >&2
    exit 1
  fi
  case "$value" in
  *[!A-Za-z0-9._~-]*)
    echo "redis: $name may hold only A-Z a-z 0-9 . _ ~ - (it goes into REDIS_URL as it is)" >&2
    exit 1
    ;;
  esac
  if [ "${#value}" -lt 16 ]; then
    echo "redis: $name is shorter than 16 characters" >&2
    exit 1
  fi
  hash=$(printf '%s' "$value" | sha256sum | cut -d ' ' -f 1)
  acl=$(printf '%s\n' "$acl" | sed "s/$pattern/$hash/g")
done
printf '%s\n' "$acl" >"$dir/users.acl"
exec redis-server "$@" --aclfile "$dir/users.acl"
