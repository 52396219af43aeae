#!/usr/bin/env bash
# Builds one libFuzzer target and runs it.
#
#   Tests/Fuzz/run.sh TARGET SECONDS [libFuzzer options...]
#
# TARGET is keys, lines, file or search (see Targets/). The library sources are compiled straight with swiftc into
# static modules, instrumented for libFuzzer and AddressSanitizer, so SwiftPM's generated `main` never meets
# libFuzzer's. Crashing inputs land in .build/fuzz/artifacts/TARGET/; the growing corpus in .build/fuzz/corpus/TARGET,
# seeded from Tests/Fuzz/seeds/TARGET. Exit status: 0 when the run found nothing, non-zero otherwise.
set -euo pipefail

if [[ $# -lt 2 ]]; then
    echo "usage: $0 keys|lines|file|search SECONDS [libFuzzer options...]" >&2
    exit 2
fi
target=$1
seconds=$2
shift 2
root=$(cd "$(dirname "$0")/../.." && pwd)
here="$root/Tests/Fuzz"
build=${FUZZ_BUILD_DIR:-$root/.build/fuzz}
export PATH=/opt/swift/usr/bin:$PATH

case $target in
    keys | lines) modules=(CatalogKit CatalogTerminal) ;;
    file | search) modules=(CatalogKit) ;;
    *)
        echo "unknown target '$target'; use keys, lines, file or search" >&2
        exit 2
        ;;
esac

flags=(-O -g -parse-as-library -enable-testing -package-name catalog -sanitize=fuzzer,address -swift-version 6 -use-ld=lld)
# swiftc runs one frontend job at a time unless told otherwise; -j compiles a module's files on every core, the same
# objects in less time.
jobs=$(nproc 2>/dev/null || echo 2)
mkdir -p "$build/modules"

# Builds a library module unless it is newer than all of its sources and than the module it imports: a module
# compiled against an older CatalogKit would lay out CatalogKit's types wrongly.
previous=""
build_module() {
    local name=$1
    local archive="$build/modules/lib$name.a"
    local sources
    mapfile -t sources < <(find "$root/Sources/$name" -name '*.swift' | sort)
    if [[ -f $archive ]] && [[ -z $(find "$root/Sources/$name" -name '*.swift' -newer "$archive") ]] &&
        [[ -z $previous || ! $previous -nt $archive ]]; then
        previous=$archive
        return
    fi
    previous=$archive
    echo "== building $name" >&2
    swiftc "${flags[@]}" -j "$jobs" -module-name "$name" -emit-module \
        -emit-module-path "$build/modules/$name.swiftmodule" -I "$build/modules" -emit-library -static -o "$archive" \
        "${sources[@]}"
}

for module in "${modules[@]}"; do build_module "$module"; done

binary="$build/$target"
echo "== linking $target" >&2
links=()
for module in "${modules[@]}"; do links+=("-l$module"); done
swiftc "${flags[@]}" -module-name "Fuzz_$target" -I "$build/modules" -L "$build/modules" "${links[@]}" \
    -o "$binary" "$here/Targets/$target.swift"

corpus="$build/corpus/$target"
artifacts="$build/artifacts/$target"
mkdir -p "$corpus" "$artifacts"
seeds=()
[[ -d $here/seeds/$target ]] && seeds=("$here/seeds/$target")
dictionary=()
[[ -f $here/seeds/$target.dict ]] && dictionary=("-dict=$here/seeds/$target.dict")

echo "== fuzzing $target for $seconds s" >&2
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=0}
# The Swift runtime's backtracer would pause on a trap instead of letting libFuzzer record it.
export SWIFT_BACKTRACE=enable=no
exec "$binary" "$corpus" "${seeds[@]}" "${dictionary[@]}" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=3072 \
    -max_len=4096 -artifact_prefix="$artifacts/" -print_final_stats=1 "$@"
