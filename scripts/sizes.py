#!/usr/bin/env python3
"""The house's size rule: no product source file over 700 lines, no function over 80.

Tests, generated code and tables of data (DATA_TABLES) are aside. C++ function extents come from universal-ctags;
the web client's functions are measured by clients/web/scripts/sizes.mjs with TypeScript's own parser (ctags
misreads TypeScript after a regex literal). Prints offenders; exits 1 if any.
"""
import os, re, subprocess, sys

MAX_FILE = int(os.environ.get("GOLF_MAX_FILE_LINES", 700))
MAX_FUNCTION = int(os.environ.get("GOLF_MAX_FUNCTION_LINES", 80))
PRODUCT = ["engine", "server", "persistence", "cli", "proto", "clients/cpp", "bench", "fuzz", "clients/web/src"]
# Tables of data: one row per rule option, read as a table rather than as code.
DATA_TABLES = {"engine/ruleset_options_table.cpp"}


def product_files():
    out = subprocess.run(["git", "ls-files", "--", *PRODUCT], capture_output=True, text=True, check=True).stdout
    return [f for f in out.split() if re.search(r"\.(cpp|hpp|ts)$", f) and f not in DATA_TABLES]


def main():
    os.chdir(os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
    files, bad = product_files(), []
    for f in files:
        n = sum(1 for _ in open(f, encoding="utf-8"))
        if n > MAX_FILE:
            bad.append(f"{f}: {n} lines (over {MAX_FILE})")
    cpp = [f for f in files if not f.endswith(".ts")]
    tags = subprocess.run(["ctags", "--fields=+ne", "--kinds-C++=f", "-f", "-", *cpp],
                          capture_output=True, text=True, check=True).stdout
    for row in tags.splitlines():
        cols = row.split("\t")
        fields = dict(c.split(":", 1) for c in cols[3:] if ":" in c)
        if "line" not in fields or "end" not in fields:
            continue
        name, f, line, end = cols[0], cols[1], int(fields["line"]), int(fields["end"])
        if end - line + 1 > MAX_FUNCTION:
            shown = fields.get("function", fields.get("class", "")) + ("::" if name.startswith("__anon") else "")
            bad.append(f"{f}:{line}: {shown if name.startswith('__anon') else name} is {end - line + 1} lines "
                       f"(over {MAX_FUNCTION})")
    print("\n".join(sorted(bad)) if bad else f"sizes: {len(files)} files within {MAX_FILE} lines, "
          f"functions within {MAX_FUNCTION}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
