#!/usr/bin/env bash
# docs/rules.md's tables (between its two marker lines) must be what `golf rules --markdown` writes today.
# Usage: rules_doc_test.sh GOLF DOC
set -euo pipefail
golf="$1" doc="$2"
if ! diff -u <(sed -n '/^<!-- From here to the end marker/,/^<!-- End of `golf rules --markdown`/p' "$doc") \
             <("$golf" rules --markdown); then
  echo "$doc differs from 'golf rules --markdown' (above, - the document, + the engine): replace its tables" >&2
  exit 1
fi
echo "$doc is current"
