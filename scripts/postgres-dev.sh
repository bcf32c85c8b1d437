#!/usr/bin/env bash
# A throwaway PostgreSQL server for the SiteSchedule tests and for trying the shared store:
# a new cluster in a temporary directory, on a free loopback port, run by an unprivileged
# user (the `postgres` system user when this runs as root), with a password, offering TLS
# with a certificate of its own (for `localhost`, signed by itself).
#
#     scripts/postgres-dev.sh start      # prints: export SITESCHEDULE_TEST_POSTGRES_URL=postgres://…
#                                        # and, as a comment, the SITESCHEDULE_DB line to use it
#     scripts/postgres-dev.sh stop DIR   # stops the server started in DIR and removes DIR
#
# `eval "$(scripts/postgres-dev.sh start)"` sets SITESCHEDULE_TEST_POSTGRES_URL (the tests'
# server), SITESCHEDULE_TEST_POSTGRES_CA (the certificate, for sslrootcert=) and
# SITESCHEDULE_POSTGRES_DIR (what `stop` takes). Needs Debian's `postgresql` and `openssl`.
set -euo pipefail

bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)
[ -n "$bin" ] || { echo "postgres-dev.sh: no PostgreSQL server (apt-get install postgresql)" >&2; exit 2; }

as_owner() {
    if [ "$(id -u)" -eq 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}

case "${1:-}" in
start)
    dir=$(mktemp -d "${TMPDIR:-/tmp}/siteschedule-postgres.XXXXXX")
    [ "$(id -u)" -eq 0 ] && chown postgres "$dir"
    password="throwaway-$RANDOM$RANDOM"
    port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
    as_owner bash -c "echo '$password' > '$dir/pwfile'"
    # The server's certificate names localhost only, so a test can tell verify-full (which
    # rejects it at 127.0.0.1) from verify-ca (which takes it).
    as_owner openssl req -x509 -newkey rsa:2048 -nodes -days 2 -subj /CN=localhost \
        -addext subjectAltName=DNS:localhost -keyout "$dir/server.key" -out "$dir/server.crt" \
        >"$dir/openssl.log" 2>&1 || { cat "$dir/openssl.log" >&2; exit 1; }
    as_owner chmod 600 "$dir/server.key"
    as_owner "$bin/initdb" -D "$dir/data" -U siteschedule --auth=scram-sha-256 --pwfile="$dir/pwfile" \
        --encoding=UTF8 --locale=C >"$dir/initdb.log" 2>&1 ||
        { cat "$dir/initdb.log" >&2; exit 1; }
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w \
        -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=on \
        -c ssl=on -c ssl_cert_file=$dir/server.crt -c ssl_key_file=$dir/server.key" start >/dev/null ||
        { cat "$dir/server.log" >&2; exit 1; }
    PGPASSWORD="$password" "$bin/createdb" -h 127.0.0.1 -p "$port" -U siteschedule schedule
    echo "export SITESCHEDULE_TEST_POSTGRES_URL=postgres://siteschedule:$password@127.0.0.1:$port/schedule"
    echo "export SITESCHEDULE_TEST_POSTGRES_CA=$dir/server.crt"
    echo "export SITESCHEDULE_POSTGRES_DIR=$dir"
    # For trying the store by hand; a comment, so that eval (as .ci/run does) leaves the
    # commands' default database alone.
    echo "# to use this server from siteschedule: export SITESCHEDULE_DB=postgres://siteschedule:$password@127.0.0.1:$port/schedule"
    ;;
stop)
    dir=${2:-${SITESCHEDULE_POSTGRES_DIR:-}}
    [ -n "$dir" ] && [ -d "$dir/data" ] || { echo "postgres-dev.sh: stop DIR (the directory start printed)" >&2; exit 2; }
    as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null || true
    rm -rf "$dir"
    ;;
*)
    echo "usage: scripts/postgres-dev.sh start | stop DIR" >&2
    exit 2
    ;;
esac
