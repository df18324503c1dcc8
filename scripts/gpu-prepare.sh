#!/usr/bin/env bash
# Makes the kit scripts/gpu-window.sh runs on a GPU machine that can fetch
# nothing: the CUDA memdoor (scripts/build-cuda.sh), llama.cpp's llama-bench
# and llama-batched-bench with their libraries (scripts/build-llama-cuda.sh),
# packed in one bundle.tar.xz, and the headers of the models measured
# (scripts/gguf-random-weights.py: the window makes random weights of their
# exact shapes from them). ~60 MB: where what travels to the GPU machine is
# capped (64 MiB with the working tree, say), leave the big problem sets in
# assets/problems out of that call (untracked for it, then restored).
# Usage: bash scripts/gpu-prepare.sh [KIT]   (default .gpu, which git ignores)
set -euo pipefail
cd "$(dirname "$0")/.."
kit=${1:-.gpu}
cache="$HOME/.cache/memdoor"
memdoor=${MEMDOOR_CUDA_BIN:-$cache/target-cuda/release/memdoor}
bins=$(ls -d "${LLAMA_CUDA_DIR:-$cache/llama-cuda}"/llama_cpp_python-*/vendor/llama.cpp/build/bin | head -n 1)
python=${PYTHON:-python3}
[ -x "$memdoor" ] || { echo "no CUDA memdoor at $memdoor: run scripts/build-cuda.sh" >&2; exit 1; }
[ -x "$bins/llama-bench" ] || { echo "no llama-bench in $bins: run scripts/build-llama-cuda.sh" >&2; exit 1; }
# The fused kernels are compiled at their first use on the GPU: check here that they compile.
bash scripts/nvrtc-check.sh

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
mkdir -p "$stage/llama" "$kit/heads"
cp "$memdoor" "$stage/memdoor"
strip "$stage/memdoor"
cp -a "$bins"/llama-bench "$bins"/llama-batched-bench "$bins"/lib*.so* "$stage/llama/"
strip "$stage"/llama/*
tar cf - -C "$stage" memdoor llama | xz -T2 -9e >"$kit/bundle.tar.xz"

for model in qwen2.5-coder-0.5b-instruct-q4_k_m:coder-0.5b SmolLM2-135M-Instruct.Q4_1:smollm2-135m \
             qwen2.5-coder-1.5b-instruct-q4_k_m:coder-1.5b; do
  file="$cache/models/${model%%:*}.gguf"
  if [ -f "$file" ]; then
    "$python" scripts/gguf-random-weights.py "$file" "$kit/heads/${model#*:}.head.gz" --header-only
  else
    echo "not in the kit: $file (memdoor models pull)"
  fi
done
du -sh "$kit"/* "$kit"/heads/*
