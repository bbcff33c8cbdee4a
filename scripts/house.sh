#!/usr/bin/env bash
# The house's shape, checked before anything is built (scripts/test.sh runs it first):
#   - every C++ file is laid out as .clang-format says (clang-format-14; `scripts/house.sh --fix` rewrites them);
#   - the web client (clients/web) is laid out as its .prettierrc.json says (Prettier, pinned in its package.json;
#     `--fix` rewrites it too), when npm is present: its node_modules are installed first if missing or older than
#     package-lock.json, by the same check the build makes (clients/web/npm_ci.cmake), which the build then skips;
#   - no product file over 700 lines, no function over 80 (scripts/sizes.py, clients/web/scripts/sizes.mjs);
#   - every relative link in the README and docs/ resolves (scripts/check_links.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
format=clang-format-14
command -v "$format" >/dev/null || format=clang-format
mapfile -t files < <(git ls-files '*.cpp' '*.hpp' | grep -v -E '^(fuzz/corpus|clients/web)/')
web=clients/web

# web_modules: the web client's node_modules, installed with `npm ci` when missing or stale; false without npm.
web_modules() {
  if ! command -v npm >/dev/null; then
    echo "house: no npm, so the web client's layout is not checked"
    return 1
  fi
  cmake -DNPM="$(command -v npm)" -DDIR="$PWD/$web" -P "$web/npm_ci.cmake"
}

if [ "${1:-}" = "--fix" ]; then
  "$format" -i "${files[@]}"
  echo "house: ${#files[@]} files formatted"
  if web_modules; then
    (cd "$web" && node_modules/.bin/prettier --write --log-level warn .)
    echo "house: the web client formatted"
  fi
  exit 0
fi
report="$(mktemp)"
trap 'rm -f "$report"' EXIT
if ! "$format" --dry-run --Werror "${files[@]}" 2>"$report"; then
  head -40 "$report" >&2
  echo "house: files above are not laid out as .clang-format says; run scripts/house.sh --fix" >&2
  exit 1
fi
echo "house: ${#files[@]} files laid out as .clang-format says"
if web_modules; then
  if ! (cd "$web" && node_modules/.bin/prettier --list-different .) >"$report"; then
    sed "s|^|$web/|" "$report" | head -40 >&2
    echo "house: files above are not laid out as $web/.prettierrc.json says; run scripts/house.sh --fix" >&2
    exit 1
  fi
  echo "house: the web client laid out as $web/.prettierrc.json says"
  node "$web/scripts/sizes.mjs"
fi
python3 scripts/sizes.py
bash scripts/check_links.sh
echo "house: every link in the README and docs/ resolves"
