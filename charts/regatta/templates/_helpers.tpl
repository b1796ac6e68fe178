{{/*
Chart name, truncated to the 63 characters a label value allows.
*/}}
{{- define "regatta.name" -}}
{{- default .Chart.Name .Values.nameOverride | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/*
Fully qualified prefix of every resource name: <release>-<chart>, or the release name alone when it
already contains the chart name.
*/}}
{{- define "regatta.fullname" -}}
{{- if .Values.fullnameOverride -}}
{{- .Values.fullnameOverride | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- $name := default .Chart.Name .Values.nameOverride -}}
{{- if contains $name .Release.Name -}}
{{- .Release.Name | trunc 63 | trimSuffix "-" -}}
{{- else -}}
{{- printf "%s-%s" .Release.Name $name | trunc 63 | trimSuffix "-" -}}
{{- end -}}
{{- end -}}
{{- end -}}

{{/*
Name of one component's resources. Call with (dict "root" $ "name" "identity").
*/}}
{{- define "regatta.componentName" -}}
{{- printf "%s-%s" (include "regatta.fullname" .root | trunc 40 | trimSuffix "-") .name | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{- define "regatta.chart" -}}
{{- printf "%s-%s" .Chart.Name .Chart.Version | replace "+" "_" | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/*
Labels shared by every resource of the release. Call with the root context.
*/}}
{{- define "regatta.labels" -}}
helm.sh/chart: {{ include "regatta.chart" . }}
app.kubernetes.io/name: {{ include "regatta.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
app.kubernetes.io/version: {{ .Chart.AppVersion | quote }}
app.kubernetes.io/managed-by: {{ .Release.Service }}
app.kubernetes.io/part-of: regatta
{{- with .Values.commonLabels }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{/*
Selector labels of the release (every pod of it, hooks included). Call with the root context.
*/}}
{{- define "regatta.releaseSelectorLabels" -}}
app.kubernetes.io/name: {{ include "regatta.name" . }}
app.kubernetes.io/instance: {{ .Release.Name }}
{{- end -}}

{{/*
Selector labels of one component. Call with (dict "root" $ "name" "identity").
*/}}
{{- define "regatta.selectorLabels" -}}
{{ include "regatta.releaseSelectorLabels" .root }}
app.kubernetes.io/component: {{ .name }}
{{- end -}}

{{/*
Labels of one component's resources. Call with (dict "root" $ "name" "identity").
*/}}
{{- define "regatta.componentLabels" -}}
{{ include "regatta.labels" .root }}
app.kubernetes.io/component: {{ .name }}
{{- end -}}

{{/*
Every enabled component with `defaults` merged under its own values, as YAML (use with fromYaml).
Adds what the code needs from outside, which is fixed by the code and not a value:
  kind      gateway | service
  postgres  uses DATABASE_URL / DB_SCHEMA
  kafka     uses KAFKA_BROKERS / KAFKA_TOPIC_PREFIX
  redis     uses REDIS_URL
  session   uses SESSION_JWT_SECRET
  internet  delivers to arbitrary HTTPS endpoints
*/}}
{{- define "regatta.components" -}}
{{- $out := dict -}}
{{- $gateway := mergeOverwrite (deepCopy .Values.defaults) (deepCopy .Values.gateway) -}}
{{- $_ := set $gateway "kind" "gateway" -}}
{{- $_ = set $gateway "postgres" false -}}
{{- $_ = set $gateway "kafka" false -}}
{{- $_ = set $gateway "redis" true -}}
{{- $_ = set $gateway "session" true -}}
{{- $_ = set $gateway "internet" false -}}
{{- $_ = set $out "gateway" $gateway -}}
{{- range $name, $svc := .Values.services -}}
{{- if $svc.enabled -}}
{{- $c := mergeOverwrite (deepCopy $.Values.defaults) (deepCopy $svc) -}}
{{- $_ := set $c "kind" "service" -}}
{{- $_ = set $c "postgres" true -}}
{{- $_ = set $c "kafka" true -}}
{{- $_ = set $c "redis" (eq $name "identity") -}}
{{- $_ = set $c "session" (eq $name "identity") -}}
{{- $_ = set $c "internet" (eq $name "webhooks") -}}
{{- $_ = set $c "smtp" (eq $name "notifications") -}}
{{- $_ = set $out $name $c -}}
{{- end -}}
{{- end -}}
{{- toYaml $out -}}
{{- end -}}

{{/*
Container image of a component. Call with (dict "root" $ "c" $component).
*/}}
{{- define "regatta.image" -}}
{{- $root := .root -}}
{{- $img := .c.image -}}
{{- $repo := $img.repository -}}
{{- if $root.Values.image.registry -}}
{{- $repo = printf "%s/%s" (trimSuffix "/" $root.Values.image.registry) $img.repository -}}
{{- end -}}
{{- if $img.digest -}}
{{- printf "%s@%s" $repo $img.digest -}}
{{- else -}}
{{- printf "%s:%s" $repo (toString (default (default $root.Chart.AppVersion $root.Values.image.tag) $img.tag)) -}}
{{- end -}}
{{- end -}}

{{/*
Name of the Secret the chart creates (only when some value is not taken from an existing Secret).
*/}}
{{- define "regatta.secretName" -}}
{{- printf "%s-secrets" (include "regatta.fullname" .) | trunc 63 | trimSuffix "-" -}}
{{- end -}}

{{/*
Whether the chart creates its own Secret: "true" or "".
*/}}
{{- define "regatta.createSecret" -}}
{{- $v := .Values -}}
{{- if or (not $v.postgresql.existingSecret) (not $v.redis.existingSecret) (not $v.kafka.existingSecret) (not $v.secrets.existingSecret) (and $v.services.notifications.enabled (not $v.smtp.existingSecret)) -}}
true
{{- end -}}
{{- end -}}

{{/*
An env entry read from a Secret. Call with (dict "root" $ "env" "DATABASE_URL" "secret" <existing name or ""> "key" <key in existing>).
*/}}
{{- define "regatta.secretEnv" -}}
- name: {{ .env }}
  valueFrom:
    secretKeyRef:
      {{- if .secret }}
      name: {{ .secret }}
      key: {{ .key }}
      {{- else }}
      name: {{ include "regatta.secretName" .root }}
      key: {{ .env }}
      {{- end }}
{{- end -}}

{{/*
Environment of a component (also used by its hook jobs). Call with (dict "root" $ "name" <name> "c" $component).
*/}}
{{- define "regatta.env" -}}
{{- $root := .root -}}
{{- $v := $root.Values -}}
{{- $c := .c -}}
- name: NODE_ENV
  value: {{ $v.nodeEnv | quote }}
- name: LOG_LEVEL
  value: {{ $v.logLevel | quote }}
- name: PORT
  value: {{ $c.port | quote }}
- name: HOST
  value: "0.0.0.0"
{{- if $c.postgres }}
- name: MIGRATE_ON_START
  value: {{ ternary "false" "true" $v.migrations.enabled | quote }}
{{ include "regatta.secretEnv" (dict "root" $root "env" "DATABASE_URL" "secret" $v.postgresql.existingSecret "key" $v.postgresql.existingSecretKey) }}
- name: DB_SCHEMA
  value: {{ $c.dbSchema | quote }}
{{- end }}
{{- if $c.kafka }}
{{ include "regatta.secretEnv" (dict "root" $root "env" "KAFKA_BROKERS" "secret" $v.kafka.existingSecret "key" $v.kafka.existingSecretKey) }}
- name: KAFKA_TOPIC_PREFIX
  value: {{ $v.kafka.topicPrefix | quote }}
{{- end }}
{{- if $c.redis }}
{{ include "regatta.secretEnv" (dict "root" $root "env" "REDIS_URL" "secret" $v.redis.existingSecret "key" $v.redis.existingSecretKey) }}
{{- end }}
{{ include "regatta.secretEnv" (dict "root" $root "env" "IDENTITY_ASSERTION_SECRET" "secret" $v.secrets.existingSecret "key" $v.secrets.identityAssertionSecretKey) }}
{{- if $c.session }}
{{ include "regatta.secretEnv" (dict "root" $root "env" "SESSION_JWT_SECRET" "secret" $v.secrets.existingSecret "key" $v.secrets.sessionJwtSecretKey) }}
{{- end }}
{{- if $c.internet }}
{{ include "regatta.secretEnv" (dict "root" $root "env" "WEBHOOK_SECRET_KEY" "secret" $v.secrets.existingSecret "key" $v.secrets.webhookSecretKeyKey) }}
{{- end }}
{{- if eq $c.kind "gateway" }}
{{- range $svcName, $svc := $v.services }}
{{- if $svc.enabled }}
- name: {{ printf "%s_URL" ($svcName | upper | replace "-" "_") }}
  value: {{ printf "http://%s:%v" (include "regatta.componentName" (dict "root" $root "name" $svcName)) $svc.port | quote }}
{{- end }}
{{- end }}
- name: TRUST_PROXY
  value: {{ $c.trustProxy | quote }}
- name: PUBLIC_RATE_LIMIT_PER_MINUTE
  value: {{ $c.publicRateLimit.perMinute | quote }}
- name: PUBLIC_RATE_LIMIT_KEY_PREFIX
  value: {{ $c.publicRateLimit.keyPrefix | quote }}
{{- if $c.edgeRevalidation.enabled }}
- name: EDGE_KAFKA_BROKERS
  valueFrom:
    secretKeyRef:
      {{- if $v.kafka.existingSecret }}
      name: {{ $v.kafka.existingSecret }}
      key: {{ $v.kafka.existingSecretKey }}
      {{- else }}
      name: {{ include "regatta.secretName" $root }}
      key: KAFKA_BROKERS
      {{- end }}
- name: KAFKA_TOPIC_PREFIX
  value: {{ $v.kafka.topicPrefix | quote }}
- name: EDGE_REVALIDATION_TTL_MS
  value: {{ $c.edgeRevalidation.ttlMs | quote }}
{{- end }}
{{- end }}
{{- if eq .name "results-scoring" }}
- name: SAILWAVE_MAX_BYTES
  value: {{ $c.sailwaveMaxBytes | quote }}
{{- end }}
{{- if eq .name "race-capture" }}
- name: TALLY_CLOSE_INTERVAL_MS
  value: {{ $c.tallyCloseIntervalMs | quote }}
{{- end }}
{{- if $c.smtp }}
{{ include "regatta.secretEnv" (dict "root" $root "env" "SMTP_URL" "secret" $v.smtp.existingSecret "key" $v.smtp.existingSecretKey) }}
- name: SMTP_FROM
  value: {{ $c.smtpFrom | quote }}
- name: NOTIFY_LINK_BASE_URL
  value: {{ $c.linkBaseUrl | quote }}
- name: NOTIFY_CONCURRENCY
  value: {{ $c.concurrency | quote }}
- name: IDENTITY_URL
  value: {{ printf "http://%s:%v" (include "regatta.componentName" (dict "root" $root "name" "identity")) $v.services.identity.port | quote }}
- name: EVENTS_URL
  value: {{ printf "http://%s:%v" (include "regatta.componentName" (dict "root" $root "name" "events")) $v.services.events.port | quote }}
{{- end }}
{{- if eq .name "public-results" }}
- name: PUBLIC_MAX_AGE_SECONDS
  value: {{ $c.publicMaxAgeSeconds | quote }}
- name: LIVE_HEARTBEAT_MS
  value: {{ $c.liveHeartbeatMs | quote }}
- name: LIVE_RETRY_MS
  value: {{ $c.liveRetryMs | quote }}
{{- end }}
{{- with $v.extraEnv }}
{{ toYaml . }}
{{- end }}
{{- with $c.env }}
{{ toYaml . }}
{{- end }}
{{- end -}}

{{/*
Pod-level settings shared by Deployments and hook Jobs. Call with (dict "root" $ "c" $component).
*/}}
{{- define "regatta.podSecurity" -}}
automountServiceAccountToken: false
securityContext:
  {{- toYaml .c.podSecurityContext | nindent 2 }}
{{- with .root.Values.imagePullSecrets }}
imagePullSecrets:
  {{- toYaml . | nindent 2 }}
{{- end }}
{{- end -}}

{{/*
NetworkPolicy egress rules to DNS. Call with the root context.
*/}}
{{- define "regatta.egressDns" -}}
- to:
    {{- toYaml .Values.networkPolicy.dns.to | nindent 4 }}
  ports:
    - protocol: UDP
      port: {{ .Values.networkPolicy.dns.port }}
    - protocol: TCP
      port: {{ .Values.networkPolicy.dns.port }}
{{- end -}}

{{/*
NetworkPolicy egress rule to an external dependency. Call with its values block (postgresql, redis, kafka).
*/}}
{{- define "regatta.egressDependency" -}}
- ports:
    {{- range .egress.ports }}
    - protocol: TCP
      port: {{ . }}
    {{- end }}
  {{- with .egress.to }}
  to:
    {{- toYaml . | nindent 4 }}
  {{- end }}
{{- end -}}
