# shellcheck shell=bash
# PostgreSQL part of scripts/infra.sh (sourced): a project-local cluster in .local/pg/data.

PG_PORT=${INFRA_PG_PORT:-55432}
PG_DIR="$LOCAL_DIR/pg"
PG_DATA="$PG_DIR/data"
PG_LOG="$LOG_DIR/postgres.log"
# shellcheck disable=SC2034 # used by infra.sh env
PG_DEFAULT_URL="postgres://regatta@$HOST:$PG_PORT/regatta"
PG_BIN=""
PG_OS_USER=""

# Bin dir of the cluster's major version if it exists, else the newest installed server.
pg_find_bin() {
  local dir ver=""
  [[ -s "$PG_DATA/PG_VERSION" ]] && ver=$(<"$PG_DATA/PG_VERSION")
  if [[ -n "$ver" && -x "/usr/lib/postgresql/$ver/bin/postgres" ]]; then
    PG_BIN="/usr/lib/postgresql/$ver/bin"
    return 0
  fi
  PG_BIN=""
  for dir in $(find /usr/lib/postgresql -mindepth 2 -maxdepth 2 -name bin -type d 2>/dev/null | sort -V); do
    [[ -x "$dir/postgres" && -x "$dir/initdb" && -x "$dir/pg_ctl" ]] && PG_BIN=$dir
  done
  [[ -n "$PG_BIN" ]]
}

pg_ensure_installed() {
  pg_find_bin && return 0
  apt_install postgresql
  pg_find_bin || die "PostgreSQL installed but no server binaries under /usr/lib/postgresql/*/bin"
}

# initdb and pg_ctl refuse to run as root: run them as the data dir's owner, else `postgres`.
pg_pick_os_user() {
  if ! is_root; then
    PG_OS_USER=$(id -un)
  elif [[ -d "$PG_DATA" ]]; then
    PG_OS_USER=$(stat -c %U "$PG_DATA")
  elif id postgres >/dev/null 2>&1; then
    PG_OS_USER=postgres
  else
    PG_OS_USER=regatta-pg # created by pg_init when first needed
  fi
}

# as_pg COMMAND...: run as the cluster's OS user, from a directory it can enter.
as_pg() {
  if is_root && [[ "$PG_OS_USER" != root ]]; then
    (cd / && runuser -u "$PG_OS_USER" -- "$@")
  else
    "$@"
  fi
}

pg_running() {
  [[ -n "$PG_BIN" && -s "$PG_DATA/postmaster.pid" ]] || return 1
  as_pg "$PG_BIN/pg_ctl" status -D "$PG_DATA" >/dev/null 2>&1
}

pg_psql() {
  "$PG_BIN/psql" -X -q -v ON_ERROR_STOP=1 -h "$HOST" -p "$PG_PORT" -U postgres -d postgres
}

pg_init() {
  [[ -s "$PG_DATA/PG_VERSION" ]] && return 0
  id "$PG_OS_USER" >/dev/null 2>&1 ||
    useradd --system --no-create-home --shell /usr/sbin/nologin "$PG_OS_USER"
  mkdir -p "$PG_DIR"
  chmod 755 "$LOCAL_DIR" "$PG_DIR"
  as_pg test -w "$PG_DIR" 2>/dev/null || chown "$PG_OS_USER:" "$PG_DIR"
  as_pg test -w "$PG_DIR" ||
    die "OS user $PG_OS_USER cannot write $PG_DIR (a parent directory is not traversable?)"
  rm -rf "$PG_DATA" # leftover of an interrupted initdb
  info "initdb $PG_DATA (as $PG_OS_USER)"
  as_pg "$PG_BIN/initdb" -D "$PG_DATA" -U postgres --auth=trust -E UTF8 --locale=C.UTF-8 \
    >"$LOG_DIR/postgres-initdb.log" 2>&1 || die "initdb failed" "$LOG_DIR/postgres-initdb.log"
  # Loopback TCP only, trust: a development cluster, never reachable from outside the machine.
  printf '%s\n' '# scripts/infra.sh: development cluster, trust on 127.0.0.1 only' \
    'local all all trust' 'host all all 127.0.0.1/32 trust' >"$PG_DATA/pg_hba.conf"
  printf "\ninclude_if_exists 'regatta.conf'\n" >>"$PG_DATA/postgresql.conf"
}

# Rewritten on every start so a changed setting takes effect without a re-init.
pg_write_conf() {
  cat >"$PG_DATA/regatta.conf" <<EOF
# Written by scripts/infra.sh on every start; edit that script, not this file.
listen_addresses = '$HOST'
port = $PG_PORT
unix_socket_directories = ''
max_connections = 200
synchronous_commit = off
timezone = 'UTC'
log_timezone = 'UTC'
log_line_prefix = '%m [%p] %q%u@%d '
EOF
  chown "$(stat -c %U:%G "$PG_DATA")" "$PG_DATA/regatta.conf" "$PG_DATA/pg_hba.conf"
}

pg_start() {
  port_open "$PG_PORT" &&
    die "port $PG_PORT is taken by another process (not the cluster in $PG_DATA); stop it or set DATABASE_URL"
  pg_write_conf
  touch "$PG_LOG"
  chown "$PG_OS_USER:" "$PG_LOG"
  info "starting PostgreSQL on $HOST:$PG_PORT"
  as_pg "$PG_BIN/pg_ctl" -D "$PG_DATA" -l "$PG_LOG" -w -t 60 start >/dev/null 2>&1 ||
    die "PostgreSQL did not start on $HOST:$PG_PORT" "$PG_LOG"
}

# Role regatta (superuser) and databases regatta and regatta_test; idempotent.
pg_bootstrap_sql() {
  cat <<'SQL'
SELECT 'CREATE ROLE regatta LOGIN SUPERUSER'
  WHERE NOT EXISTS (SELECT FROM pg_roles WHERE rolname = 'regatta') \gexec
SELECT 'CREATE DATABASE ' || d || ' OWNER regatta'
  FROM unnest(ARRAY['regatta', 'regatta_test']) AS d
  WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = d) \gexec
SQL
}

pg_bootstrap() {
  pg_bootstrap_sql | pg_psql >/dev/null 2>"$LOG_DIR/postgres-bootstrap.log" ||
    die "could not create role/databases in PostgreSQL" "$LOG_DIR/postgres-bootstrap.log"
}

pg_check_external() {
  local shown
  shown=$(redact_url "$DATABASE_URL")
  info "PostgreSQL: using DATABASE_URL=$shown (not managed here)"
  if command -v pg_isready >/dev/null; then
    pg_isready -q -t 5 -d "$DATABASE_URL" || die "PostgreSQL at DATABASE_URL=$shown does not answer"
  fi
}

pg_up() {
  if [[ -n "${DATABASE_URL:-}" ]]; then
    pg_check_external
    return 0
  fi
  pg_ensure_installed
  pg_pick_os_user
  if ! pg_running; then
    pg_init
    pg_start
  fi
  pg_bootstrap
}

pg_down() {
  pg_find_bin || return 0
  pg_pick_os_user
  pg_running || return 0
  info "stopping PostgreSQL"
  as_pg "$PG_BIN/pg_ctl" -D "$PG_DATA" -m fast -w -t 60 stop >/dev/null 2>&1 ||
    die "PostgreSQL did not stop" "$PG_LOG"
}

pg_status() {
  if [[ -n "${DATABASE_URL:-}" ]]; then
    printf '%-10s %-8s %s\n' postgres external "DATABASE_URL=$(redact_url "$DATABASE_URL")"
    return 0
  fi
  if pg_find_bin && pg_pick_os_user && pg_running; then
    printf '%-10s %-8s %s\n' postgres running \
      "$HOST:$PG_PORT pid $(head -n 1 "$PG_DATA/postmaster.pid") data ${PG_DATA#"$ROOT"/} log ${PG_LOG#"$ROOT"/} (databases regatta, regatta_test; role regatta)"
  else
    printf '%-10s %-8s %s\n' postgres stopped "$HOST:$PG_PORT"
    return 1
  fi
}
