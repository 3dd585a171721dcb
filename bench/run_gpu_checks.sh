#!/usr/bin/env bash
# The CUDA twins on a machine with a GPU: their parity tests and benchmarks, in one call.
#   bench/run_gpu_checks.sh package   here: build the test and bench binaries (nvcc, sm_80/90)
#                                     and copy them, with the shared libraries they need
#                                     that a bare CUDA image lacks, into .gpu/
#   bench/run_gpu_checks.sh run [all|meta|baseline|reader]
#                                     there (the device machine, .gpu/ carried): GPU facts,
#                                     the parity tests (meta bootstrap: tolerance 0; trained
#                                     baseline: see tests/baseline), meta_bench, caqa meta
#                                     end to end on the GPU and on the CPU (same bytes), and,
#                                     when ../shared/data/metaqa was packaged, baseline_bench
#                                     and caqa train on the MetaQA benchmark with each backend;
#                                     the reader: its parity test, the board's recipe trained with
#                                     --backend cuda (time, samples/s, test score) and one epoch
#                                     of the CPU twin on the same machine
# Output of `run` goes to stdout and, when $OUT is set, to $OUT/gpu_checks.log.
set -euo pipefail
cd "$(dirname "$0")/.."
case "${1:-}" in
package)
  cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release -DCAQA_CUDA=ON >/dev/null
  cmake --build build --target caqa caqa_meta_tests caqa_baseline_tests caqa_reader_tests meta_bench baseline_bench \
    >/dev/null
  rm -rf .gpu && mkdir -p .gpu/bin .gpu/lib
  cp build/native/caqa build/tests/caqa_meta_tests build/tests/caqa_baseline_tests build/tests/caqa_reader_tests \
    build/bench/meta_bench build/bench/baseline_bench .gpu/bin/
  for b in .gpu/bin/*; do
    ldd "$b" | awk '/=> \// {print $3}' | grep -vE '/(libc|libm|libstdc\+\+|libgcc_s|libpthread|libdl|librt)\.so' || true
  done | sort -u | xargs -r -I{} cp -L {} .gpu/lib/
  # The MetaQA source travels compressed (the benchmark is built there, not carried).
  if [ -d ../shared/data/metaqa/kg ]; then tar -C ../shared/data/metaqa -cJf .gpu/metaqa.tar.xz kg qa; fi
  grep -qx '/.gpu/' .git/info/exclude 2>/dev/null || echo '/.gpu/' >>.git/info/exclude
  du -sh .gpu
  ;;
run)
  part=${2:-all}
  log=${OUT:+$OUT/gpu_checks.log}
  exec > >(tee ${log:-/dev/null}) 2>&1
  export LD_LIBRARY_PATH=$PWD/.gpu/lib${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
  nvidia-smi --query-gpu=name,driver_version,memory.total,clocks.max.sm --format=csv || true
  nproc
  if [ "$part" = all ] || [ "$part" = meta ]; then
    echo "== parity: meta bootstrap (CUDA = CPU bit for bit) =="
    .gpu/bin/caqa_meta_tests --gtest_filter='ResampleCuda.*:ResampleDispatch.*:ResampleCpu.*' 2>&1 | tail -15
    echo "== meta_bench: 1,000,000 pairs, 1,000 resamples =="
    .gpu/bin/meta_bench 1000000 1000 3
    echo "== meta_bench: 1,000,000 pairs, 10,000 resamples (1e10 draws), full precision =="
    .gpu/bin/meta_bench 1000000 10000 1 full
    echo "== caqa meta end to end, 1,000,000 pairs, 1,000 resamples: cuda vs cpu =="
    python3 - <<'PY'
import random
rng = random.Random(1)
with open("/tmp/pairs.jsonl", "w") as f:
    for i in range(1_000_000):
        level = rng.randrange(3)
        f.write('{"id":"p%d","level":%d,"score":%r,"group":"q%d"}\n' % (i, level, 0.25 * level + rng.random(), i % 5000))
PY
    for backend in cuda cpu; do
      start=$(date +%s%N)
      .gpu/bin/caqa meta /tmp/pairs.jsonl --json --backend $backend >/tmp/meta_$backend.json
      echo "caqa meta --backend $backend: $((($(date +%s%N) - start) / 1000000)) ms"
    done
    cmp /tmp/meta_cuda.json /tmp/meta_cpu.json && echo "caqa meta: cuda and cpu reports are byte-identical"
  fi
  if [ "$part" = all ] || [ "$part" = baseline ]; then
    echo "== parity: trained baseline (tests/baseline) =="
    .gpu/bin/caqa_baseline_tests --gtest_filter='TrainedBaseline.CudaMatchesCpu:Backend.*' 2>&1 | tail -12
    if [ -f .gpu/metaqa.tar.xz ]; then
      echo "== trained baseline on the MetaQA benchmark =="
      mkdir -p /tmp/metaqa && tar -C /tmp/metaqa -xJf .gpu/metaqa.tar.xz
      .gpu/bin/caqa build --metaqa /tmp/metaqa -q -o /tmp/mq
      .gpu/bin/baseline_bench /tmp/mq
      for backend in cuda cpu; do
        start=$(date +%s%N)
        .gpu/bin/caqa train --train /tmp/mq/train.jsonl -o /tmp/model_$backend.bin --backend $backend >/dev/null
        echo "caqa train --backend $backend: $((($(date +%s%N) - start) / 1000000)) ms"
        .gpu/bin/caqa predict --evaluator trained --model /tmp/model_$backend.bin --gold /tmp/mq/test.jsonl \
          -o /tmp/pred_$backend.jsonl --backend $backend 2>&1 | tail -3
      done
    else
      echo "trained baseline on MetaQA: skipped (../shared/data/metaqa was not packaged)"
    fi
  fi
  if [ "$part" = all ] || [ "$part" = reader ]; then
    echo "== parity: reader (CUDA twin = CPU twin within 1e-4) =="
    .gpu/bin/caqa_reader_tests --gtest_filter='ReaderCuda.*' 2>&1 | tail -8
    echo "== reader: the board's recipe (docs/baselines.md) =="
    .gpu/bin/caqa build -q --train-questions 40000 -o /tmp/dt40
    .gpu/bin/caqa train --model reader --train /tmp/dt40/train.jsonl --seed 13 --backend cuda \
      -o /tmp/reader_cuda.safetensors 2>&1 | grep -v '^epoch '
    .gpu/bin/caqa predict --evaluator reader --model /tmp/reader_cuda.safetensors --backend cuda \
      --gold /tmp/dt40/test.jsonl -o /tmp/reader_cuda.pred.jsonl 2>&1 | tail -1
    .gpu/bin/caqa score /tmp/reader_cuda.pred.jsonl --gold /tmp/dt40/test.jsonl | head -3
    echo "== reader: one epoch of the CPU twin on this machine =="
    .gpu/bin/caqa train --model reader --train /tmp/dt40/train.jsonl --seed 13 --backend cpu --epochs 1 \
      -o /tmp/reader_cpu.safetensors 2>&1 | grep 'epoch 1/'
  fi
  ;;
*)
  echo "usage: bench/run_gpu_checks.sh package | run [all|meta|baseline|reader]" >&2
  exit 2
  ;;
esac
