#!/usr/bin/env bash
# The fuzz step (docs/fuzzing.md): builds the fuzz binary with stable rustc
# (libFuzzer's coverage flags on memdoor and the fuzz binary only, every
# other crate as the test build left it), fuzzes each target for a bounded
# time from its corpus, then runs each kept crash (fuzz/regressions/). Fails
# on a crash, a hang or a memory blow-up, naming the target and the file
# that holds the input. New inputs found go to a scratch folder, not into
# the repo's corpus (docs/fuzzing.md: how to keep them).
#
# Usage: bash fuzz/run.sh [--seconds N] [TARGET...]
#   --seconds N   fuzzing time per target (default: MEMDOOR_FUZZ_SECONDS, else 8)
#   TARGET...     some targets only (default: all; names: fuzz/corpus/*)
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

seconds=${MEMDOOR_FUZZ_SECONDS:-8}
targets=()
while [ $# -gt 0 ]; do
  case "$1" in
    --seconds) seconds=$2; shift 2 ;;
    --seconds=*) seconds=${1#*=}; shift ;;
    -h | --help) sed -n '2,/^set -euo/p' "$0" | sed '$d; s/^# \{0,1\}//'; exit 0 ;;
    *) targets+=("$1"); shift ;;
  esac
done
if [ ${#targets[@]} -eq 0 ]; then
  for dir in fuzz/corpus/*/; do targets+=("$(basename "$dir")"); done
fi

export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-$HOME/.cache/memdoor/target}"

# The fuzz workspace's lock must pin what the main one pins, or every
# dependency that differs is built a second time.
drift=$(comm -13 <(grep -A1 '^name = ' Cargo.lock | paste - - - | sort -u) <(grep -A1 '^name = ' fuzz/Cargo.lock | paste - - - | sort -u) \
  | grep -v -e '"memdoor-fuzz"' -e '"libfuzzer-sys"' -e '"arbitrary"' | awk '{print $3 "@" $6}' | tr -d '"' | tr '\n' ' ' || true)
if [ -n "$drift" ]; then
  echo "fuzz: fuzz/Cargo.lock pins versions Cargo.lock does not ($drift); they are built apart. Refresh it: cp Cargo.lock fuzz/Cargo.lock && cargo fetch --manifest-path fuzz/Cargo.toml" >&2
fi

started=$SECONDS
RUSTC_WRAPPER="$root/fuzz/rustc-wrapper.sh" cargo build --manifest-path fuzz/Cargo.toml --bin memdoor-fuzz
bin="$CARGO_TARGET_DIR/debug/memdoor-fuzz"
echo "fuzz: built in $((SECONDS - started)) s"

artifacts="$root/fuzz/artifacts"
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# -timeout: seconds one input may take (a few KB; a linear parser needs
# microseconds). -rss_limit_mb: the memory the whole run may grow to.
limits=(-timeout=5 -rss_limit_mb=2048)
status=0

# Runs the fuzz binary on target $1 with the stack of a tokio worker thread
# (2 MiB), where `serve` and the agents parse: a deep input must not need more.
fuzz_bin() {
  local target=$1
  shift
  (ulimit -s 2048 && RUST_BACKTRACE=1 MEMDOOR_FUZZ_TARGET=$target exec "$bin" "${limits[@]}" "$@")
}

# The input libFuzzer kept and the lines that say what went wrong.
report() {
  local target=$1 log=$2 what=$3
  local kept
  kept=$(grep -o 'Test unit written to .*' "$log" | tail -n 1 | sed 's/^Test unit written to //' || true)
  echo "fuzz: $target: FAILED ($what)${kept:+; the input is in $kept}" >&2
  # The stack (or the message) libFuzzer printed, without its mutation chatter.
  grep -v -e '^#[0-9]' -e '^INFO:' -e '^MS:' -e '^base unit:' -e '^0x' "$log" | tail -n 40 | sed 's/^/    /' >&2
  [ -z "$kept" ] || echo "    keep it as a regression: cp $kept fuzz/regressions/$target/<what-it-is>" >&2
}

for target in "${targets[@]}"; do
  corpus="fuzz/corpus/$target"
  if [ ! -d "$corpus" ]; then
    echo "fuzz: no target $target (no $corpus)" >&2
    status=1
    continue
  fi
  mkdir -p "$artifacts/$target" "$scratch/$target"
  log="$scratch/$target.log"
  # New inputs go to the scratch folder (the first one named); the corpus is only read.
  if fuzz_bin "$target" -max_total_time="$seconds" -print_final_stats=1 -artifact_prefix="$artifacts/$target/" "$scratch/$target" "$corpus" >"$log" 2>&1; then
    execs=$(grep -o 'stat::number_of_executed_units: [0-9]*' "$log" | awk '{print $2}' | tail -n 1)
    size=$(grep -o 'corp: [0-9]*/[0-9a-zA-Z]*' "$log" | tail -n 1 | sed 's/corp: //')
    found=$(find "$scratch/$target" -type f | wc -l)
    echo "fuzz: $target: ${execs:-?} runs in $seconds s, corpus ${size:-?} (files/bytes), $found new input(s), no crash"
  else
    report "$target" "$log" "while fuzzing"
    status=1
  fi
  # Each kept crash on its own, so that every one that still fails is named.
  for file in fuzz/regressions/"$target"/*; do
    [ -f "$file" ] || continue
    if ! fuzz_bin "$target" -artifact_prefix="$scratch/" "$file" >"$log" 2>&1; then
      echo "fuzz: $target: FAILED on the kept crash $file (the fix has not landed, or it came back):" >&2
      grep -v -e '^INFO:' -e '^Test unit written' -e '^Base64:' "$log" | tail -n 40 | sed 's/^/    /' >&2
      status=1
    fi
  done
done
echo "fuzz: ${#targets[@]} target(s) in $((SECONDS - started)) s (build included)"
exit $status
