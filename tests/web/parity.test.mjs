// The WebAssembly module (wasm/bindings.cpp) must print what the native CLI prints:
// for every example and malformed-corpus prediction file, the validation and report of
// one `scoreFile` call equal `caqa validate|score --json`, and `meta` equals
// `caqa meta --json`, byte for byte.
//   node --test tests/web/parity.test.mjs
// Environment: CAQA_NATIVE (default build/native/caqa), CAQA_WASM_DIR (default
// build-wasm/wasm, holding caqa.js and caqa.wasm). Run from the repository root.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const native = path.resolve(root, process.env.CAQA_NATIVE || 'build/native/caqa');
const wasmDir = path.resolve(root, process.env.CAQA_WASM_DIR || 'build-wasm/wasm');

// Node 20 cannot fetch the .wasm by path with this emcc: hand it the bytes (TOOLCHAIN.md).
const createCaqa = createRequire(import.meta.url)(path.join(wasmDir, 'caqa.js'));
const caqa = await createCaqa({ wasmBinary: fs.readFileSync(path.join(wasmDir, 'caqa.wasm')) });

// One report date on both sides: the CLI reads SOURCE_DATE_EPOCH, the module takes "date".
const SOURCE_DATE_EPOCH = 1795651200;
const REPORT_DATE = new Date(SOURCE_DATE_EPOCH * 1000).toISOString().slice(0, 10);

// CLI flags -> the module's options object (the same names the site's worker sends).
function optionsFor(args, pred, gold, goldBytes) {
  const o = {
    predictionName: pred,
    goldName: gold,
    goldSha256: createHash('sha256').update(goldBytes).digest('hex'),
    date: REPORT_DATE,
  };
  for (let i = 0; i < args.length; ++i) {
    const a = args[i];
    const value = () => args[++i];
    if (a === '--extract') o.extract = value();
    else if (a === '--format') o.format = value();
    else if (a === '--split') o.split = value();
    else if (a === '--dup') o.dup = value();
    else if (a === '--max-line-bytes') o.maxLineBytes = Number(value());
    else if (a === '--bootstrap') o.bootstrap = Number(value());
    else if (a === '--seed') o.seed = Number(value());
    else if (a === '--level') o.level = Number(value());
    else if (a === '--binary') o.binary = true;
    else if (a === '--scheme') o.scheme = value();
    else if (a === '--ignore-missing') o.ignoreMissing = true;
    else if (a === '--group-by') o.groupBy = value();
    else if (a === '--max-errors') value();  // text output only
    else throw new Error(`parity test: no option mapping for ${a}`);
  }
  return o;
}

// What the CLI prints on stdout, whatever its exit code (1 = invalid file: nothing).
function cli(args) {
  try {
    return execFileSync(native, args, {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      env: { ...process.env, SOURCE_DATE_EPOCH: String(SOURCE_DATE_EPOCH) },
    });
  } catch (e) {
    if (typeof e.status !== 'number') throw e;
    return e.stdout;
  }
}

// CLI flags that `caqa validate` takes (it always checks with --dup error and computes no CI).
const VALIDATE_FLAGS = new Set(['--extract', '--format', '--split', '--max-line-bytes', '--max-errors', '--binary', '--scheme']);
function validateArgs(args) {
  const out = [];
  for (let i = 0; i < args.length; ++i) {
    const flag = args[i], takesValue = !['--binary', '--ignore-missing'].includes(flag);
    if (VALIDATE_FLAGS.has(flag)) out.push(...(takesValue ? [flag, args[i + 1]] : [flag]));
    if (takesValue) ++i;
  }
  return out;
}

function check(command, pred, gold, args = []) {
  const goldBytes = fs.readFileSync(path.join(root, gold)), predBytes = fs.readFileSync(path.join(root, pred));
  const options = JSON.stringify(optionsFor(args, pred, gold, goldBytes));
  // Bytes, not strings: embind copies a Uint8Array into std::string unchanged, so
  // invalid UTF-8 reaches the core as it does from the CLI (as the site passes them too).
  if (command === 'meta') {
    const want = cli(['meta', pred, '--gold', gold, '--json', ...args]);
    assert.equal(caqa.meta(predBytes, goldBytes, options), want, `meta ${pred} ${args.join(' ')}`);
    return want;
  }
  const got = JSON.parse(caqa.scoreFile(predBytes, goldBytes, options));
  const want = cli(['score', pred, '--gold', gold, '--json', ...args]);
  assert.equal(got.report, want, `score ${pred} ${args.join(' ')}`);
  if (!args.includes('--dup')) {
    const wantValidation = cli(['validate', pred, '--gold', gold, '--json', ...validateArgs(args)]);
    assert.equal(got.validation, wantValidation, `validate ${pred} ${args.join(' ')}`);
  }
  return want;
}

const examples = 'data/examples';
const exampleGold = `${examples}/benchmark.jsonl`;
const examplePreds = fs.readdirSync(path.join(root, examples))
  .filter((f) => /\.(jsonl|csv)$/.test(f) && f !== 'benchmark.jsonl').sort()
  .map((f) => `${examples}/${f}`);

test('example prediction files: validate and score equal the CLI', () => {
  assert.ok(examplePreds.length >= 5, 'expected good, weak, CSV, LLM and malformed examples');
  for (const pred of examplePreds) check('score', pred, exampleGold);
});

test('example files with every scoring option equal the CLI', () => {
  const variants = [
    ['--bootstrap', '200', '--seed', '7', '--level', '0.9'],
    ['--bootstrap', '0'],
    ['--ignore-missing'],
    ['--binary'],
    ['--extract', 'strict'],
    ['--dup', 'last'],
    ['--split', 'test'],
  ];
  for (const pred of examplePreds)
    for (const args of variants) check('score', pred, exampleGold, args);
});

test('a scored file gives a report, a malformed one none', () => {
  assert.match(check('score', `${examples}/pred_good.jsonl`, exampleGold), /"micro_f1"/);
  assert.equal(check('score', `${examples}/pred_malformed.jsonl`, exampleGold), '');
});

test('meta of the example files equals the CLI', () => {
  for (const pred of [`${examples}/pred_good.jsonl`, `${examples}/pred_weak.jsonl`]) {
    check('meta', pred, exampleGold);
    check('meta', pred, exampleGold, ['--bootstrap', '100', '--seed', '3']);
  }
});

test('kalma of the paper fixture equals the CLI', () => {
  const dir = 'tests/fixtures/kalma/paper';
  const q = `${dir}/questions.jsonl`, a = `${dir}/answers.jsonl`, j = `${dir}/judgments.jsonl`;
  const bytes = (f) => fs.readFileSync(path.join(root, f));
  for (const judged of [true, false]) {
    const want = cli(['kalma', '--questions', q, '--answers', a, ...(judged ? ['--judgments', j] : []), '--json']);
    const got = caqa.kalma(bytes(q), bytes(a), judged ? bytes(j) : new Uint8Array(0),
                           JSON.stringify({ questions: q, answers: a, judgments: j }));
    assert.equal(got, want, `kalma judged=${judged}`);
  }
});

test('malformed corpus: validate and score equal the CLI', () => {
  const corpus = 'tests/corpus';
  const rows = fs.readFileSync(path.join(root, corpus, 'expected.tsv'), 'utf8').split('\n').slice(1).filter(Boolean)
    .map((line) => line.split('\t'));
  const listed = new Map(rows.map(([file, args]) => [file, args.trim() === '-' ? [] : args.trim().split(/\s+/)]));
  const files = fs.readdirSync(path.join(root, corpus, 'malformed')).sort();
  assert.ok(files.length >= 50);
  for (const file of files) {
    const args = listed.get(file) || [];
    const pred = `${corpus}/malformed/${file}`;
    check('score', pred, `${corpus}/gold.jsonl`, args);
  }
});

test('a broken gold file is reported, not scored', () => {
  // (Complexity is optional since issue 15: a label no scheme spells breaks it.)
  const bad = '{"id":"a","label":"mostly supportive"}\n';
  const got = JSON.parse(caqa.scoreFile('{"id":"a","label":"supportive"}\n', bad, '{"goldName":"g.jsonl"}'));
  assert.equal(got.report, '');
  assert.match(got.gold_diagnostics, /^g\.jsonl:1:/);
  const good = JSON.parse(caqa.scoreFile(new Uint8Array(0), fs.readFileSync(path.join(root, exampleGold)), '{}'));
  assert.equal(good.gold_diagnostics, '');
});

test('schemes a gold names (support3, binary), no complexity, --group-by: as the CLI', () => {
  const dir = 'tests/golden/benchmarks';
  for (const s of ['support3', 'binary']) {
    check('score', `${dir}/pred_${s}.jsonl`, `${dir}/gold_${s}.jsonl`, []);
    check('score', `${dir}/pred_${s}.jsonl`, `${dir}/gold_${s}.jsonl`, ['--group-by', 'src_dataset']);
  }
  check('score', `${dir}/pred_binary.jsonl`, `${dir}/gold_binary.jsonl`, ['--binary', '--group-by', 'src_dataset']);
});

test('a three-class scheme (AttrScore) scores as the CLI does', () => {
  const dir = 'tests/golden/schemes';
  for (const pred of ['pred_attrscore.jsonl', 'pred_attrscore_responses.jsonl'])
    check('score', `${dir}/${pred}`, `${dir}/gold_attrscore.jsonl`, ['--scheme', 'attrscore']);
});
