#!/usr/bin/env bash
# One GPU window, every figure of the GPU engine's issue in one run of about
# five minutes, on a machine with an NVIDIA GPU, its driver and CUDA 13's
# libraries, python3 with numpy, and nothing to fetch: memdoor's `bench
# engine` (1, 5 and 16 streams, with the decode steps' split of issuing
# against waiting), llama.cpp's llama-bench and llama-batched-bench on the
# same files, and an ncu count of the kernels a token takes — after memdoor's
# own kernels are checked against their CPU references (`bench kernels`).
# The models are the real ones' exact shapes with random weights, made there
# from their headers (scripts/gguf-random-weights.py): they time the same,
# and a real Qwen file is too big to carry.
# Usage: bash scripts/gpu-window.sh KIT OUT
#   KIT: what scripts/gpu-prepare.sh made (the CUDA memdoor, llama.cpp's two
#   benches and their libraries, the models' headers); OUT: results (a log,
#   and results.tar.gz with every JSON report and engine log).
# A dry run of the plumbing elsewhere: WINDOW_DEVICE=cpu WINDOW_TOKENS=4.
set -uo pipefail
device=${WINDOW_DEVICE:-cuda}
tokens=${WINDOW_TOKENS:-256}
kit=${1:?usage: gpu-window.sh KIT OUT}
out=${2:?usage: gpu-window.sh KIT OUT}
here=$(cd "$(dirname "$0")" && pwd)
work=/tmp/memdoor-gpu
mkdir -p "$out" "$work/results" "$work/logs"
exec > >(tee "$out/window.log") 2>&1
t0=$(date +%s)
stamp() { echo "== [$(($(date +%s) - t0)) s] $*"; }

stamp unpack
tar xJf "$kit/bundle.tar.xz" -C "$work"
bin="$work/memdoor"
llama="$work/llama"
# memdoor's CUDA libraries may live in a Python environment (PyTorch's
# nvidia wheels) rather than a system toolkit: find them.
for lib in libcublas.so.13 libcublasLt.so.13 libcurand.so.10 libnvrtc.so.13 libcudart.so.13; do
  if ! ldconfig -p | grep -q "$lib"; then
    found=$(find /usr/local /opt /usr/lib /root -name "$lib" -print -quit 2>/dev/null)
    [ -n "$found" ] || found=$(find / \( -path /proc -o -path /sys -o -path "$work" \) -prune -o -name "$lib" -print -quit 2>/dev/null)
    [ -n "$found" ] && LD_LIBRARY_PATH="$(dirname "$found"):${LD_LIBRARY_PATH:-}"
  fi
done
export LD_LIBRARY_PATH="$llama:${LD_LIBRARY_PATH:-}"
ldd "$bin" "$llama/llama-bench" | grep "not found" && echo "libraries missing; LD_LIBRARY_PATH=$LD_LIBRARY_PATH"
nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv,noheader
echo "cores: $(nproc)"

# memdoor's own kernels against their CPU references, before any figure of them is trusted.
stamp "kernels against the CPU"
timeout 120 "$bin" bench kernels --device "$device" 2>&1 | tee "$work/results/kernels.txt"

stamp models
for head in "$kit"/heads/*.head.gz; do
  name=$(basename "$head" .head.gz)
  python3 "$here/gguf-random-weights.py" "$head" "$work/$name.gguf" || echo "model $name: not made"
done

# memdoor bench engine: NAME MODEL STREAMS [KV_POOL] [GRAPHS] [FUSED] [DEVICE_SAMPLING] —
# KV_POOL 0 runs the caches of their own (attention stream by stream), 1 the
# pool; GRAPHS 0 runs the pooled decode steps eagerly, 1 replays them as
# CUDA graphs; FUSED 0 runs candle's kernels where memdoor fuses them;
# DEVICE_SAMPLING 0 samples every row on the host;
# unset, the device's default (all of them on a GPU).
engine() {
  local name=$1 model=$2 streams=$3
  [ -n "${4:-}" ] && name="$name-pool$4"
  [ -n "${5:-}" ] && name="$name-graphs$5"
  [ -n "${6:-}" ] && name="$name-fused$6"
  [ -n "${7:-}" ] && name="$name-devsample$7"
  stamp "memdoor $name, $streams streams"
  env ${4:+MEMDOOR_KV_POOL=$4} ${5:+MEMDOOR_CUDA_GRAPHS=$5} ${6:+MEMDOOR_FUSED=$6} ${7:+MEMDOOR_DEVICE_SAMPLING=$7} MEMDOOR_STEP_STATS=1 MEMDOOR_LOG_DIR="$work/logs/$name-$streams" timeout 150 "$bin" bench engine \
    --model "$work/$model.gguf" --device "$device" --agents "$streams" --max-tokens "$tokens" --json \
    >"$work/results/memdoor-$name-$streams.json" 2>"$work/results/memdoor-$name-$streams.err"
  local rc=$?
  python3 - "$work/results/memdoor-$name-$streams.json" <<'EOF' || { echo "rc=$rc"; tail -n 15 "$work/results/memdoor-$name-$streams.err"; }
import json, sys
r = json.load(open(sys.argv[1]))
o, t = r["one"], r["team"]
print(f"load {r['load_s']:.2f} s; one stream: prompt {o['prompt_tok_s']:.0f} tok/s, first token {o['time_to_first_token_s']*1000:.0f} ms, generate {o['generate_tok_s']:.1f} tok/s")
print(f"{t['streams']} streams: prompt {t['prompt_tok_s']:.0f} tok/s, generate {t['aggregate_tok_s']:.1f} tok/s aggregate ({t['per_stream_tok_s']:.1f} a stream)")
print(f"sampling {r['sampling_team']['us_per_token']:.0f} us/token in the team run")
print(f"fused kernels: {'on' if r.get('fused') else 'off'}")
st = r["sampling_team"]
print(f"sampling on the device: {'on' if r.get('device_sampling') else 'off'} ({st.get('on_device', 0)} tokens, {st.get('read_whole', 0)} rows read whole)")
if r.get("decode_graphs"):
    g = r["graph_steps"]
    print(f"fixed decode steps {g['fixed']}: {g['captured']} captured as CUDA graphs, {g['replayed']} replayed")
for d in r["decode_steps"]:
    print(f"  decode steps of {d['streams']:>2}: {d['steps']:>5}  forward {d['forward_ms']:.3f} ms  readback {d['readback_ms']:.3f} ms  sample {d['sample_ms']:.3f} ms  wall {d['wall_ms']:.3f} ms")
EOF
}

# Prefill: one stream's 2,000-token prompt computed whole (no kept prefix),
# in prompt chunks of CHUNK tokens (unset: the GPU's default, 512) — against
# llama-bench's pp512 on the same file.
prefill() {
  local name=$1 model=$2 chunk=${3:-}
  stamp "memdoor $name prefill, chunks of ${chunk:-the default}"
  local run="memdoor-$name-prefill${chunk:+-$chunk}"
  env ${chunk:+MEMDOOR_PREFILL_CHUNK=$chunk} MEMDOOR_LOG_DIR="$work/logs/$run" timeout 90 "$bin" bench engine \
    --model "$work/$model.gguf" --device "$device" --agents 1 --max-tokens 16 --prompt-tokens 2000 \
    --keep-prefix-mb 0 --json >"$work/results/$run.json" 2>"$work/results/$run.err"
  local rc=$?
  python3 - "$work/results/$run.json" <<'EOF' || { echo "rc=$rc"; tail -n 15 "$work/results/$run.err"; }
import json, sys
r = json.load(open(sys.argv[1]))
o = r["one"]
print(f"chunks of {r['prefill_chunk']}: {o['prompt_tokens']} prompt tokens at {o['prompt_tok_s']:.0f} tok/s, first token {o['time_to_first_token_s']*1000:.0f} ms")
EOF
}

# llama.cpp on the same file: one stream's tg128 and pp512, then NAME's
# aggregate at 1, 5 and 16 parallel sequences of 256 tokens.
llamacpp() {
  local name=$1 model=$2
  stamp "llama-bench $name"
  timeout 120 "$llama/llama-bench" -m "$work/$model.gguf" -ngl 99 -fa on -p 512 -n 128 -r 3 -o md \
    2>"$work/results/llama-bench-$name.err" | tee "$work/results/llama-bench-$name.md"
  stamp "llama-batched-bench $name"
  timeout 150 "$llama/llama-batched-bench" -m "$work/$model.gguf" -ngl 99 -fa on -c 20480 -b 2048 -ub 512 \
    -npp 64 -ntg "$tokens" -npl 1,5,16 2>"$work/results/llama-batched-$name.err" |
    tee "$work/results/llama-batched-$name.md" | grep -E '^\|' || tail -n 15 "$work/results/llama-batched-$name.err"
}

engine coder-0.5b coder-0.5b 5
engine coder-0.5b coder-0.5b 5 "" 0
engine coder-0.5b coder-0.5b 5 "" "" 0
engine coder-0.5b coder-0.5b 5 0
engine coder-0.5b coder-0.5b 5 "" "" "" 0
engine coder-0.5b coder-0.5b 16
engine coder-0.5b coder-0.5b 16 "" 0
prefill coder-0.5b coder-0.5b
prefill coder-0.5b coder-0.5b 64
llamacpp coder-0.5b coder-0.5b
engine smollm2 smollm2-135m 5
engine smollm2 smollm2-135m 5 "" 0
llamacpp smollm2 smollm2-135m

# Kernels a token takes and their GPU time: the first 8,000 kernels of one
# stream (the load's few, the greedy glance's prompt, then its decode steps),
# each timed; by kernel name, so a decode step's count reads off the
# per-layer kernels (coder-0.5b: 24 layers).
stamp "ncu: one stream's kernels"
ncu=$(command -v ncu || ls /opt/nvidia/nsight-compute/*/ncu /usr/local/cuda/bin/ncu 2>/dev/null | head -n 1)
if [ -n "$ncu" ]; then
  timeout 120 "$ncu" --clock-control none --metrics gpu__time_duration.sum --csv --launch-count 8000 \
    "$bin" bench engine --model "$work/coder-0.5b.gguf" --device "$device" --agents 1 --max-tokens 1 \
    >"$work/results/ncu.csv" 2>"$work/results/ncu.err"
  python3 - "$work/results/ncu.csv" <<'EOF' || tail -n 5 "$work/results/ncu.err"
import csv, sys, collections
rows = [r for r in csv.DictReader(l for l in open(sys.argv[1]) if l.startswith('"'))]
rows = [r for r in rows if r.get("Metric Name") == "gpu__time_duration.sum"]
unit = {"ns": 1e-3, "nsecond": 1e-3, "us": 1.0, "usecond": 1.0, "ms": 1e3, "msecond": 1e3}
us = [float(r["Metric Value"].replace(",", "")) * unit.get(r["Metric Unit"], 1.0) for r in rows]
print(f"{len(rows)} kernels, {sum(us)/1e3:.2f} ms of GPU time in all")
time, count = collections.Counter(), collections.Counter()
for r, t in zip(rows, us):
    name = r["Kernel Name"].split("(")[0][:70]
    time[name] += t
    count[name] += 1
for k, t in time.most_common(25):
    print(f"  {count[k]:>6} x {t/count[k]:8.2f} us = {t/1e3:8.2f} ms  {k}")
EOF
else
  echo "no ncu on this machine"
fi

engine coder-1.5b coder-1.5b 5
llamacpp coder-1.5b coder-1.5b

stamp done
tar czf "$out/results.tar.gz" -C "$work" results logs
