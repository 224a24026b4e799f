#!/usr/bin/env bash
# Does what the container image does, without Docker (none runs on the CI machines):
#   1. build: compile the sources copied into a clean folder (the Dockerfile's build stage),
#   2. final: `npm ci --omit=dev` in another clean folder with only package*.json and the build,
#   3. start it as the image does (node dist/src/index.js) with deploy/container.env, against the
#      service emulator and the fake Discord, data in a fresh folder standing in for the volume,
#   4. wait for readiness (/readyz, or /healthz where readiness is not split out), run the image's
#      HEALTHCHECK command, scrape /metrics on METRICS_PORT (and check the public port has none),
#   5. SIGTERM and expect exit code 0.
# Usage: deploy/check-image-steps.sh   (CHECK_STORE_URL overrides the sqlite store in the temp folder)
set -euo pipefail
REPO="$(cd "$(dirname "$0")/.." && pwd)"
WORK="$(mktemp -d "${TMPDIR:-/tmp}/amls-image-check.XXXXXX")"
FAKES_PID=""
BOT_PID=""
cleanup() {
  [ -n "$BOT_PID" ] && kill "$BOT_PID" 2>/dev/null || true
  [ -n "$FAKES_PID" ] && kill "$FAKES_PID" 2>/dev/null || true
  rm -rf "$WORK"
}
trap cleanup EXIT
step() { printf '\n== %s\n' "$*"; }

step "build stage: compile a clean copy of the sources"
mkdir -p "$WORK/build"
cp "$REPO"/package.json "$REPO"/package-lock.json "$REPO"/tsconfig.json "$REPO"/tsconfig.build.json "$WORK/build/"
cp -r "$REPO/src" "$REPO/commands" "$WORK/build/"
# The build stage's `npm ci` installs what the repository's node_modules already holds.
ln -s "$REPO/node_modules" "$WORK/build/node_modules"
(cd "$WORK/build" && node node_modules/typescript/bin/tsc -p tsconfig.build.json --outDir "$WORK/build/dist")

step "final stage: npm ci --omit=dev in a clean folder"
mkdir -p "$WORK/app" "$WORK/data"
cp "$REPO"/package.json "$REPO"/package-lock.json "$WORK/app/"
(cd "$WORK/app" && npm ci --omit=dev --no-audit --no-fund --loglevel=error)
cp -r "$WORK/build/dist" "$WORK/app/dist"
for dev in typescript vitest tsx pino-pretty; do
  if [ -e "$WORK/app/node_modules/$dev" ]; then echo "dev dependency $dev ended up in the production install" >&2; exit 1; fi
done

PORT="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"
PUBLIC_URL="http://127.0.0.1:$PORT"
METRICS_PORT="$(node -e "const s=require('net').createServer().listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")"

step "start the fakes (service emulator, fake Discord)"
mkfifo "$WORK/fakes.out"
"$REPO/node_modules/.bin/tsx" "$REPO/local-stack/fakes-cli.ts" "$PUBLIC_URL" >"$WORK/fakes.out" &
FAKES_PID=$!
read -r FAKES_ENV <"$WORK/fakes.out"

step "start the bot as the image does"
ENV_ARGS=()
while IFS= read -r line; do
  case "$line" in ''|'#'*) ;; *) ENV_ARGS+=("$line") ;; esac
done <"$REPO/deploy/container.env"
while IFS= read -r line; do ENV_ARGS+=("$line"); done < <(node -e 'for (const [k, v] of Object.entries(JSON.parse(process.argv[1]))) console.log(`${k}=${v}`)' "$FAKES_ENV")
ENV_ARGS+=("PORT=$PORT" "METRICS_PORT=$METRICS_PORT" "PUBLIC_URL=$PUBLIC_URL" "STORE_URL=${CHECK_STORE_URL:-sqlite://$WORK/data/bot.sqlite}")
ENV_ARGS+=("TOKEN_ENCRYPTION_KEY=$(node -e "console.log(require('crypto').randomBytes(32).toString('base64'))")")
(cd "$WORK/app" && exec env -i PATH="$PATH" HOME="$WORK" "${ENV_ARGS[@]}" node dist/src/index.js) >"$WORK/bot.log" 2>&1 &
BOT_PID=$!

step "wait for readiness"
ready=""
for _ in $(seq 1 120); do
  if ! kill -0 "$BOT_PID" 2>/dev/null; then echo "the bot exited early:" >&2; cat "$WORK/bot.log" >&2; exit 1; fi
  status="$(node -e "fetch('$PUBLIC_URL/readyz').then(r=>console.log(r.status),()=>console.log(0))")"
  if [ "$status" = 404 ]; then status="$(node -e "fetch('$PUBLIC_URL/healthz').then(r=>console.log(r.status),()=>console.log(0))")"; fi
  if [ "$status" = 200 ]; then ready=1; break; fi
  sleep 0.5
done
if [ -z "$ready" ]; then echo "not ready after 60 s:" >&2; cat "$WORK/bot.log" >&2; exit 1; fi
echo "ready"

step "the image's HEALTHCHECK command"
(cd "$WORK/app" && PORT="$PORT" node -e "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))")
echo "healthy"

step "metrics are served on METRICS_PORT (METRICS=on in deploy/container.env), not on the public port"
node -e "fetch('http://127.0.0.1:$METRICS_PORT/metrics').then(async r=>{const t=await r.text(); if(r.status!==200||!t.includes('amls_bot_interactions_total')) {console.error(r.status, t.slice(0,200)); process.exit(1)}})"
node -e "fetch('$PUBLIC_URL/metrics').then(async r=>{const t=await r.text(); if(r.status!==404||t.includes('amls_bot_')) {console.error('the public port served /metrics:', r.status); process.exit(1)}})"
echo "metrics ok"

step "logs are JSON lines"
node -e "
const lines = require('fs').readFileSync('$WORK/bot.log', 'utf8').split('\n').filter(Boolean);
if (lines.length === 0) { console.error('no log lines'); process.exit(1); }
for (const l of lines) JSON.parse(l);
console.log(lines.length + ' JSON lines');"

step "SIGTERM and a clean exit"
kill -TERM "$BOT_PID"
code=0
wait "$BOT_PID" || code=$?
BOT_PID=""
if [ "$code" != 0 ]; then echo "the bot exited with $code after SIGTERM:" >&2; cat "$WORK/bot.log" >&2; exit 1; fi
echo "exit code 0"
echo
echo "image steps OK"
