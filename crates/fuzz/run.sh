#!/usr/bin/env bash
# Short fuzz runs of every target (30 s each unless SECONDS_EACH says otherwise), or of the targets
# named: `bash crates/fuzz/run.sh [TARGET…]`. Needs cargo-fuzz (`cargo install cargo-fuzz`); runs on
# the stable toolchain without a sanitizer (`-s none`), with a dictionary from dict/ per target.
# New inputs go to target/corpus/<target> (not committed); the seeds in corpus/<target> are only read.
# A target that fails prints its panic, saves the input under artifacts/<target>/, and makes the
# script exit 1 after the other targets have run. Reproduce it with
#   cargo fuzz run --fuzz-dir crates/fuzz -s none TARGET crates/fuzz/artifacts/TARGET/crash-…
set -euo pipefail
cd "$(dirname "$0")"
each="${SECONDS_EACH:-30}"
targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
  targets=(go_sgf dots_sgf case_file ruleset gtp_stream gomocup_stream move_text)
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
  echo "cargo-fuzz is missing: cargo install cargo-fuzz" >&2
  exit 1
fi
cargo fuzz build --fuzz-dir . -s none
mkdir -p target/logs
status=0
for t in "${targets[@]}"; do
  mkdir -p "target/corpus/$t"
  case "$t" in
    go_sgf | dots_sgf) dict=sgf ;;
    gtp_stream) dict=gtp ;;
    gomocup_stream) dict=gomocup ;;
    case_file | ruleset) dict=toml ;;
    move_text) dict=move ;;
    *) dict= ;;
  esac
  dict_arg=()
  if [ -n "$dict" ]; then dict_arg=(-dict="dict/$dict.dict"); fi
  echo "== $t ($each s)"
  if cargo fuzz run --fuzz-dir . -s none "$t" "target/corpus/$t" "corpus/$t" -- \
    -use_value_profile=1 -max_total_time="$each" -max_len=4096 -print_final_stats=1 "${dict_arg[@]}" \
    >"target/logs/$t.log" 2>&1; then
    grep -E '^#[0-9]+[[:space:]]+DONE|stat::number_of_executed_units' "target/logs/$t.log" || true
  else
    grep -E -A12 'panicked at|^==[0-9]+==|SUMMARY' "target/logs/$t.log" | head -40 || true
    echo "!! $t failed (full log: crates/fuzz/target/logs/$t.log; input under crates/fuzz/artifacts/$t/)" >&2
    status=1
  fi
done
exit $status
