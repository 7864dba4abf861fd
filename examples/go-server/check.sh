#!/usr/bin/env bash
# Builds the Go example server (go vet, then go build into a temporary folder), runs the
# conformance suite (families messages and message-batches) against it through its conformance
# control API and expects it to pass; then restarts the server with a seeded bug and expects the
# suite to catch it (exit 1). One line per run.
#
#   bash examples/go-server/check.sh                  # from the repository root
#   CHECK_BUGS="nulls-omitted expires-at-25h earlier-thinking-counted" bash examples/go-server/check.sh
#   GO=/usr/local/go/bin/go bash examples/go-server/check.sh   # another Go toolchain
#
# Extra arguments go to every suite run (for example --seed 42 or --runs 50).
set -euo pipefail

cd "$(dirname "${BASH_SOURCE[0]}")/../.."
here=examples/go-server
bugs=${CHECK_BUGS:-nulls-omitted}
go=${GO:-go}
export COREPACK_ENABLE_DOWNLOAD_PROMPT=0
if ! command -v "$go" >/dev/null; then
  echo "check: no Go toolchain ('$go' is not on PATH): install Go 1.22 or later (https://go.dev/dl/) or set GO=/path/to/go" >&2
  exit 2
fi
work=$(mktemp -d)
server_pid=

stop_server() {
  if [[ -n $server_pid ]]; then
    kill -- "-$server_pid" 2>/dev/null || kill "$server_pid" 2>/dev/null || true
    wait "$server_pid" 2>/dev/null || true
    server_pid=
  fi
}
trap 'stop_server; rm -rf "$work"' EXIT

# Standard library only: the module has no requirements, so nothing is downloaded.
(cd "$here" && GOPROXY=off "$go" vet ./... && GOPROXY=off "$go" build -o "$work/go-server" .)
echo "ok   go vet and go build ($("$go" env GOVERSION))"

# Starts the server in its own process group and waits (at most 10 s) for the lines it prints.
start_server() {
  : >"$work/server.out"
  setsid "$work/go-server" --port 0 "$@" >"$work/server.out" 2>&1 &
  server_pid=$!
  for _ in $(seq 100); do
    grep -q '^organization id: ' "$work/server.out" && return 0
    kill -0 "$server_pid" 2>/dev/null || break
    sleep 0.1
  done
  echo "check: the server did not start:" >&2
  cat "$work/server.out" >&2
  exit 2
}

printed() { sed -n "s/^$1: //p" "$work/server.out"; }

# Runs the suite against the running server; prints its exit status (0 conformant, 1 failures).
run_suite() {
  # The control URL and token are all the suite needs: discovery names the target's keys and ids.
  local args=(--control-url "$(printed 'control URL')" --control-token "$(printed 'control token')"
    --family messages,message-batches)
  local status=0
  corepack pnpm --silent conformance run "${args[@]}" "${extra[@]}" >"$work/suite.out" 2>&1 || status=$?
  echo "$status"
}

summary() { grep -E '^[0-9]+ passed, ' "$work/suite.out" | tail -1; }
extra=("$@")
failed=0

start_server
status=$(run_suite)
stop_server
if [[ $status == 0 ]]; then
  echo "ok   without a seeded bug: the suite passes (exit 0) — $(summary)"
else
  echo "FAIL without a seeded bug: the suite exited $status — $(summary)"
  cat "$work/suite.out"
  failed=1
fi

for bug in $bugs; do
  start_server --bug "$bug"
  status=$(run_suite)
  stop_server
  if [[ $status == 1 ]]; then
    caught=$(grep -E '^\[ *[0-9]+/[0-9]+\] FAIL ' "$work/suite.out" | sed -E 's/.*FAIL +([^ ]+).*/\1/' | paste -sd, -)
    echo "ok   seeded bug $bug: the suite catches it (exit 1; failing: $caught)"
  else
    echo "FAIL seeded bug $bug: the suite exited $status, expected 1 — $(summary)"
    cat "$work/suite.out"
    failed=1
  fi
done
exit "$failed"
