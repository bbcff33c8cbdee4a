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
  caddy  # the wss:// tests and scripts/tls_hop.sh: a real TLS proxy (`tls internal`) in front of golf-server
  chromium python3 python3-protobuf python3-websockets
  fonts-noto-color-emoji  # the table's quick reactions drawn in the test browser as on people's devices
  clang-format-14 universal-ctags  # scripts/house.sh: the layout and the size of files and functions
  ccache  # the compiler cache every build goes through (below)
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

# The compiler cache: every build compiles through ccache, one cache a kind of build (GOLF_CCACHE: release, asan,
# tsan), kept outside the clone (GOLF_CCACHE_DIR) so that a machine that built the same code before compiles only
# what changed. Paths under the clone are hashed relative to it. A failed compile is never cached, and a hit gives
# back the compiler's warnings, so -Werror and a compile error fail as without it. GOLF_CCACHE=off compiles without.
GOLF_CCACHE_DIR="${GOLF_CCACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/golf-ccache}"

# ccache_dir KIND: KIND's cache directory, or nothing without ccache or with GOLF_CCACHE=off.
ccache_dir() {
  local kind="${GOLF_CCACHE:-$1}"
  [ "$kind" != off ] && command -v ccache >/dev/null 2>&1 && echo "$GOLF_CCACHE_DIR/$kind" || true
}

# ccache_launcher KIND: the cmake argument that compiles through KIND's cache, its settings in the build tree (so
# a later `cmake --build` uses the same cache); none without ccache or with GOLF_CCACHE=off. ccache hashes the
# locale (the compiler's messages depend on it): one locale here and in docker/Dockerfile, whatever the caller's.
ccache_launcher() {
  local dir
  dir="$(ccache_dir "$1")"
  if [ -z "$dir" ]; then
    echo "-DCMAKE_CXX_COMPILER_LAUNCHER="  # a tree configured with the cache before compiles without it now
    return 0
  fi
  local locale="LANG=C.UTF-8;LC_ALL=C.UTF-8;LC_CTYPE=C.UTF-8;LC_MESSAGES=C.UTF-8"
  echo "-DCMAKE_CXX_COMPILER_LAUNCHER=env;$locale;CCACHE_DIR=$dir;CCACHE_BASEDIR=$GOLF_ROOT;CCACHE_MAXSIZE=${GOLF_CCACHE_SIZE:-4G};ccache"
}

# configure_and_build [extra cmake arguments...]: a Release build in $GOLF_BUILD through the compiler cache
# GOLF_CCACHE (release unless set); only the targets named in GOLF_TARGETS (space-separated) and what they need
# when it is set.
configure_and_build() {
  local launcher=()
  mapfile -t launcher < <(ccache_launcher release)
  cmake -S "$GOLF_ROOT" -B "$GOLF_BUILD" -G Ninja -DCMAKE_BUILD_TYPE=Release "${launcher[@]}" "$@"
  local targets=()
  # shellcheck disable=SC2206  # GOLF_TARGETS is a list of words
  [ -z "${GOLF_TARGETS:-}" ] || targets=(--target ${GOLF_TARGETS})
  cmake --build "$GOLF_BUILD" -j "${GOLF_JOBS:-2}" "${targets[@]}"
}
