// The WebAssembly scorer in Node against the native CLI, on the same files in the same run:
//   node bench/wasm_bench.mjs GOLD PRED [RUNS]      (bench/run_wasm_bench.sh runs it on 1M lines)
// wasm, warm (after one unmeasured run): a new Gold (the gold's bytes copied in and parsed)
// plus scoreFile (the predictions copied in, parsed, validated, scored), with no bootstrap;
// then scoreFile alone against the kept Gold, as the site scores every file after the
// first. native: `caqa score PRED --gold GOLD --bootstrap 0 --json` on one core
// (taskset -c 0: its threads share that core) and on every core. The native runs also
// read and hash the gold (the site hashes it once, in the browser); the reports must be
// equal. The four runs go in turns, round by round, so that they share the machine's load.
// Target: wasm gold + predictions <= 1.5x native on one core.
// Environment: CAQA_NATIVE (default build/native/caqa), CAQA_WASM_DIR (default build-wasm/wasm).
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';

const [gold, pred, runsArg] = process.argv.slice(2);
if (!gold || !pred) {
  console.error('usage: node bench/wasm_bench.mjs GOLD PRED [RUNS]');
  process.exit(2);
}
const runs = Number(runsArg || 5);
const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const native = path.resolve(root, process.env.CAQA_NATIVE || 'build/native/caqa');
const wasmDir = path.resolve(root, process.env.CAQA_WASM_DIR || 'build-wasm/wasm');

const createCaqa = createRequire(import.meta.url)(path.join(wasmDir, 'caqa.js'));
const caqa = await createCaqa({ wasmBinary: fs.readFileSync(path.join(wasmDir, 'caqa.wasm')) });

const goldBytes = fs.readFileSync(gold), predBytes = fs.readFileSync(pred);
const SOURCE_DATE_EPOCH = 1795651200;
const options = JSON.stringify({
  predictionName: pred, goldName: gold, bootstrap: 0,
  goldSha256: createHash('sha256').update(goldBytes).digest('hex'),
  date: new Date(SOURCE_DATE_EPOCH * 1000).toISOString().slice(0, 10),
});

function toModule(bytes) {
  const moduleBytes = new caqa.Bytes(bytes.length);
  caqa.HEAPU8.set(bytes, moduleBytes.address());
  return moduleBytes;
}

function score(goldSet) {
  const b = toModule(predBytes);
  try {
    return JSON.parse(goldSet.scoreFile(b, options)).report;
  } finally {
    b.delete();
  }
}

function newGold() {
  const b = toModule(goldBytes);
  const goldSet = new caqa.Gold(b);
  b.delete();
  return goldSet;
}

const ms = (t0) => Number(process.hrtime.bigint() - t0) / 1e6;
const summary = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  return { min: sorted[0], median: sorted[Math.floor(sorted.length / 2)] };
};

// One native run of `caqa score`, its time and its report.
function nativeRun(prefix) {
  const t0 = process.hrtime.bigint();
  const out = execFileSync(prefix[0], [...prefix.slice(1), native, 'score', pred, '--gold', gold, '--bootstrap', '0', '--json'],
                           { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 1 << 26,
                             env: { ...process.env, SOURCE_DATE_EPOCH: String(SOURCE_DATE_EPOCH) } });
  return { time: ms(t0), out };
}

// The four measurements in turns, round by round, so that they share the machine's load.
let report = '', nativeReport = '';
const first = [], further = [], oneCore = [], allCores = [];
for (let run = 0; run <= runs; ++run) {  // run 0 warms up: not counted
  let t0 = process.hrtime.bigint();
  const goldSet = newGold();
  report = score(goldSet);
  const tFirst = ms(t0);
  t0 = process.hrtime.bigint();
  score(goldSet);
  const tFurther = ms(t0);
  goldSet.delete();
  const n1 = nativeRun(['taskset', '-c', '0']), n2 = nativeRun(['env']);
  nativeReport = n1.out;
  if (run > 0) {
    first.push(tFirst);
    further.push(tFurther);
    oneCore.push(n1.time);
    allCores.push(n2.time);
  }
}
assert.equal(report, nativeReport, 'the wasm report differs from the native one');

const w = summary(first), w2 = summary(further), n1 = summary(oneCore), n2 = summary(allCores);
const row = (name, s) => console.log(`${name.padEnd(46)} min ${s.min.toFixed(0).padStart(6)} ms  median ${s.median.toFixed(0).padStart(6)} ms`);
console.log(`${path.basename(pred)} against ${path.basename(gold)}, ${runs} rounds of the four runs in turns after one to warm up; reports equal`);
row('wasm: new Gold + scoreFile (gold + predictions)', w);
row('wasm: scoreFile against the kept Gold', w2);
row('native caqa score, one core (taskset -c 0)', n1);
row('native caqa score, every core', n2);
// Each round's own ratio too: the two runs of a round, seconds apart, share most of the
// machine's load, which on a shared host swings more than the difference measured.
const perRound = summary(first.map((t, i) => t / oneCore[i]));
console.log(`ratio wasm gold + predictions / native one core: ${(w.median / n1.median).toFixed(2)}x median, ` +
            `${(w.min / n1.min).toFixed(2)}x min, ${perRound.median.toFixed(2)}x median of the rounds' ratios ` +
            '(target <= 1.5x)');
