#!/usr/bin/env bash
# Lighthouse's figures for the start page and a table page, with its desktop and mobile settings: the browser test
# tests/web/lighthouse_test.mjs run on its own against the Release build (scripts/test.sh or scripts/run.sh builds
# it first). Performance is printed, not asserted: it depends on the machine and what else runs on it.
set -euo pipefail
source "$(dirname "$0")/common.sh"
[[ -x "$GOLF_BUILD/server/golf-server" && -f "$GOLF_BUILD/web/index.html" ]] ||
  { echo "lighthouse.sh: build first (scripts/test.sh or scripts/run.sh); $GOLF_BUILD has no server or web client" >&2; exit 2; }
(cd "$GOLF_ROOT/tests/web" && npm ci --no-audit --no-fund --silent)
GOLF_SERVER="$GOLF_BUILD/server/golf-server" GOLF_WEB_ROOT="$GOLF_BUILD/web" \
  node --test "$GOLF_ROOT/tests/web/lighthouse_test.mjs"
