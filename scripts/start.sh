#!/usr/bin/env bash
# `npm start`: provisions PostgreSQL, Redis, Kafka and Mailpit (SMTP), builds, migrates, starts the services and
# the gateway as separate processes, seeds demo data and prints where to reach it. Ctrl-C stops all.
set -euo pipefail
source "$(dirname "$0")/lib.sh"

SERVICES=(identity organizations events results-scoring sailors webhooks public-results race-capture notifications)
declare -A PORTS=([identity]=4101 [organizations]=4102 [events]=4103 [results-scoring]=4104 [sailors]=4105 [webhooks]=4106 [public-results]=4107 [race-capture]=4108 [notifications]=4109 [gateway]=8080)
GATEWAY_PORT="${PORT:-8080}"
PIDS=()

stop_all() {
  trap - INT TERM EXIT
  log "stopping services and gateway"
  for pid in "${PIDS[@]}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${PIDS[@]}"; do wait "$pid" 2>/dev/null || true; done
  if [ "${KEEP_INFRA:-0}" != "1" ]; then bash "$ROOT/scripts/infra.sh" down || true; fi
  log "stopped"
}

wait_healthy() { # name url
  local deadline=$((SECONDS + 60))
  # Quiet while the process starts (curl would print "Failed to connect" on every try).
  until curl -fs -o /dev/null "$2" 2>/dev/null; do
    [ $SECONDS -lt $deadline ] || { tail -n 30 "$ROOT/.local/logs/$1.log" >&2; die "$1 did not become healthy ($2)"; }
    sleep 0.3
  done
}

ensure_node_modules
build_all
infra_up

export NODE_ENV="${NODE_ENV:-development}" MIGRATE_ON_START=false
for service in "${SERVICES[@]}"; do
  (cd "$ROOT/services/$service" && node dist/migrate.js) || die "migrations of $service failed"
done

trap stop_all INT TERM EXIT
for service in "${SERVICES[@]}"; do
  (cd "$ROOT/services/$service" && exec env PORT="${PORTS[$service]}" node dist/main.js >>"$ROOT/.local/logs/$service.log" 2>&1) &
  PIDS+=($!)
done
for service in "${SERVICES[@]}"; do wait_healthy "$service" "http://127.0.0.1:${PORTS[$service]}/health/live"; done
# The gateway answers revalidations of public results and standings itself, from the change facts.
(cd "$ROOT/gateway" && exec env PORT="$GATEWAY_PORT" EDGE_KAFKA_BROKERS="${KAFKA_BROKERS:-127.0.0.1:59092}" node dist/main.js >>"$ROOT/.local/logs/gateway.log" 2>&1) &
PIDS+=($!)
wait_healthy gateway "http://127.0.0.1:$GATEWAY_PORT/api/v1/health"

log "seeding demo data"
GATEWAY_URL="http://127.0.0.1:$GATEWAY_PORT" node --conditions=@regatta/source --import tsx "$ROOT/scripts/seed/seed.ts" || die "seeding failed (see .local/logs)"

# What the seed saved (.local/demo-credentials.json): the demo key, regatta, federation and ranking list.
saved() { node -e 'try { process.stdout.write(String(JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"))[process.argv[2]] ?? "")) } catch {}' "$ROOT/.local/demo-credentials.json" "$1"; }
GW="http://127.0.0.1:$GATEWAY_PORT"
KEY="$(saved apiKey)"
DEMO_SLUG="$(saved demoRegatta)"
DEMO_SLUG="${DEMO_SLUG:-annapolis-spring-regatta}"
DEMO_CLUB="$(saved demoClub)"
DEMO_CLUB="${DEMO_CLUB:-annapolis-harbor-yacht-club}"
FEDERATION="$(saved federation)"
RANKING_ID="$(saved rankingListId)"

cat <<MSG

  Regatta platform is running.
    Gateway:        $GW   (health: /api/v1/health, docs: /api/v1/docs)
    Logs:           $ROOT/.local/logs/
    Mail inbox:     ${MAILPIT_URL:-(SMTP_URL=$SMTP_URL, no local inbox)}   (every e-mail the platform sent, Mailpit:
                    the demo accounts' confirmations, the organizer's new entries and protests)
$(cat "$ROOT/.local/demo-credentials.txt" 2>/dev/null || true)
$(cat "$ROOT/.local/demo-committee.txt" 2>/dev/null || true)

  Protests, exports, rankings and Sailwave (the demo key as above):
    Notice board:   $GW/regattas/$DEMO_SLUG   (hearing schedule and decisions, under "Notice board")
    Standings CSV:  curl -H 'Authorization: Bearer $KEY' -o standings.csv '$GW/api/v1/events/$DEMO_SLUG/standings?format=csv'
    Standings PDF:  curl -H 'Authorization: Bearer $KEY' -o standings.pdf '$GW/api/v1/events/$DEMO_SLUG/standings?format=pdf'
    Overall IRC:    curl -H 'Authorization: Bearer $KEY' $GW/api/v1/events/$DEMO_SLUG/overall
$(if [ -n "$FEDERATION" ] && [ -n "$RANKING_ID" ]; then
  echo "    Ranking list:   curl -H 'Authorization: Bearer $KEY' $GW/api/v1/organizations/$FEDERATION/rankings/$RANKING_ID"
fi)
    Sailwave file:  curl -H 'Authorization: Bearer $KEY' -o $DEMO_SLUG.blw $GW/api/v1/events/$DEMO_SLUG/exports/sailwave
    Sailwave import (a draft regatta of the demo club from that file):
      curl -X POST -H 'Authorization: Bearer $KEY' -H 'content-type: application/octet-stream' --data-binary @$DEMO_SLUG.blw '$GW/api/v1/organizations/$DEMO_CLUB/imports/sailwave?fileName=$DEMO_SLUG.blw'

  Press Ctrl-C to stop everything.
MSG
wait
