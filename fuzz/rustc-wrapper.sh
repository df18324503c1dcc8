#!/usr/bin/env bash
# RUSTC_WRAPPER for fuzz/run.sh (cargo runs `rustc-wrapper.sh rustc ARGS…`):
# libFuzzer's coverage instrumentation for memdoor's own crates — memdoor,
# its core of plain types (memdoor-core: the event and decision types a
# journal is parsed into), the bottom layer, the model backends (the OpenAI
# wire's parsers and byte caps), the problems (literals, stated examples),
# the judge (the harness's output reader) and the memory (entries read back
# from Redis) — and the fuzz binary; not the kernel (memdoor-qmatmul: no
# untrusted input reaches it), nor the test kit,
# with stable rustc flags (no sanitizer, no nightly). Every other crate is
# compiled as the normal test build compiles it, so cargo finds it already
# built in the shared target dir. (RUSTC_WORKSPACE_WRAPPER would reach only
# the fuzz workspace's own member, not memdoor, a path dependency of it.)
rustc=$1
shift
case " $* " in
  *" --crate-name memdoor_qmatmul "* | *" --crate-name memdoor_testkit "*) ;;
  *" --crate-name memdoor "* | *" --crate-name memdoor_"*)
    exec "$rustc" "$@" \
      -Cpasses=sancov-module \
      -Cllvm-args=-sanitizer-coverage-level=4 \
      -Cllvm-args=-sanitizer-coverage-inline-8bit-counters \
      -Cllvm-args=-sanitizer-coverage-pc-table \
      -Cllvm-args=-sanitizer-coverage-trace-compares ;;
esac
exec "$rustc" "$@"
