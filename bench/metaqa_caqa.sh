# Sourced by the bench/run_*.sh that run caqa on MetaQA: skips the benchmark when
# ../shared/data/metaqa is absent, else builds caqa (Release) and sets data.
data=../shared/data
if [ ! -d "$data/metaqa" ]; then echo "skipped: $data/metaqa is absent"; exit 0; fi
cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
cmake --build build --target caqa >/dev/null
