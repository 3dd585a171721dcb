// Draws caqa's JSON reports (validate and score) as DOM nodes; no state, no I/O.
// Classes come from the report (its label scheme), levels and measures from vocab.js,
// which the build generates from the core's registries.
import { LEVELS, MEASURES } from './vocab.js';

export function el(tag, attrs = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (k === 'class') node.className = v;
    else if (k.startsWith('on')) node.addEventListener(k.slice(2), v);
    else node.setAttribute(k, v);
  }
  node.append(...children.flat(Infinity).map((c) => (c instanceof Node ? c : String(c))));
  return node;
}

// Saves text as a local file (a blob URL: nothing is sent anywhere).
export function downloadJson(text, filename) {
  const url = URL.createObjectURL(new Blob([text], { type: 'application/json' }));
  const a = Object.assign(document.createElement('a'), { href: url, download: filename });
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

// Undefined metrics are null in the JSON and a dash on screen, as in the CLI's tables.
const num = (x, digits = 3) => (x === null || x === undefined ? '–' : x.toFixed(digits));
const ci = (interval) => (interval ? `[${num(interval.low)}, ${num(interval.high)}]` : '');

function table(caption, head, rows, cls = '') {
  return el('div', { class: 'table-wrap' },
    el('table', { class: cls },
      el('caption', {}, caption),
      el('thead', {}, el('tr', {}, head.map((h) => el('th', { scope: 'col' }, h)))),
      el('tbody', {}, rows.map((row) => el('tr', {}, row.map((c, i) => (i === 0 ? el('th', { scope: 'row' }, c) : el('td', {}, c))))))));
}

// The core's hints name the command line's flags; on this page they are options and files.
const PAGE_WORDS = [
  [/score with --dup first\|last/g, 'choose "keep first" or "keep last" under Options, Repeated ids'],
  [/unless you pass --ignore-missing/g, 'unless you tick "ignore missing predictions" under Options'],
  [/--ignore-missing/g, '"ignore missing predictions" (Options)'],
  [/the predictions and --gold are the same benchmark split/g, 'your file predicts this page\'s split (the public split, gold.jsonl, or the ranked split, ranked-inputs.jsonl)'],
  [/none of these ids are in this split \(--split\?\)/g, 'none of your ids are in this split'],
  [/ \(--max-line-bytes\)/g, ''],
  [/--extract strict/g, 'Label reading "strict" (Options)'],
  [/ ?\(--scheme [^)]*\)/g, ''],
  [/raise --max-line-bytes if such long (records|lines) are intended/g, 'keep each line under the limit'],
];
export const inPageWords = (hint) => PAGE_WORDS.reduce((h, [re, words]) => h.replace(re, words), hint);

// One list item per diagnostic: "line 3, column 49: error[malformed_json] ..." with its hint.
// At most SHOWN_PROBLEMS items: a file of another split names thousands of unknown ids.
const SHOWN_PROBLEMS = 50;

export function renderProblems(name, v) {
  const items = v.diagnostics.slice(0, SHOWN_PROBLEMS).map((d) => el('li', { class: d.severity },
    el('span', { class: 'where' }, d.line ? `${name}:${d.line}${d.column ? `:${d.column}` : ''}` : name), ' ',
    el('span', { class: 'code' }, `${d.severity}[${d.code}]`), ': ', inPageWords(d.message),
    d.hint ? el('div', { class: 'hint' }, `hint: ${inPageWords(d.hint)}`) : ''));
  const rest = v.diagnostics.length - items.length;
  return [
    el('h3', {}, `${v.n_errors} error(s), ${v.n_warnings} warning(s) in ${name}`),
    el('ol', { class: 'diagnostics' }, items),
    rest > 0 ? el('p', { class: 'notes' }, `… and ${rest} more, not listed.`) : '',
  ];
}

export function renderReport(r, onDownload) {
  const c = r.counts;
  const level = `${+((r.options.bootstrap?.level ?? 0.95) * 100).toPrecision(4)}% CI`;
  const measures = MEASURES.filter((m) => m.name !== 'accuracy').map((m, i) => el('div', { title: m.definition },
    el('dt', {}, m.title), el('dd', { id: m.name.replace('_', '-') }, num(r[m.name])),
    m.interval ? el('dd', { class: 'ci' }, `${i === 0 ? `${level} ` : ''}${ci(r[`${m.name}_ci`]) || (i === 0 ? 'off' : '')}`) : ''));
  const summary = el('dl', { class: 'summary' }, measures,
    el('div', {}, el('dt', {}, 'coverage'), el('dd', {}, `${(r.coverage * 100).toFixed(1)}%`),
      el('dd', { class: 'ci' }, `${c.n_matched}/${c.n_gold} predicted`)));
  const notes = [];
  if (c.n_missing) notes.push(`${c.n_missing} missing prediction(s) ${r.options.missing === 'wrong' ? 'scored as wrong' : 'left out'}`);
  if (c.n_invalid_label) notes.push(`${c.n_invalid_label} invalid label(s) scored as wrong`);
  if (c.n_unparseable) notes.push(`${c.n_unparseable} unparseable response(s) scored as wrong`);
  if (c.n_extra_lines) notes.push(`${c.n_extra_lines} line(s) with ids not in gold ignored`);
  const perLabel = table('Per label', ['label', 'precision', 'recall', 'F1', level, 'support'],
    r.confusion_matrix.labels.map((l) => {
      const p = r.per_label[l];
      return [l, num(p.precision), num(p.recall), num(p.f1), ci(p.f1_ci), p.support];
    }));
  // per_complexity is null for a benchmark without complexity levels (issue 15).
  const perLevel = r.per_complexity === null
    ? el('p', { class: 'notes' }, 'micro-F1 per complexity: not in this benchmark.')
    : table('micro-F1 per complexity', ['complexity', 'n', 'micro-F1', level],
      // The registry's order; a later level only where the report has it (the paper's four always).
      LEVELS.filter(({ name }) => r.per_complexity[name]).map(({ name }) => {
        const p = r.per_complexity[name];
        return [name, p.n, num(p.micro_f1), ci(p.micro_f1_ci)];
      }));
  const m = r.confusion_matrix;
  const confusion = table('Confusion matrix (rows: gold, columns: predicted)', ['gold \\ predicted', ...m.columns],
    m.labels.map((l, i) => [l, ...m.rows_gold_cols_pred[i]]), 'confusion');
  return [
    el('h3', {}, `Report for ${r.prediction}`),
    summary,
    notes.length ? el('p', { class: 'notes' }, `Note: ${notes.join('; ')}.`) : '',
    perLabel, perLevel, confusion,
    el('p', { class: 'signature' }, el('code', {}, r.signature)),
    el('button', { type: 'button', id: 'download', onclick: onDownload }, 'Download the JSON report'),
  ];
}
