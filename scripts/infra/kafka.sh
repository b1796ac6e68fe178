# shellcheck shell=bash
# Kafka part of scripts/infra.sh (sourced): Apache Kafka 3.9.1, single KRaft node, jars from Maven Central.

KAFKA_PORT=${INFRA_KAFKA_PORT:-59092}
KAFKA_CONTROLLER_PORT=${INFRA_KAFKA_CONTROLLER_PORT:-59093}
KAFKA_DEFAULT_BROKERS="$HOST:$KAFKA_PORT"
KAFKA_DIR="$LOCAL_DIR/kafka"
KAFKA_DATA="$KAFKA_DIR/data"
KAFKA_PID="$KAFKA_DIR/kafka.pid"
KAFKA_CONF="$KAFKA_DIR/server.properties"
KAFKA_LOG4J="$KAFKA_DIR/log4j.properties"
KAFKA_LOG="$LOG_DIR/kafka.log"
KAFKA_OUT="$LOG_DIR/kafka.out"
KAFKA_LIB="$CACHE_DIR/kafka/lib"
KAFKA_POM="$ROOT/scripts/infra/kafka-pom.xml"
KAFKA_M2="$CACHE_DIR/m2"
KAFKA_TOPICS_SCRIPT="$ROOT/scripts/infra/create-topics.mjs"

kafka_ensure_java() {
  command -v java >/dev/null || apt_install openjdk-17-jre-headless
}

# Jars are cached in .cache/kafka/lib, keyed on the pom's hash: a warm run starts no Maven at all.
kafka_fetch() {
  local want stamp="$KAFKA_LIB/.pom.sha256" tmp="$KAFKA_LIB.tmp"
  want=$(sha256sum "$KAFKA_POM" | cut -d ' ' -f 1)
  [[ -s "$stamp" && "$(<"$stamp")" == "$want" ]] && return 0
  command -v mvn >/dev/null || apt_install maven
  info "fetching Kafka jars from Maven Central into ${KAFKA_LIB#"$ROOT"/} (first run only)"
  rm -rf "$tmp"
  mkdir -p "$tmp" "$KAFKA_M2"
  mvn -B -q -Dstyle.color=never -f "$KAFKA_POM" -Dmaven.repo.local="$KAFKA_M2" \
    dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$tmp" \
    >"$LOG_DIR/kafka-fetch.log" 2>&1 || die "Maven could not fetch Kafka" "$LOG_DIR/kafka-fetch.log"
  compgen -G "$tmp/kafka_2.13-*.jar" >/dev/null || die "Maven fetched no kafka_2.13 jar" "$LOG_DIR/kafka-fetch.log"
  printf '%s\n' "$want" >"$tmp/.pom.sha256"
  rm -rf "$KAFKA_LIB"
  mv "$tmp" "$KAFKA_LIB"
}

# Rewritten on every start so a changed setting takes effect without a re-format.
kafka_write_conf() {
  mkdir -p "$KAFKA_DATA"
  cat >"$KAFKA_CONF" <<EOF
# Written by scripts/infra.sh on every start; edit that script, not this file.
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@$HOST:$KAFKA_CONTROLLER_PORT
listeners=PLAINTEXT://$HOST:$KAFKA_PORT,CONTROLLER://$HOST:$KAFKA_CONTROLLER_PORT
advertised.listeners=PLAINTEXT://$HOST:$KAFKA_PORT
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
log.dirs=$KAFKA_DATA
num.partitions=3
default.replication.factor=1
min.insync.replicas=1
offsets.topic.replication.factor=1
offsets.topic.num.partitions=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
transaction.state.log.num.partitions=1
group.initial.rebalance.delay.ms=0
auto.create.topics.enable=false
num.network.threads=2
num.io.threads=4
EOF
  cat >"$KAFKA_LOG4J" <<EOF
# Written by scripts/infra.sh; everything goes to one file.
log4j.rootLogger=INFO, file
log4j.appender.file=org.apache.log4j.RollingFileAppender
log4j.appender.file.File=$KAFKA_LOG
log4j.appender.file.MaxFileSize=20MB
log4j.appender.file.MaxBackupIndex=2
log4j.appender.file.layout=org.apache.log4j.PatternLayout
log4j.appender.file.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka.request.logger=WARN
log4j.logger.state.change.logger=WARN
log4j.logger.kafka.log.LogCleaner=WARN
EOF
}

kafka_java() {
  java -Dlog4j.configuration="file:$KAFKA_LOG4J" -cp "$KAFKA_LIB/*" "$@"
}

# KRaft needs the log dir formatted with a cluster id once; skipped when already formatted.
kafka_format() {
  local id
  [[ -s "$KAFKA_DATA/meta.properties" ]] && return 0
  info "formatting KRaft storage in ${KAFKA_DATA#"$ROOT"/}"
  id=$(kafka_java kafka.tools.StorageTool random-uuid 2>>"$LOG_DIR/kafka-format.log" | tail -n 1)
  [[ "$id" =~ ^[A-Za-z0-9_-]{22}$ ]] || die "StorageTool random-uuid gave no cluster id" "$LOG_DIR/kafka-format.log"
  kafka_java kafka.tools.StorageTool format -t "$id" -c "$KAFKA_CONF" --ignore-formatted \
    >>"$LOG_DIR/kafka-format.log" 2>&1 || die "StorageTool format failed" "$LOG_DIR/kafka-format.log"
}

kafka_running() {
  pid_alive "$KAFKA_PID" kafka.Kafka
}

# Port answers, or fails fast (exit 2) when the JVM has died. Liveness only, no command-line
# match: right after `&` the child may not have exec'd java yet.
kafka_port_ready() {
  pid_alive "$KAFKA_PID" || return 2
  port_open "$KAFKA_PORT"
}

kafka_start() {
  local port rc=0
  for port in "$KAFKA_PORT" "$KAFKA_CONTROLLER_PORT"; do
    port_open "$port" &&
      die "port $port is taken by another process (no Kafka started by this script); stop it or set KAFKA_BROKERS"
  done
  info "starting Kafka on $HOST:$KAFKA_PORT (controller $KAFKA_CONTROLLER_PORT)"
  # setsid: the broker must outlive the shell (and process group) that ran `up`.
  setsid nohup java -Xmx512m -Xms256m -XX:+UseG1GC -XX:MaxGCPauseMillis=20 \
    -XX:+ExplicitGCInvokesConcurrent -Djava.awt.headless=true \
    -Dlog4j.configuration="file:$KAFKA_LOG4J" -Dkafka.logs.dir="$LOG_DIR" \
    -cp "$KAFKA_LIB/*" kafka.Kafka "$KAFKA_CONF" >"$KAFKA_OUT" 2>&1 </dev/null &
  printf '%s\n' "$!" >"$KAFKA_PID"
  wait_until 120 kafka_port_ready || rc=$?
  if ((rc != 0)); then
    if ! pid_alive "$KAFKA_PID"; then
      # JVM-level failures (bad option, missing class) never reach log4j: they are in kafka.out.
      [[ -s "$KAFKA_OUT" ]] && die "Kafka exited during startup" "$KAFKA_OUT"
      die "Kafka exited during startup" "$KAFKA_LOG"
    fi
    die "Kafka did not open $HOST:$KAFKA_PORT within 120s" "$KAFKA_LOG"
  fi
}

# create_topics BROKERS: topics.json once without prefix and once with `test.`.
kafka_create_topics() {
  local log="$LOG_DIR/kafka-topics.log"
  command -v node >/dev/null || die "node not found: it is needed to create the Kafka topics"
  if ! node "$KAFKA_TOPICS_SCRIPT" --brokers "$1" --prefix '' --prefix test. --timeout 90 >"$log" 2>&1; then
    if [[ -z "${KAFKA_BROKERS:-}" ]]; then
      cat "$log" >&2
      die "Kafka is up but topics could not be created on $1" "$KAFKA_LOG"
    fi
    die "topics could not be created on KAFKA_BROKERS=$1" "$log"
  fi
  info "$(tail -n 1 "$log")"
}

kafka_up() {
  if [[ -n "${KAFKA_BROKERS:-}" ]]; then
    info "Kafka: using KAFKA_BROKERS=$KAFKA_BROKERS (not managed here)"
    kafka_create_topics "$KAFKA_BROKERS"
    return 0
  fi
  if ! kafka_running; then
    rm -f "$KAFKA_PID"
    kafka_ensure_java
    kafka_fetch
    kafka_write_conf
    kafka_format
    kafka_start
  fi
  kafka_create_topics "$KAFKA_DEFAULT_BROKERS"
}

kafka_down() {
  kafka_running || {
    rm -f "$KAFKA_PID"
    return 0
  }
  info "stopping Kafka"
  stop_pid "$KAFKA_PID" Kafka 60
}

kafka_status() {
  if [[ -n "${KAFKA_BROKERS:-}" ]]; then
    printf '%-10s %-8s %s\n' kafka external "KAFKA_BROKERS=$KAFKA_BROKERS"
  elif kafka_running && port_open "$KAFKA_PORT"; then
    printf '%-10s %-8s %s\n' kafka running \
      "$HOST:$KAFKA_PORT (controller $KAFKA_CONTROLLER_PORT) pid $(head -n 1 "$KAFKA_PID") data ${KAFKA_DATA#"$ROOT"/} log ${KAFKA_LOG#"$ROOT"/}"
  else
    printf '%-10s %-8s %s\n' kafka stopped "$HOST:$KAFKA_PORT"
    return 1
  fi
}
