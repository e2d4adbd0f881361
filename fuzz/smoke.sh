#!/usr/bin/env bash
# The fuzz smoke step of .ci/run: builds the cargo-fuzz targets and runs each for a short
# while (SECONDS_PER_TARGET, default 30) from the seed corpus built from fixtures/. Fails
# when nightly is missing, when a target does not build, and on any crash, leak or timeout
# (libFuzzer writes the input to fuzz/artifacts/<target>/ and `cargo fuzz run` exits non-zero).
set -euo pipefail
cd "$(dirname "$0")"
secs="${SECONDS_PER_TARGET:-30}"

if ! rustup run nightly rustc --version >/dev/null 2>&1; then
    echo "fuzz smoke: the nightly toolchain is missing (cargo fuzz needs it):" >&2
    echo "  rustup toolchain install nightly" >&2
    exit 1
fi
if ! cargo fuzz --version >/dev/null 2>&1; then
    # A debug build of the tool itself: it only drives cargo and libFuzzer, and a debug
    # build compiles faster than the default release one.
    echo "fuzz smoke: installing cargo-fuzz"
    cargo install cargo-fuzz --locked --debug
fi
cargo fuzz --version
bash seed-corpus.sh
cargo +nightly fuzz build
for target in $(cargo +nightly fuzz list); do
    echo "fuzz smoke: $target for ${secs}s"
    # -max_len fits the largest fixture file; the seed corpus is only read (new inputs go to
    # a scratch folder, so runs do not grow it).
    scratch="$(mktemp -d)"
    log="$scratch.log"
    status=0
    cargo +nightly fuzz run "$target" "$scratch" corpus/"$target" -- \
        -max_total_time="$secs" -max_len=8192 -timeout=10 -rss_limit_mb=4096 \
        -print_final_stats=1 >"$log" 2>&1 || status=$?
    grep -E '^(#[0-9]+\s+DONE|stat::number_of_executed_units|stat::peak_rss_mb)' "$log" || true
    rm -rf "$scratch"
    if [ "$status" -ne 0 ]; then
        tail -n 80 "$log" >&2
        echo "fuzz smoke: $target failed (exit $status); the input is in fuzz/artifacts/$target/" >&2
        exit 1
    fi
    rm -f "$log"
done
echo "fuzz smoke: every target ran ${secs}s without a crash"
