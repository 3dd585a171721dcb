// Scores a visitor's prediction file with the WebAssembly core (caqa.js + caqa.wasm),
// off the page's thread. The file arrives as bytes in a message and never leaves this
// worker: the only requests made here fetch the module and gold.jsonl, static files
// next to the page.
//
// Messages in:  {type: 'score', name, bytes: ArrayBuffer, options: {...}}
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

let rankedIds = null;  // the ranked split's ids as a gold file with placeholder labels, fetched once
async function rankedPlaceholder() {
  if (!rankedIds) {
    const text = new TextDecoder().decode(await fetchBytes(RANKED_URL));
    const lines = text.split('\n').filter((l) => l.trim()).map((l) => {
      const s = JSON.parse(l);
      return JSON.stringify({ id: s.id, label: PLACEHOLDER_LABEL, complexity: s.complexity, split: 'test' });
    });
    rankedIds = new TextEncoder().encode(`${lines.join('\n')}\n`);
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

const ready = (async () => {
  const [caqa, gold] = await Promise.all([createCaqa(), fetchBytes(GOLD_URL)]);
  let meta = {};
  try {
    const response = await fetch(`${GOLD_URL}.meta.json`);
    if (response.ok) meta = await response.json();
  } catch (_) { /* the sidecar is optional */ }
  const goldSha256 = await sha256Hex(gold);
  const problems = JSON.parse(caqa.scoreFile(new Uint8Array(0), gold, JSON.stringify({ goldName: GOLD_URL }))).gold_diagnostics;
  if (problems) throw new Error(`the gold file is unusable:\n${problems}`);
  return { caqa, gold, goldSha256, meta };
})();

ready.then(
  ({ goldSha256, meta }) => postMessage({ type: 'ready', gold: { ...meta, file: GOLD_URL, sha256: goldSha256 } }),
  (e) => postMessage({ type: 'error', message: `could not load the scorer: ${e.message}` }),
);

onmessage = async (event) => {
  const { type, name, bytes, options } = event.data;
  if (type !== 'score') return;
  try {
    const { caqa, gold, goldSha256 } = await ready;
    // The report's date is the visitor's today in UTC, as the CLI writes it.
    const date = new Date().toISOString().slice(0, 10);
    const all = JSON.stringify({ ...options, predictionName: name, goldName: GOLD_URL, goldSha256, date });
    const predictions = new Uint8Array(bytes);
    // One call: the gold is parsed once, and diagnostics and report come from one pipeline run.
    const { validation, report } = JSON.parse(caqa.scoreFile(predictions, gold, all));
    const v = JSON.parse(validation);
    let ranked = null;
    if (v.n_missing === v.n_gold) {
      const ids = await rankedPlaceholder();
      const opts = JSON.stringify({ ...options, bootstrap: 0, predictionName: name, goldName: RANKED_URL, goldSha256: '', date });
      ranked = { validation: JSON.parse(caqa.scoreFile(predictions, ids, opts)).validation };
    }
    postMessage({ type: 'result', name, validation, report, ranked });
  } catch (e) {
    postMessage({ type: 'error', message: `scoring failed: ${e.message}` });
  }
};
