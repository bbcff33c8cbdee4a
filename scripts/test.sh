#!/usr/bin/env bash
# Installs what is missing, builds with warnings as errors, and runs every test (CTest, then the Docker image).
# GOLF_SANITIZE=address,undefined scripts/test.sh builds and tests under sanitizers in build-sanitize/.
set -euo pipefail
source "$(dirname "$0")/common.sh"

install_missing
extra=(-DGOLF_WERROR=ON -DGOLF_BUILD_TESTS=ON)
if [ -n "${GOLF_SANITIZE:-}" ]; then
  # Instrumented code makes GCC's flow warnings (-Wmaybe-uninitialized in Boost) unreliable; the plain build
  # is the one that holds warnings as errors.
  GOLF_BUILD="${GOLF_BUILD%/build}/build-sanitize"
  extra=(-DGOLF_WERROR=OFF -DGOLF_BUILD_TESTS=ON -DGOLF_SANITIZE="$GOLF_SANITIZE" -DGOLF_BUILD_BENCHMARKS=OFF)
fi
configure_and_build "${extra[@]}"
ctest --test-dir "$GOLF_BUILD" --output-on-failure -j "${GOLF_JOBS:-2}" --timeout 900
# The Docker image end to end (docker/test.sh: build, play a match, restart, check the record). Skipped under
# sanitizers and with GOLF_SKIP_DOCKER=1; it needs root or sudo (it may start dockerd and run debootstrap).
[ -n "${GOLF_SANITIZE:-}${GOLF_SKIP_DOCKER:-}" ] || GOLF_BUILD="$GOLF_BUILD" bash "$GOLF_ROOT/docker/test.sh"
