#!/usr/bin/env bash
# Measures the local engine on an NVIDIA GPU: a memdoor built with
# `--features cuda`, on a host with the NVIDIA driver and CUDA 13 libraries
# (cuBLAS, cuRAND, NVRTC) but no Rust toolchain needed.
# Usage: bash scripts/cuda-bench.sh MEMDOOR_BINARY MODEL.gguf [OUT_DIR]
# Prints the device, the greedy glance and `bench engine` for the stored
# weights and Q8_0, 1 / 5 / 16 streams; JSON reports go to OUT_DIR.
set -uo pipefail
bin=${1:?usage: cuda-bench.sh MEMDOOR_BINARY MODEL.gguf [OUT_DIR]}
model=${2:?usage: cuda-bench.sh MEMDOOR_BINARY MODEL.gguf [OUT_DIR]}
out=${3:-.}
mkdir -p "$out"

# The CUDA libraries memdoor links against may live in a Python environment
# (PyTorch's nvidia/cu13 wheels) rather than a system toolkit: find them.
for lib in libcublas.so.13 libcublasLt.so.13 libcurand.so.10 libnvrtc.so.13 libcudart.so.13; do
  if ! ldconfig -p | grep -q "$lib"; then
    found=$(find / \( -path /proc -o -path /sys \) -prune -o -name "$lib" -print 2>/dev/null | head -n 1)
    [ -n "$found" ] && LD_LIBRARY_PATH="$(dirname "$found"):${LD_LIBRARY_PATH:-}"
  fi
done
export LD_LIBRARY_PATH="${LD_LIBRARY_PATH:-}"
if ldd "$bin" | grep "not found"; then
  echo "cuda-bench: libraries missing (above); LD_LIBRARY_PATH=$LD_LIBRARY_PATH" >&2
  exit 1
fi
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv,noheader
nproc

run() { # name, then bench engine args
  local name=$1; shift
  echo "== $name"
  MEMDOOR_LOG_DIR="$out" "$bin" bench engine --model "$model" --device cuda "$@" --json >"$out/$name.json" 2>"$out/$name.err"
  local rc=$?
  python3 - "$out/$name.json" <<'EOF' || { echo "rc=$rc"; tail -n 20 "$out/$name.err"; }
import json, sys
r = json.load(open(sys.argv[1]))
o, t = r["one"], r["team"]
print(f"greedy: {r['greedy_start']!r}")
print(f"load {r['load_s']:.2f} s; one stream: prompt {o['prompt_tok_s']:.0f} tok/s, ttft {o['time_to_first_token_s']*1000:.0f} ms, generate {o['generate_tok_s']:.1f} tok/s")
print(f"{t['streams']} streams: prompt {t['prompt_tok_s']:.0f} tok/s, ttft mean {t['mean_time_to_first_token_s']*1000:.0f} ms, generate {t['aggregate_tok_s']:.1f} tok/s aggregate ({t['per_stream_tok_s']:.1f} per stream)")
EOF
}

run q4_1-5 --agents 5 --max-tokens 256
run q8_0-5 --agents 5 --max-tokens 256 --quant q8_0
run q4_1-16 --agents 16 --max-tokens 256
