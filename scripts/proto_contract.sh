#!/usr/bin/env bash
# The published schema's contract (proto/buf.yaml), for third-party clients:
#   scripts/proto_contract.sh BUF   1. buf lint: the STANDARD rules, with the exceptions buf.yaml justifies;
#                                   2. buf breaking at WIRE_JSON against the schema of the commit before this one
#                                      (GOLF_PROTO_BASE names another git ref), so a change that breaks clients
#                                      written against the last commit fails;
#                                   3. the check itself: a copy of the schema with a field retyped must fail step 2's
#                                      check against today's schema, so a broken set-up cannot pass silently.
# BUF is buf's binary (proto/node_modules/.bin/buf, from npm's @bufbuild/buf). CTest runs it as proto_contract.
set -euo pipefail

buf="${1:?usage: $0 PATH-TO-BUF}"
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root/proto"

"$buf" lint
echo "proto_contract: buf lint passed"

base="${GOLF_PROTO_BASE:-HEAD~1}"
if git -C "$root" rev-parse --verify -q "$base^{commit}" >/dev/null &&
  git -C "$root" cat-file -e "$base:proto/golf/v1/messages.proto" 2>/dev/null; then
  "$buf" breaking --against "$root/.git#ref=$base,subdir=proto"
  echo "proto_contract: nothing breaks clients of the schema at $base ($(git -C "$root" rev-parse --short "$base"))"
else
  echo "proto_contract: $base has no schema to compare with (a first commit, or a shallow clone): step 2 skipped"
fi

work="$(mktemp -d "${TMPDIR:-/tmp}/golf-proto-contract.XXXXXX")"
trap 'rm -rf "$work"' EXIT
cp buf.yaml "$work/"
cp -r golf "$work/"
# Card.rank becomes a string: the same field number with another wire type.
sed -i -E 's/^(\s*)uint32 rank = ([0-9]+);/\1string rank = \2;/' "$work/golf/v1/cards.proto"
if cmp -s golf/v1/cards.proto "$work/golf/v1/cards.proto"; then
  echo "proto_contract: the deliberate break found no 'uint32 rank' field in cards.proto to retype" >&2
  exit 1
fi
if (cd "$work" && "$buf" breaking --against "$root/proto" >"$work/breaking.log" 2>&1); then
  echo "proto_contract: a retyped field was not reported as breaking" >&2
  exit 1
fi
echo "proto_contract: a retyped field is reported: $(head -n 1 "$work/breaking.log")"
