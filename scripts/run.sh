#!/usr/bin/env bash
# Installs what is missing, builds, and runs the main job: golf-server on port 8080 (GOLF_PORT), with its
# database at ./golf.db (GOLF_DB). Arguments go to golf-server, e.g. scripts/run.sh --port 9000 --log-level debug
set -euo pipefail
source "$(dirname "$0")/common.sh"

install_missing
configure_and_build -DGOLF_BUILD_TESTS=OFF
exec "$GOLF_BUILD/server/golf-server" "$@"
