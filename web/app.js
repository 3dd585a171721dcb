// The "Score your predictions" panel: reads the chosen file in the browser, hands its
// bytes to worker.js (the WebAssembly scorer) and draws the report. No request carries
// the file: the worker scores it in memory, the JSON download is a local blob.
import { renderProblems, renderReport } from './report.js';
import { loadLeaderboard, showVisitorRow } from './leaderboard.js';

const $ = (id) => document.getElementById(id);
const status = $('status');
const worker = new Worker('worker.js');
let lastReport = null;

function setStatus(text, kind = '') {
  status.textContent = text;
  status.className = kind;
}

worker.onmessage = ({ data }) => {
  if (data.type === 'ready') {
    const g = data.gold;
    $('gold-info').textContent =
      `${g.n ?? '?'} samples of split "${g.split || 'test'}", gold SHA-256 ${g.sha256.slice(0, 12)}…`;
    setStatus('Ready: drop a prediction file.');
  } else if (data.type === 'error') {
    setStatus(data.message, 'bad');
  } else if (data.type === 'result') {
    showResult(data);
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

async function scoreFile(file) {
  if (!file) return;
  setStatus(`Scoring ${file.name} (${file.size.toLocaleString()} bytes) on this device…`);
  $('problems').hidden = true;
  $('report').hidden = true;
  const bytes = await file.arrayBuffer();
  worker.postMessage({ type: 'score', name: file.name, bytes, options: options() }, [bytes]);
}

function showResult({ name, validation, report }) {
  const v = validation ? JSON.parse(validation) : null;
  const problems = $('problems');
  problems.replaceChildren(...(v ? renderProblems(name, v) : []));
  problems.hidden = !v || v.diagnostics.length === 0;
  if (!report) {
    lastReport = null;
    $('report').hidden = true;
    setStatus(v ? `${name} was not scored: ${v.n_errors} error(s) below, each with its line.` :
      `${name} could not be read.`, 'bad');
    return;
  }
  lastReport = { name, text: report };
  const r = JSON.parse(report);
  const view = $('report');
  view.replaceChildren(...renderReport(r, downloadReport));
  view.hidden = false;
  showVisitorRow(name, r);
  setStatus(`${name}: scored ${r.n_scored} samples, micro-F1 ${r.micro_f1.toFixed(3)}.`, 'good');
}

function downloadReport() {
  if (!lastReport) return;
  const url = URL.createObjectURL(new Blob([lastReport.text], { type: 'application/json' }));
  const a = Object.assign(document.createElement('a'), {
    href: url, download: `${lastReport.name.replace(/\.[^.]*$/, '')}.caqa-score.json`,
  });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

loadLeaderboard();

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
