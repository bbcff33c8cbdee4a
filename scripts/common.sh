# Shared by scripts/run.sh and scripts/test.sh: install what is missing (Debian 12 packages), configure, build.
# Sourced, not run.

GOLF_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
GOLF_BUILD="${GOLF_BUILD:-$GOLF_ROOT/build}"

# Everything the build and the tests need, by Debian package name.
GOLF_PACKAGES=(
  g++ cmake ninja-build pkg-config
  libgtest-dev libgmock-dev libbenchmark-dev
  libboost1.81-dev libprotobuf-dev protobuf-compiler libspdlog-dev libssl-dev libsqlite3-dev libmimalloc-dev
  libpq-dev  # PostgreSQL's client library: golf-server --db postgresql://...
  libsodium-dev  # argon2id password hashes and random tokens for accounts
  libicu-dev  # confusable names (UTS #39 skeletons) for accounts
  sqlite3
  chromium python3 python3-protobuf python3-websockets
  clang-format-14 universal-ctags  # scripts/house.sh: the layout and the size of files and functions
)
# The web client builds with Node.js and npm; machines of this kind ship them, elsewhere Debian's packages do.
command -v npm >/dev/null 2>&1 || GOLF_PACKAGES+=(nodejs npm)

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

install_missing() {
  local missing=()
  for package in "${GOLF_PACKAGES[@]}"; do
    dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
  done
  if [ "${#missing[@]}" -gt 0 ]; then
    echo "installing: ${missing[*]}"
    as_root apt-get update -qq
    as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}"
  fi
}

# configure_and_build [extra cmake arguments...]: a Release build in $GOLF_BUILD; only the targets named in
# GOLF_TARGETS (space-separated) and what they need when it is set.
configure_and_build() {
  cmake -S "$GOLF_ROOT" -B "$GOLF_BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release "$@"
  local targets=()
  # shellcheck disable=SC2206  # GOLF_TARGETS is a list of words
  [ -z "${GOLF_TARGETS:-}" ] || targets=(--target ${GOLF_TARGETS})
  cmake --build "$GOLF_BUILD" -j "${GOLF_JOBS:-2}" "${targets[@]}"
}
