#!/usr/bin/env bash
# Compiles memdoor's CUDA kernels (crates/memdoor-model/src/local/*.cu: the
# fused layer kernels and sampling's pass over the vocabulary) with NVRTC, as the CUDA build does at its first use on
# a GPU — here, with no GPU, so a kernel that does not compile is found before
# a GPU window. Needs the CUDA toolkit scripts/build-cuda.sh fetches (its
# nvrtc.h and libnvrtc) and a C compiler.
# Usage: bash scripts/nvrtc-check.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root="$HOME/.cache/memdoor/cuda/nvidia/cu13"
[ -f "$root/include/nvrtc.h" ] || { echo "no CUDA toolkit in $root: run scripts/build-cuda.sh first" >&2; exit 1; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cat >"$work/check.c" <<'C'
#include <nvrtc.h>
#include <stdio.h>
#include <stdlib.h>
int main(int argc, char** argv) {
    FILE* f = fopen(argv[1], "rb");
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char* src = calloc(n + 1, 1);
    if (fread(src, 1, n, f) != (size_t)n) return 2;
    nvrtcProgram prog;
    nvrtcCreateProgram(&prog, src, argv[1], 0, NULL, NULL);
    nvrtcResult r = nvrtcCompileProgram(prog, 0, NULL);
    size_t log_size, ptx_size = 0;
    nvrtcGetProgramLogSize(prog, &log_size);
    char* log = malloc(log_size);
    nvrtcGetProgramLog(prog, log);
    if (r == NVRTC_SUCCESS) nvrtcGetPTXSize(prog, &ptx_size);
    printf("%s%s: %s, %zu bytes of PTX\n", log, argv[1], nvrtcGetErrorString(r), ptx_size);
    return r != NVRTC_SUCCESS;
}
C
cc -I"$root/include" -o "$work/check" "$work/check.c" -L"$root/lib" -l:libnvrtc.so.13
for cu in crates/memdoor-model/src/local/*.cu; do
    LD_LIBRARY_PATH="$root/lib" "$work/check" "$cu"
done
