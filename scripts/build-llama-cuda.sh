#!/usr/bin/env bash
# Builds llama.cpp's llama-bench and llama-batched-bench with CUDA, the
# reference the GPU window measures memdoor against (scripts/gpu-window.sh),
# on a machine with no CUDA toolkit and no GPU: the same llama.cpp as the CPU
# figures in docs/benchmarks.md (0c1e570, vendored in the
# `llama-cpp-python==0.3.36` sdist from PyPI), CUDA 13 from the PyPI wheels
# scripts/build-cuda.sh fetches (run that first), CMake and Ninja from PyPI.
# Flash attention on (llama.cpp's default where it runs), CUDA graphs on,
# one architecture, shared libraries beside the binaries (the binaries link
# through them to CUDA's, hence -rpath-link).
# Usage: CUDA_COMPUTE_CAP=90 bash scripts/build-llama-cuda.sh
# Output: under $LLAMA_CUDA_DIR (~/.cache/memdoor/llama-cuda), in the
# source tree's build/bin. ~45 min of 2 busy cores.
set -euo pipefail
cache="$HOME/.cache/memdoor"
root="$cache/cuda/nvidia/cu13"
work="${LLAMA_CUDA_DIR:-$cache/llama-cuda}"
version=0.3.36
if [ ! -x "$root/bin/nvcc" ]; then
  echo "no CUDA compiler in $root: run scripts/build-cuda.sh first" >&2
  exit 1
fi
# nvcc's profile looks for its libraries in lib64.
[ -e "$root/lib64" ] || ln -s lib "$root/lib64"

mkdir -p "$work"
if [ ! -x "$work/venv/bin/cmake" ]; then
  python3 -m venv "$work/venv"
  "$work/venv/bin/pip" install -q cmake ninja scikit-build-core
fi
src="$work/llama_cpp_python-$version/vendor/llama.cpp"
if [ ! -d "$src" ]; then
  # The sdist only (its metadata needs scikit-build-core, installed above).
  "$work/venv/bin/pip" download -q --no-deps --no-build-isolation --no-binary llama-cpp-python \
    "llama-cpp-python==$version" -d "$work"
  tar xzf "$work/llama_cpp_python-$version.tar.gz" -C "$work"
fi

export PATH="$root/bin:$work/venv/bin:$PATH"
cmake -S "$src" -B "$src/build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
  -DGGML_CUDA=ON -DCMAKE_CUDA_ARCHITECTURES="${CUDA_COMPUTE_CAP:-90}" \
  -DCUDAToolkit_ROOT="$root" -DCMAKE_CUDA_COMPILER="$root/bin/nvcc" \
  -DGGML_NATIVE=OFF -DGGML_AVX2=ON -DGGML_FMA=ON -DGGML_F16C=ON -DGGML_CUDA_NCCL=OFF \
  -DLLAMA_CURL=OFF -DLLAMA_OPENSSL=OFF -DLLAMA_BUILD_TESTS=OFF -DLLAMA_BUILD_EXAMPLES=OFF \
  -DLLAMA_BUILD_SERVER=OFF -DBUILD_SHARED_LIBS=ON \
  -DCMAKE_EXE_LINKER_FLAGS="-Wl,-rpath-link,$root/lib:$root/lib/stubs" >"$work/cmake.log"
ninja -C "$src/build" llama-bench llama-batched-bench
echo "built $src/build/bin/llama-bench and llama-batched-bench"
