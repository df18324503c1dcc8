#!/usr/bin/env bash
# Builds memdoor with `--features cuda` on a machine with no CUDA toolkit and
# no GPU: CUDA 13's compiler, headers and libraries come from NVIDIA's PyPI
# wheels (into ~/.cache/memdoor/cuda), and where no driver is installed a stub
# libcuda.so (symbols only; never loaded at run time, where the driver's own
# libcuda.so.1 is) satisfies the linker.
# The binary needs, where it runs: the NVIDIA driver and the CUDA 13 libraries
# libcublas.so.13, libcublasLt.so.13, libcurand.so.10, libcudart.so.13
# (scripts/cuda-bench.sh finds them in a Python environment too).
# Usage: CUDA_COMPUTE_CAP=90 bash scripts/build-cuda.sh   (90 = H100/H200)
# Takes ~25 min of 2 cores on its own (candle's quantized CUDA kernels).
set -euo pipefail
cd "$(dirname "$0")/.."
cache="$HOME/.cache/memdoor"
wheels="$cache/cuda-wheels"
root="$cache/cuda/nvidia/cu13"

if [ ! -x "$root/bin/nvcc" ]; then
  mkdir -p "$wheels"
  for p in nvidia-cuda-nvcc nvidia-cuda-runtime nvidia-cuda-crt nvidia-nvvm nvidia-cuda-cccl \
           nvidia-cublas nvidia-cuda-nvrtc; do
    python3 -m pip download -q --no-deps --only-binary=:all: --python-version 3.11 \
      --platform manylinux_2_27_x86_64 --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64 \
      "$p>=13.0,<13.1" -d "$wheels"
  done
  python3 -m pip download -q --no-deps --only-binary=:all: --python-version 3.11 \
    --platform manylinux_2_27_x86_64 --platform manylinux_2_17_x86_64 "nvidia-curand>=10.4,<10.5" -d "$wheels"
  mkdir -p "$cache/cuda"
  for w in "$wheels"/*.whl; do (cd "$cache/cuda" && unzip -q -o "$w"); done
fi

# The linker wants unversioned names.
for l in cublas cublasLt nvrtc cudart; do ln -sf "lib$l.so.13" "$root/lib/lib$l.so"; done
ln -sf libcurand.so.10 "$root/lib/libcurand.so"

if ! ldconfig -p | grep -q 'libcuda.so '; then
  # Every driver entry point cudarc declares, as a symbol that returns an error.
  mkdir -p "$root/lib/stubs"
  cudarc=$(cargo metadata --format-version 1 --features cuda | python3 -c \
    'import json,sys; print(next(p["manifest_path"] for p in json.load(sys.stdin)["packages"] if p["name"]=="cudarc").rsplit("/",1)[0])')
  grep -ho '^ *fn cu[A-Za-z0-9_]*(' "$cudarc/src/driver/sys/mod.rs" | sed 's/ *fn //;s/(//' | sort -u |
    sed 's/.*/int &(void) { return 999; }/' >"$root/lib/stubs/cuda_stub.c"
  cc -shared -fPIC -Wl,-soname,libcuda.so.1 -o "$root/lib/stubs/libcuda.so" "$root/lib/stubs/cuda_stub.c"
fi

export PATH="$root/bin:$PATH" CUDA_ROOT="$root" CUDA_PATH="$root"
export CUDA_COMPUTE_CAP="${CUDA_COMPUTE_CAP:-90}"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$cache/target-cuda}"
# Not target-cpu=native: the GPU host's processor may differ from this one.
export RUSTFLAGS="${RUSTFLAGS:--C target-cpu=x86-64-v3}"
cargo build --release --features cuda
echo "built $CARGO_TARGET_DIR/release/memdoor"
