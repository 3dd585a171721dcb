// Scores a visitor's prediction file with the WebAssembly core (caqa.js + caqa.wasm),
// off the page's thread, against the gold parsed once when the worker starts. The file
// arrives as a File in a message and is read here, not on the page's thread (where the
// board's redraw can hold up the read's completion); its bytes never leave this worker:
// the only requests made here fetch the module and gold.jsonl, static files next to the page.
//
// Messages in:  {type: 'score', name, file: File, options: {...}}
// Messages out: {type: 'ready', gold: {...meta}} | {type: 'error', message}
//               {type: 'result', name, validation: "<caqa validate --json>", report: "<caqa score --json>" | "",
//                ranked: null | {validation: "<caqa validate --json>"}}
// gold.jsonl is the public split. A file that matches none of its ids is also validated
// against the ranked split's ids (ranked-inputs.jsonl, no labels) the way `caqa
// leaderboard check` does: each id with a placeholder label, only the validation is kept.
/* global importScripts, createCaqa */
'use strict';

importScripts('caqa.js');

const GOLD_URL = 'gold.jsonl';
const RANKED_URL = 'ranked-inputs.jsonl';
const PLACEHOLDER_LABEL = 'supportive';  // never scored: caqa/leaderboard/sealed_split.h

let rankedIds = null;  // the ranked split's ids as a parsed gold with placeholder labels, made once
async function rankedGold(caqa) {
  if (!rankedIds) {
    const text = new TextDecoder().decode(await fetchBytes(RANKED_URL));
    const lines = text.split('\n').filter((l) => l.trim()).map((l) => {
      const s = JSON.parse(l);
      return JSON.stringify({ id: s.id, label: PLACEHOLDER_LABEL, complexity: s.complexity, split: 'test' });
    });
    const bytes = toModule(caqa, new TextEncoder().encode(`${lines.join('\n')}\n`));
    rankedIds = new caqa.Gold(bytes);
    bytes.delete();
  }
  return rankedIds;
}

async function sha256Hex(bytes) {
  const digest = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// A file's bytes in the module's memory: one copy, straight into a buffer the module owns.
function toModule(caqa, bytes) {
  const moduleBytes = new caqa.Bytes(bytes.length);
  caqa.HEAPU8.set(bytes, moduleBytes.address());
  return moduleBytes;
}

// The engine runs a WebAssembly function first as its baseline compiler made it and swaps
// in optimised code only after the function has run a while: without this, a visitor's
// first few files would be scored at part speed (headless Chromium here, 24k-line files
// without the bootstrap: 45, 44, 22 and 18 ms for the first four, 8-9 ms from the
// thirteenth on). The gold's own lines are a valid prediction file; WARM_UP_LINES of them
// are scored WARM_UP_RUNS times before the page says it is ready, and nothing is kept.
const WARM_UP_RUNS = 10;
const WARM_UP_LINES = 4000;
function warmUp(caqa, gold, goldFile) {
  let end = 0;
  for (let lines = 0; lines < WARM_UP_LINES && end < goldFile.length; lines++) {
    const newline = goldFile.indexOf(10, end);
    end = newline < 0 ? goldFile.length : newline + 1;
  }
  const options = JSON.stringify({ bootstrap: 200, predictionName: 'warm-up', goldName: GOLD_URL, goldSha256: '', date: '1970-01-01' });
  for (let run = 0; run < WARM_UP_RUNS; run++) {
    const bytes = toModule(caqa, goldFile.subarray(0, end));
    try {
      gold.scoreFile(bytes, options);
    } finally {
      bytes.delete();
    }
  }
}

const ready = (async () => {
  const [caqa, goldFile] = await Promise.all([createCaqa(), fetchBytes(GOLD_URL)]);
  let meta = {};
  try {
    const response = await fetch(`${GOLD_URL}.meta.json`);
    if (response.ok) meta = await response.json();
  } catch (_) { /* the sidecar is optional */ }
  const goldSha256 = await sha256Hex(goldFile);
  // Parsed here, once per page: each dropped file is then only read and scored.
  const goldBytes = toModule(caqa, goldFile);
  const gold = new caqa.Gold(goldBytes);
  goldBytes.delete();
  const problems = gold.problems(JSON.stringify({ goldName: GOLD_URL }));
  if (problems) throw new Error(`the gold file is unusable:\n${problems}`);
  warmUp(caqa, gold, goldFile);
  return { caqa, gold, goldSha256, meta };
})();

ready.then(
  ({ goldSha256, meta }) => postMessage({ type: 'ready', gold: { ...meta, file: GOLD_URL, sha256: goldSha256 } }),
  (e) => postMessage({ type: 'error', message: `could not load the scorer: ${e.message}` }),
);

// A sub-fact judgment file (docs/factscore.md): its first line has "subfacts" or
// "factscore" and no "label" or "response".
function isSubFactFile(bytes) {
  const end = bytes.indexOf(10);
  try {
    const first = JSON.parse(new TextDecoder().decode(bytes.subarray(0, end < 0 ? bytes.length : end)));
    return ('subfacts' in first || 'factscore' in first) && !('label' in first) && !('response' in first);
  } catch (_) {
    return false;
  }
}

onmessage = async (event) => {
  const { type, name, file, options } = event.data;
  if (type !== 'score') return;
  try {
    const { caqa, gold, goldSha256 } = await ready;
    // The report's date is the visitor's today in UTC, as the CLI writes it.
    const date = new Date().toISOString().slice(0, 10);
    const all = JSON.stringify({ ...options, predictionName: name, goldName: GOLD_URL, goldSha256, date });
    const fileBytes = new Uint8Array(await file.arrayBuffer());
    const predictions = toModule(caqa, fileBytes);
    if (isSubFactFile(fileBytes)) {  // caqa factscore PRED --gold GOLD --json
      try {
        postMessage({ type: 'factscore', name, ...JSON.parse(gold.factscore(predictions, all)) });
      } finally {
        predictions.delete();
      }
      return;
    }
    // One call per gold: diagnostics and report come from one pipeline run.
    let validation, report, ranked = null;
    try {
      ({ validation, report } = JSON.parse(gold.scoreFile(predictions, all)));
      const v = JSON.parse(validation);
      if (v.n_missing === v.n_gold) {
        const ids = await rankedGold(caqa);
        const opts = JSON.stringify({ ...options, bootstrap: 0, predictionName: name, goldName: RANKED_URL, goldSha256: '', date });
        ranked = { validation: JSON.parse(ids.scoreFile(predictions, opts)).validation };
      }
    } finally {
      predictions.delete();
    }
    postMessage({ type: 'result', name, validation, report, ranked });
  } catch (e) {
    postMessage({ type: 'error', message: `scoring failed: ${e.message}` });
  }
};
