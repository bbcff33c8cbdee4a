#!/usr/bin/env bash
# The house's shape, checked before anything is built (scripts/test.sh runs it first):
#   - every C++ file is laid out as .clang-format says (clang-format-14; `scripts/house.sh --fix` rewrites them);
#   - no product file over 700 lines, no function over 80 (scripts/sizes.py);
#   - every relative link in the README and docs/ resolves (scripts/check_links.sh).
set -euo pipefail
cd "$(dirname "$0")/.."
format=clang-format-14
command -v "$format" >/dev/null || format=clang-format
mapfile -t files < <(git ls-files '*.cpp' '*.hpp' | grep -v -E '^(fuzz/corpus|clients/web)/')
if [ "${1:-}" = "--fix" ]; then
  "$format" -i "${files[@]}"
  echo "house: ${#files[@]} files formatted"
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
python3 scripts/sizes.py
bash scripts/check_links.sh
echo "house: every link in the README and docs/ resolves"
