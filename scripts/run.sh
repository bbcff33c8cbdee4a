#!/usr/bin/env bash
# Installs what is missing, builds, and runs the main job. Until the WebSocket server lands, the main job is a
# bot self-play simulation of the six-card preset; arguments replace the default simulation, e.g.
#   scripts/run.sh simulate --rules nine-card --players 4 --hands 10000 --bot heuristic
set -euo pipefail
source "$(dirname "$0")/common.sh"

install_missing
configure_and_build -DGOLF_BUILD_TESTS=OFF
if [ "$#" -eq 0 ]; then
  set -- simulate --rules six-card --players 4 --hands 20000 --bot heuristic --seed 1
fi
exec "$GOLF_BUILD/cli/golf" "$@"
