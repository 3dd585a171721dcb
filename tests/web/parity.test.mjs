// The WebAssembly module (wasm/bindings.cpp) must print what the native CLI prints:
// for every example and malformed-corpus prediction file, the validation and report of
// one `scoreFile` call equal `caqa validate|score --json`, and `meta` equals
// `caqa meta --json`, byte for byte. As on the site, one Gold per gold file serves every
// call (parsed again only when the options read it another way).
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

// A file's bytes in the module's memory (a Uint8Array or a string's UTF-8), as the worker
// hands them over: the caller deletes the Bytes.
function toModule(data) {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  const moduleBytes = new caqa.Bytes(bytes.length);
  caqa.HEAPU8.set(bytes, moduleBytes.address());
  return moduleBytes;
}

function withBytes(data, use) {
  const moduleBytes = toModule(data);
  try {
    return use(moduleBytes);
  } finally {
    moduleBytes.delete();
  }
}

const golds = new Map();  // gold path -> Gold, kept for the whole run as a page keeps its one
function goldFor(gold, goldBytes) {
  if (!golds.has(gold)) golds.set(gold, withBytes(goldBytes, (b) => new caqa.Gold(b)));
  return golds.get(gold);
}

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
  // Bytes reach the core unchanged, invalid UTF-8 included, as from the CLI.
  const goldSet = goldFor(gold, goldBytes);
  if (command === 'meta') {
    const want = cli(['meta', pred, '--gold', gold, '--json', ...args]);
    assert.equal(withBytes(predBytes, (b) => goldSet.meta(b, options)), want, `meta ${pred} ${args.join(' ')}`);
    return want;
  }
  if (command === 'factscore') {
    const want = cli(['factscore', pred, '--gold', gold, '--json', ...args]);
    const got = JSON.parse(withBytes(predBytes, (b) => goldSet.factscore(b, options)));
    assert.equal(got.report, want, `factscore ${pred} ${args.join(' ')}`);
    assert.equal(got.refusal === '', want !== '', `factscore ${pred}: a refusal exactly when the CLI prints nothing`);
    return want;
  }
  const got = JSON.parse(withBytes(predBytes, (b) => goldSet.scoreFile(b, options)));
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

test('factscore of sub-fact files equals the CLI (issue 41)', () => {
  const dir = 'tests/golden/factscore', gold = `${dir}/gold.jsonl`;
  for (const name of ['bool', 'prob', 'mixed', 'malformed', 'partial']) {
    const pred = `${dir}/pred_${name}.jsonl`;
    check('factscore', pred, gold);
    check('factscore', pred, gold, ['--bootstrap', '200', '--seed', '5', '--level', '0.9']);
    check('factscore', pred, gold, ['--ignore-missing', '--bootstrap', '0']);
  }
  assert.match(check('factscore', `${dir}/pred_bool.jsonl`, gold), /"gold_factscore"/);
  assert.equal(check('factscore', `${dir}/pred_malformed.jsonl`, gold), '');
  assert.equal(check('factscore', `${dir}/pred_partial.jsonl`, gold), '');
  assert.match(check('factscore', `${dir}/pred_partial.jsonl`, gold, ['--ignore-missing']), /"missing": 100/);
});

test('kalma of the paper fixture equals the CLI', () => {
  const dir = 'tests/fixtures/kalma/paper';
  const q = `${dir}/questions.jsonl`, a = `${dir}/answers.jsonl`, j = `${dir}/judgments.jsonl`;
  const bytes = (f) => fs.readFileSync(path.join(root, f));
  for (const judged of [true, false]) {
    const want = cli(['kalma', '--questions', q, '--answers', a, ...(judged ? ['--judgments', j] : []), '--json']);
    const got = withBytes(bytes(q), (qb) => withBytes(bytes(a), (ab) => withBytes(
      judged ? bytes(j) : new Uint8Array(0),
      (jb) => caqa.kalma(qb, ab, jb, JSON.stringify({ questions: q, answers: a, judgments: j })))));
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
  const bad = withBytes('{"id":"a","label":"mostly supportive"}\n', (b) => new caqa.Gold(b));
  const got = JSON.parse(withBytes('{"id":"a","label":"supportive"}\n',
                                   (b) => bad.scoreFile(b, '{"goldName":"g.jsonl"}')));
  assert.equal(got.report, '');
  assert.match(got.gold_diagnostics, /^g\.jsonl:1:/);
  assert.equal(bad.problems('{"goldName":"g.jsonl"}'), got.gold_diagnostics);
  bad.delete();
  const good = goldFor(exampleGold, fs.readFileSync(path.join(root, exampleGold)));
  assert.equal(good.problems('{}'), '');
  assert.equal(JSON.parse(withBytes(new Uint8Array(0), (b) => good.scoreFile(b, '{}'))).gold_diagnostics, '');
});

test('a Gold kept between calls scores as a fresh one, whatever the options in between', () => {
  const pred = `${examples}/pred_weak.jsonl`, predBytes = fs.readFileSync(path.join(root, pred));
  const goldBytes = fs.readFileSync(path.join(root, exampleGold));
  const kept = withBytes(goldBytes, (b) => new caqa.Gold(b));
  const score = (gold, args) =>
    withBytes(predBytes, (b) => gold.scoreFile(b, JSON.stringify(optionsFor(args, pred, exampleGold, goldBytes))));
  for (const args of [[], ['--binary'], ['--split', 'test'], ['--ignore-missing'], []]) {
    const fresh = withBytes(goldBytes, (b) => new caqa.Gold(b));
    assert.equal(score(kept, args), score(fresh, args), `kept gold, ${args.join(' ')}`);
    fresh.delete();
  }
  kept.delete();
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
