#!/usr/bin/env bash
# Two machines on one machine (BENCHMARKS.md, "The two-core layout"): starts a PostgreSQL and a Redis
# of its own, runs a command beside them, and stops both stores when the command ends.
#
#   benchmarks/layout.sh split|shared [--] command args...
#
# split   the stores on FENCED_STORE_CPUS (default 0), the command on FENCED_CLIENT_CPUS (default 1)
# shared  no pinning: stores and command on every CPU the script has (the worst case)
#
# Both layouts start the same fresh stores, so they differ in the pinning only. The command gets
#   FENCED_TEST_POSTGRES_URL=jdbc:postgresql://127.0.0.1:<port>/test?user=postgres
#   FENCED_TEST_REDIS_URL=redis://127.0.0.1:<port>
#   FENCED_LAYOUT_DIR       the stores' directory (postgres/ holds postmaster.pid), deleted on exit
# Ports: FENCED_LAYOUT_POSTGRES_PORT (default 55432), FENCED_LAYOUT_REDIS_PORT (default 56379).
# Exit status: the command's; before the command runs, 1 when a store does not start, 2 for a bad
# call or a port in use, 3 when this machine cannot run the layout (fewer than 2 CPUs for split;
# taskset, PostgreSQL's server or Redis missing; root without a user postgres).
set -euo pipefail

readonly NAME=layout.sh
# the machine's PostgreSQL has the default 100, which the arquillian cells (a database per
# deployment, pools of 16 and more) run on
readonly MAX_CONNECTIONS=100

usage() {
  echo "usage: benchmarks/$NAME split|shared [--] command args..." >&2
  exit 2
}

refuse() {
  echo "$NAME: $1" >&2
  exit "${2:-3}"
}

[[ $# -ge 1 ]] || usage
layout=$1
shift
[[ $layout == split || $layout == shared ]] || usage
[[ ${1:-} == -- ]] && shift
[[ $# -ge 1 ]] || usage

store_cpus=${FENCED_STORE_CPUS:-0}
client_cpus=${FENCED_CLIENT_CPUS:-1}
pg_port=${FENCED_LAYOUT_POSTGRES_PORT:-55432}
redis_port=${FENCED_LAYOUT_REDIS_PORT:-56379}

# --- what the machine must have -------------------------------------------------------------------
command -v taskset >/dev/null ||
  refuse "taskset is missing (apt-get install util-linux): it pins and reports each side's CPUs"
if [[ $layout == split ]]; then
  cpus=$(getconf _NPROCESSORS_ONLN)
  [[ $cpus -ge 2 ]] ||
    refuse "split needs 2 CPUs, one per side; this machine has $cpus (run shared instead)"
fi

pg_bin=
if command -v pg_config >/dev/null && [[ -x "$(pg_config --bindir)/initdb" ]]; then
  pg_bin=$(pg_config --bindir)
else
  newest=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
  [[ -n $newest && -x $newest/initdb ]] && pg_bin=$newest
fi
[[ -n $pg_bin ]] ||
  refuse "no PostgreSQL server binaries (initdb, pg_ctl) in pg_config --bindir or /usr/lib/postgresql/*/bin: apt-get install postgresql"
command -v redis-server >/dev/null && command -v redis-cli >/dev/null ||
  refuse "redis-server or redis-cli is missing: apt-get install redis-server"

# PostgreSQL refuses to run as root: as root, its server runs as the user postgres
as_pg=()
if [[ $(id -u) -eq 0 ]]; then
  id postgres >/dev/null 2>&1 ||
    refuse "running as root, and there is no user postgres to run the PostgreSQL server as (PostgreSQL refuses root)"
  as_pg=(runuser -u postgres --)
fi

# in use: a server answers on it, or any socket (a client's too: the defaults lie in Linux's
# ephemeral range) has it as its local port; but one in TIME_WAIT (state 06), which a server may
# bind beside (PostgreSQL and Redis set SO_REUSEADDR), as the last run's connections leave them
port_in_use() {
  (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null && return 0
  cat /proc/net/tcp /proc/net/tcp6 2>/dev/null |
    awk -v hex="$(printf ':%04X' "$1")" '{ if (substr($2, length($2) - 4) == hex && $4 != "06") found = 1 } END { exit !found }'
}
port_refusal() {
  refuse "port $1 on 127.0.0.1 is in use: set FENCED_LAYOUT_POSTGRES_PORT / FENCED_LAYOUT_REDIS_PORT to free ones" 2
}
for port in "$pg_port" "$redis_port"; do
  if port_in_use "$port"; then port_refusal "$port"; fi
done

store_pin=()
client_pin=()
if [[ $layout == split ]]; then
  store_pin=(taskset -c "$store_cpus")
  client_pin=(taskset -c "$client_cpus")
fi

# --- start, and stop whatever was started on every way out ----------------------------------------
dir=$(mktemp -d "${TMPDIR:-/tmp}/fenced-layout.XXXXXX")
chmod 755 "$dir"
data=$dir/postgres
redis_dir=$dir/redis
mkdir -p "$redis_dir"
[[ ${#as_pg[@]} -eq 0 ]] || chown postgres "$dir"
child=
pg_started=
redis_pid=

# whether a process runs: an ended one may stay a zombie until init reaps it (a second or more)
running() {
  local stat
  stat=$(cat "/proc/$1/stat" 2>/dev/null) || return 1
  [[ ${stat##*) } != Z* ]]
}

stop_all() {
  trap - EXIT INT TERM HUP
  set +e
  if [[ -n $child ]] && kill -0 "$child" 2>/dev/null; then
    kill -TERM "$child" 2>/dev/null
    wait "$child" 2>/dev/null
  fi
  if [[ -n $pg_started ]]; then
    "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$data" -m fast -w -t 30 stop >/dev/null 2>&1 ||
      { [[ -f $data/postmaster.pid ]] && kill -KILL "$(head -n 1 "$data/postmaster.pid")" 2>/dev/null; }
  fi
  if [[ -n $redis_pid ]]; then
    kill -TERM "$redis_pid" 2>/dev/null
    for _ in $(seq 200); do running "$redis_pid" || break; sleep 0.05; done
    running "$redis_pid" && kill -KILL "$redis_pid" 2>/dev/null
  fi
  rm -rf "$dir"
}

on_signal() {
  echo "$NAME: $1, stopping the command and the stores" >&2
  exit "$2" # the EXIT trap stops everything
}

trap stop_all EXIT
trap 'on_signal SIGINT 130' INT
trap 'on_signal SIGTERM 143' TERM
trap 'on_signal SIGHUP 129' HUP

# PostgreSQL: the defaults (fsync on, autovacuum on), loopback only, the socket in its directory;
# initdb skips its final flush (--no-sync, 1 s): the cluster lives as long as this run
locale=C
if locale -a 2>/dev/null | grep -ix 'c.utf-\?8' >/dev/null; then locale=C.UTF-8; fi
"${store_pin[@]}" "${as_pg[@]}" "$pg_bin/initdb" -D "$data" -U postgres --auth=trust --no-sync \
  --encoding=UTF8 --locale="$locale" >"$dir/initdb.log" 2>&1 ||
  { cat "$dir/initdb.log" >&2; refuse "initdb failed (above)" 1; }
cat >>"$data/postgresql.conf" <<EOF
# benchmarks/$NAME
listen_addresses = '127.0.0.1'
port = $pg_port
unix_socket_directories = '$dir'
max_connections = $MAX_CONNECTIONS
EOF
pg_started=yes
"${store_pin[@]}" "${as_pg[@]}" "$pg_bin/pg_ctl" -D "$data" -l "$dir/postgres.log" -w -t 60 start \
  >/dev/null || {
  cat "$dir/postgres.log" >&2
  grep -q 'Address already in use' "$dir/postgres.log" && port_refusal "$pg_port"
  refuse "PostgreSQL did not start (its log above)" 1
}
"$pg_bin/createdb" -h 127.0.0.1 -p "$pg_port" -U postgres test
pg_pid=$(head -n 1 "$data/postmaster.pid")

# Redis: no persistence, loopback only
"${store_pin[@]}" redis-server --bind 127.0.0.1 --port "$redis_port" --save '' --appendonly no \
  --dir "$redis_dir" --daemonize yes --pidfile "$redis_dir/redis.pid" \
  --logfile "$redis_dir/redis.log" >/dev/null
for _ in $(seq 100); do
  [[ -s $redis_dir/redis.pid ]] && [[ $(redis-cli -h 127.0.0.1 -p "$redis_port" ping 2>/dev/null) == PONG ]] && break
  sleep 0.1
done
redis_pid=$(cat "$redis_dir/redis.pid" 2>/dev/null || true)
[[ -n $redis_pid ]] || {
  cat "$redis_dir/redis.log" >&2
  grep -q 'Address already in use' "$redis_dir/redis.log" && port_refusal "$redis_port"
  refuse "Redis did not start (its log above)" 1
}

export FENCED_TEST_POSTGRES_URL="jdbc:postgresql://127.0.0.1:$pg_port/test?user=postgres"
export FENCED_TEST_REDIS_URL="redis://127.0.0.1:$redis_port"
export FENCED_LAYOUT_DIR=$dir

echo "$NAME: layout $layout on $(getconf _NPROCESSORS_ONLN) CPUs"
echo "$NAME: postgres 127.0.0.1:$pg_port, $(taskset -cp "$pg_pid")"
echo "$NAME: redis    127.0.0.1:$redis_port, $(taskset -cp "$redis_pid")"
# the command reports its own affinity, then becomes the command (same pid); stdin stays the script's
"${client_pin[@]}" bash -c 'echo "layout.sh: command, $(taskset -cp $$)"; exec "$@"' "$NAME" "$@" <&0 &
child=$!
status=0
wait "$child" || status=$?
child=
exit "$status"
