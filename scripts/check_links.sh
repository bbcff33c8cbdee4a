#!/usr/bin/env bash
# Every relative link in README.md, CONTRIBUTING.md, SECURITY.md and docs/*.md must name a file or folder that
# exists, and a link with a #fragment to a Markdown file must name one of its headings (GitHub's anchors: lower
# case, punctuation dropped, spaces as hyphens). A path named in the text from the repository's root
# (docs/hosting.md, scripts/perf.sh, server/tables/table.cpp, ...) must exist too. Prints each broken one as FILE: TARGET
# and exits 1 if any. scripts/house.sh runs it.
# Usage: scripts/check_links.sh [FILE.md ...]   (default: the files above)
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -gt 0 ] || set -- README.md CONTRIBUTING.md SECURITY.md docs/*.md
exec python3 - "$@" <<'PY'
import os, re, sys

def anchors(path):
    found, fence = set(), False
    for line in open(path, encoding="utf-8"):
        if line.startswith("```"):
            fence = not fence
        m = None if fence else re.match(r"#{1,6}\s+(.*)", line)
        if m:
            text = re.sub(r"[`*_]", "", m.group(1).strip()).lower()
            found.add(re.sub(r"[^\w\- ]", "", text).replace(" ", "-"))
    return found

broken = 0
for md in sys.argv[1:]:
    text = re.sub(r"```.*?```", "", open(md, encoding="utf-8").read(), flags=re.S)
    for target in re.findall(r"\]\(([^)\s]+)\)", text):
        if re.match(r"[a-z]+:", target):
            continue  # http:, https:, mailto:
        path, _, fragment = target.partition("#")
        full = os.path.normpath(os.path.join(os.path.dirname(md), path)) if path else md
        if not os.path.exists(full):
            print(f"{md}: {target} (no such file)")
            broken += 1
        elif fragment and full.endswith(".md") and fragment not in anchors(full):
            print(f"{md}: {target} (no such heading)")
            broken += 1
    roots = "docs|scripts|server|engine|persistence|proto|clients|cli|tests|docker|bench|fuzz|words|ratings"
    for path in re.findall(r"(?<![\w/.-])((?:%s)/[\w./-]*\w)" % roots, open(md, encoding="utf-8").read()):
        candidates = (path, path + ".cpp", os.path.join(os.path.dirname(md), path))  # a program is named by its source
        if "*" not in path and not any(os.path.exists(c) for c in candidates):
            print(f"{md}: {path} (no such path)")
            broken += 1
sys.exit(1 if broken else 0)
PY
