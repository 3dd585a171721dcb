// The "Score your predictions" panel: reads the chosen file in the browser, hands its
// bytes to worker.js (the WebAssembly scorer) and draws the report. No request carries
// the file: the worker scores it in memory, the JSON download is a local blob.
import { downloadJson, el, renderProblems, renderReport } from './report.js';
import { loadLeaderboard, showVisitorRow } from './leaderboard.js';
import { loadExtras } from './board_extras.js';

const $ = (id) => document.getElementById(id);
const status = $('status');
const worker = new Worker('worker.js');
let lastReport = null;
let started = 0;  // performance.now() when the current file was chosen

function setStatus(text, kind = '') {
  status.textContent = text;
  status.className = kind;
}

worker.onmessage = ({ data }) => {
  if (data.type === 'ready') {
    const g = data.gold;
    $('gold-info').textContent =
      `${g.n ?? '?'} samples, gold.jsonl SHA-256 ${g.sha256.slice(0, 12)}…`;
    setStatus('Ready: drop a prediction file.');
  } else if (data.type === 'error') {
    reject(data.message);
  } else if (data.type === 'result') {
    showResult(data);
  } else if (data.type === 'factscore') {
    showFactScore(data);
  }
};
worker.onerror = (e) => setStatus(`The scorer failed to start: ${e.message}`, 'bad');

function options() {
  return {
    extract: $('opt-extract').value,
    dup: $('opt-dup').value,
    bootstrap: Math.max(0, Math.min(100000, Number($('opt-bootstrap').value) || 0)),
    seed: Math.max(0, Number($('opt-seed').value) || 0),
    ignoreMissing: $('opt-ignore-missing').checked,
    binary: $('opt-binary').checked,
  };
}

function scoreFile(file) {
  if (!file) return;
  started = performance.now();
  setStatus(`Scoring ${file.name} (${file.size.toLocaleString()} bytes) on this device…`);
  $('problems').hidden = true;
  $('report').hidden = true;
  worker.postMessage({ type: 'score', name: file.name, file, options: options() });
}

// Nothing of a rejected or unscored file stays on the page: its report and its board row go.
function clearReport() {
  lastReport = null;
  $('report').hidden = true;
  showVisitorRow(null);
}

function reject(text) {
  clearReport();
  setStatus(text, 'bad');
}

function showProblems(name, v) {
  const problems = $('problems');
  problems.replaceChildren(...(v ? renderProblems(name, v) : []));
  problems.hidden = !v || v.diagnostics.length === 0;
}

// A file for the ranked split: validated against its ids (the labels are sealed), never scored.
function showRanked(name, v) {
  const n = v.n_gold, covered = n - v.n_missing;
  showProblems(name, v.n_errors ? v : null);
  if (v.n_errors) return reject(`${name} is a ranked-split file with ${v.n_errors} error(s) below, each with its line; fix them before submitting.`);
  if (v.n_missing) {
    return reject(`${name} predicts ${covered} of the ${n} ranked samples (${(100 * covered / n).toFixed(1)}%); a submission predicts every one ` +
      `(first missing: ${v.first_missing_ids[0] ?? '?'}). Take the ids from ranked-inputs.jsonl.`);
  }
  clearReport();
  setStatus(`${name}: a valid ranked-split file, all ${n} samples predicted, no errors. Its labels are sealed, so it is not ` +
    'scored here: submit it (How to submit) and the board rescores it.', 'good');
  return undefined;
}

function showResult({ name, validation, report, ranked }) {
  const v = validation ? JSON.parse(validation) : null;
  const rv = ranked ? JSON.parse(ranked.validation) : null;
  if (rv && rv.n_missing < rv.n_gold) return showRanked(name, rv);
  showProblems(name, v);
  const zeroMatch = `${name} was not scored: none of your ids are in this split. This page scores the public split (gold.jsonl) and ` +
    'checks files for the ranked split (ranked-inputs.jsonl); predict the samples of one of them.';
  if (v && v.diagnostics.some((d) => d.code === 'no_matching_ids')) {
    // Every unknown id (and every missing sample) listed beside that one error would only
    // bury it and the file's own problems (a malformed line), which stay.
    const kept = v.diagnostics.filter((d) => !['unknown_id', 'missing_predictions'].includes(d.code));
    const count = (severity) => kept.filter((d) => d.severity === severity).length;
    showProblems(name, { ...v, n_errors: count('error'), n_warnings: count('warning'), diagnostics: kept });
    return reject(zeroMatch);
  }
  if (!report) {
    return reject(v ? `${name} was not scored: ${v.n_errors} error(s) below, each with its line.` : `${name} could not be read.`);
  }
  const r = JSON.parse(report);
  if (r.counts.n_matched === 0) {
    return reject(zeroMatch);
  }
  lastReport = { name, text: report };
  const view = $('report');
  view.replaceChildren(...renderReport(r, downloadReport));
  view.hidden = false;
  void view.offsetHeight;  // laid out: the time below includes drawing the report
  const ms = Math.round(performance.now() - started);
  status.dataset.ms = String(ms);
  delete status.dataset.boardMs;
  setStatus(`${name}: scored ${r.n_scored} samples of the public split in ${ms} ms on this device, micro-F1 ${r.micro_f1.toFixed(3)} (unofficial: the board ranks the ranked split).`, 'good');
  // The board's tables and plots are redrawn with the visitor's row a frame later: the
  // report the visitor waits for is on screen first. A newer file's result may land first.
  const shown = started;
  requestAnimationFrame(() => {
    if (shown !== started || lastReport?.text !== report) return;
    showVisitorRow(name, r);
    status.dataset.boardMs = String(Math.round(performance.now() - started));
  });
  return undefined;
}

// A sub-fact judgment file's FActScore report (caqa factscore --json), or why it was not scored.
function showFactScore({ name, diagnostics, refusal, report }) {
  $('problems').hidden = !diagnostics;
  if (diagnostics) $('problems').replaceChildren(el('h3', {}, `Problems in ${name}`), el('pre', { class: 'diagnostics' }, diagnostics));
  if (!report) return reject(refusal || `${name} was not scored.`);
  const f = JSON.parse(report).files[0];
  const stats = [['factscore', 'FActScore'], ['gold_factscore', 'Gold'], ['gap', 'Gap'], ['mae', 'MAE'],
    ['pearson', 'Pearson'], ['spearman', 'Spearman'], ['subfact_accuracy', 'Sub-fact acc.'], ['subfact_f1_true', 'F1 True']];
  const value = (p, k) => (p[k] === null ? '–' : p[k].toFixed(3)) +
    (p[`${k}_ci`] && p[`${k}_ci`].low !== null ? ` [${p[`${k}_ci`].low.toFixed(3)}, ${p[`${k}_ci`].high.toFixed(3)}]` : '');
  const table = el('table', { class: 'lb factscore' },
    el('thead', {}, el('tr', {}, el('th', {}, 'Samples'), el('th', { class: 'num' }, 'n'), stats.map(([, h]) => el('th', { class: 'num' }, h)))),
    el('tbody', {}, f.populations.map((p) => el('tr', {}, el('td', {}, p.name), el('td', { class: 'num' }, String(p.samples)),
      stats.map(([k]) => el('td', { class: 'num' }, value(p, k)))))));
  clearReport();
  const view = $('report');
  view.replaceChildren(el('h3', {}, `FActScore of ${name} (CAQA Table 6: the partially_supportive row)`),
    el('div', { class: 'table-wrap' }, table));
  view.hidden = false;
  const t6 = f.populations.find((p) => p.kind === 'table6');
  setStatus(`${name}: ${f.scored} samples' sub-facts scored on this device; partially supportive FActScore ${t6.factscore?.toFixed(3) ?? '–'} vs gold ${t6.gold_factscore?.toFixed(3) ?? '–'}.`, 'good');
  return undefined;
}

function downloadReport() {
  if (lastReport) downloadJson(lastReport.text, `${lastReport.name.replace(/\.[^.]*$/, '')}.caqa-score.json`);
}

loadLeaderboard().then(loadExtras);

const drop = $('drop-zone');
$('file-input').addEventListener('change', (e) => scoreFile(e.target.files[0]));
for (const type of ['dragenter', 'dragover'])
  drop.addEventListener(type, (e) => { e.preventDefault(); drop.classList.add('over'); });
for (const type of ['dragleave', 'drop'])
  drop.addEventListener(type, () => drop.classList.remove('over'));
drop.addEventListener('drop', (e) => { e.preventDefault(); scoreFile(e.dataTransfer.files[0]); });
drop.addEventListener('keydown', (e) => {
  if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); $('file-input').click(); }
});
