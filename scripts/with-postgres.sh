#!/usr/bin/env bash
# Runs a command with a throw-away PostgreSQL server on 127.0.0.1, exported as TEST_DATABASE_URL.
# Installs Debian's postgresql when missing (needs root). Stops the server and removes its data on exit.
set -euo pipefail

pgbin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$pgbin" ]; then
  echo "with-postgres: installing Debian's postgresql" >&2
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
  pgbin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
fi

dir=$(mktemp -d /tmp/tradelane-pg.XXXXXX)
port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
as_pg=()
if [ "$(id -u)" = "0" ]; then
  # PostgreSQL refuses to run as root: the server runs as the postgres user.
  id postgres >/dev/null 2>&1 || useradd --system --home "$dir" postgres
  chown postgres "$dir"
  as_pg=(runuser -u postgres --)
fi

stop() {
  "${as_pg[@]}" "$pgbin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT

"${as_pg[@]}" "$pgbin/initdb" -D "$dir/data" -U postgres -A trust --no-sync >/dev/null
"${as_pg[@]}" "$pgbin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
  -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200" start >/dev/null
echo "with-postgres: PostgreSQL $("$pgbin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port" >&2

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/postgres"
"$@"
