// The leaderboard panel: draws leaderboard.json (written by `caqa leaderboard publish`)
// as Table 5 of the CAQA paper, with ranks and the paired test against the row above,
// sortable columns, a setting filter, a search box, and the visitor's own scored file as
// a highlighted unofficial row. The paper's reported rows are a separate table: they
// were measured on another benchmark. Labels, complexity columns (in Table 5's order,
// with their headers), ranks and the visitor-row rule all come from the board as
// written; nothing is re-derived here. Plots: plots.js.
import { el } from './report.js';
import { drawCompare, drawMicroCi } from './plots.js';

const num = (x) => (x === null || x === undefined ? '–' : x.toFixed(3));
const sizeOf = (e) => (e.size ? ` (${e.size})` : '');
export const entryHref = (slug) => `entry.html?slug=${encodeURIComponent(slug)}`;

// "≈ above" when the entry above does not beat this one significantly, so that a run of
// such rows reads as a chain of pairwise ties, never as one group that all tie.
function vsAbove(e) {
  const v = e.vs_above;
  if (!v) return '';
  const p = v.p_randomization < 0.001 ? '< 0.001' : `= ${v.p_randomization.toFixed(3)}`;
  return v.significant
    ? el('span', { class: 'vs below', title: `significantly below ${v.slug} (paired randomization p ${p})` }, `< above, p ${p}`)
    : el('span', { class: 'vs tie', title: `not significantly different from ${v.slug} (p ${p}${v.cis_overlap ? ', CIs overlap' : ''})` }, `≈ above, p ${p}`);
}

function evaluatorCell(e) {
  const name = e.unofficial ? `${e.evaluator}` : el('a', { href: entryHref(e.slug) }, `${e.evaluator}${sizeOf(e)}`);
  return el('span', { class: 'evaluator' }, name, el('span', { class: 'setting' }, e.setting));
}

// The board's columns: header, title, sort key, cell; `phone`: kept on a phone.
const columnsOf = (board) => [
  // Sorting by rank keeps the board's listing (by micro-F1): a rank counts the entries that
  // beat an entry significantly, which need not grow down the list (a noisy entry may be
  // beaten by none), so the rank number alone would reorder what leaderboard.json lists.
  { id: 'rank', head: 'Rank', title: board.ranking.rule, phone: true, key: (e) => (e.rank ? board.verified.indexOf(e) : Infinity),
    cell: (e) => (e.rank ? el('span', { class: 'rank' }, String(e.rank), vsAbove(e)) : '—') },
  { id: 'evaluator', head: 'Evaluator (size), setting', phone: true, key: (e) => e.evaluator.toLowerCase(), cell: evaluatorCell },
  ...board.labels.map(({ name: l, header }) => ({ id: `f1-${l}`, head: header, title: `F1 of ${l}`, num: true,
    key: (e) => e.f1[l] ?? -1, cell: (e) => num(e.f1[l]) })),
  { id: 'micro', head: 'Micro-F1 [95% CI]', title: 'Overall micro-F1 with its 95% bootstrap CI', num: true, phone: true,
    key: (e) => e.micro_f1 ?? -1,
    cell: (e) => el('span', {}, el('strong', {}, num(e.micro_f1)), e.micro_f1_ci ? el('span', { class: 'ci' }, `[${num(e.micro_f1_ci.low)}, ${num(e.micro_f1_ci.high)}]`) : '') },
  { id: 'macro', head: 'Macro-F1', title: 'Mean of the four labels\' F1', num: true, key: (e) => e.macro_f1 ?? -1, cell: (e) => num(e.macro_f1) },
  ...board.complexity_columns.map(({ name: l, header }) => ({ id: `c-${l}`, head: header,
    title: `micro-F1 on ${l} samples`, num: true, key: (e) => e.complexity_micro_f1[l] ?? -1, cell: (e) => num(e.complexity_micro_f1[l]) })),
  // Only when an entry submitted sub-fact judgments (caqa factscore, docs/factscore.md).
  ...(board.verified.some((e) => e.factscore) ? [{ id: 'factscore', head: 'FActScore gap',
    title: 'Partially supportive samples: |mean FActScore of the entry\'s sub-fact judgments - the gold\'s| with its 95% bootstrap CI (CAQA Table 6\'s Hum-Gap, against the graph\'s gold); lower is better',
    num: true, key: (e) => (e.factscore ? -e.factscore.gap : -Infinity),
    cell: (e) => (e.factscore ? el('span', { title: `FActScore ${num(e.factscore.factscore)} vs gold ${num(e.factscore.gold_factscore)} on ${e.factscore.n} samples` },
      num(e.factscore.gap), el('span', { class: 'ci' }, `[${num(e.factscore.gap_ci.low)}, ${num(e.factscore.gap_ci.high)}]`)) : '–') }] : []),
  { id: 'badge', head: 'Status', key: (e) => e.badge, cell: (e) => el('span', { class: `badge ${e.badge}` }, e.badge) },
  { id: 'date', head: 'Date', key: (e) => e.date || '', cell: (e) => e.date || '—' },
  { id: 'compare', head: 'Plot', title: 'Show this entry in the per-label and per-complexity plots', key: () => 0,
    cell: (e) => el('input', { type: 'checkbox', class: 'compare', 'aria-label': `plot ${e.evaluator}`, 'data-slug': e.slug,
      ...(state.compare.has(e.slug) ? { checked: '' } : {}),
      onchange: (ev) => { if (ev.target.checked) state.compare.add(e.slug); else state.compare.delete(e.slug); drawPlots(); } }) },
];

const state = { board: null, columns: [], visitor: null, sort: { id: 'rank', dir: 1 }, setting: 'all', query: '', compare: new Set() };

const matches = (e) => (state.setting === 'all' || e.setting === state.setting || e.unofficial) &&
  (!state.query || `${e.evaluator} ${e.model || ''} ${e.organisation || ''} ${e.slug || ''}`.toLowerCase().includes(state.query));

function rowsOf(entries) {
  const col = state.columns.find((c) => c.id === state.sort.id);
  // Stable sort; the listing order (by micro-F1) breaks ties.
  return entries.filter(matches).map((e, i) => [e, i]).sort(([a, i], [b, j]) => {
    const x = col.key(a), y = col.key(b);
    if (x < y) return -state.sort.dir;
    if (x > y) return state.sort.dir;
    return i - j;
  }).map(([e]) => e);
}

function drawTable(table, entries, columns, sortable, empty) {
  // The caption is part of the table: keep it when the rows are redrawn.
  const caption = table.querySelector('caption');
  const head = el('tr', {}, columns.map((c) => {
    const active = sortable && state.sort.id === c.id;
    return el('th', { scope: 'col', class: `${c.num ? 'num' : ''} ${c.phone ? '' : 'wide'}`.trim(), title: c.title || c.head,
      'aria-sort': active ? (state.sort.dir > 0 ? 'ascending' : 'descending') : 'none' },
    sortable && c.id !== 'compare' ? el('button', { type: 'button', class: 'sort', 'data-col': c.id, onclick: () => {
      state.sort = { id: c.id, dir: state.sort.id === c.id ? -state.sort.dir : (c.num ? -1 : 1) };
      render();
    } }, c.head, active ? (state.sort.dir > 0 ? ' ▲' : ' ▼') : '') : c.head);
  }));
  const phone = () => window.matchMedia('(max-width: 40rem)').matches;
  const body = entries.map((e) => el('tr', { class: [e.unofficial ? 'visitor' : '', e.badge].join(' ').trim(), 'data-slug': e.slug || '',
    ...(sortable && !e.unofficial ? { 'data-href': entryHref(e.slug), onclick: (ev) => {
      if (phone() && !ev.target.closest('a, input, button')) window.location.href = entryHref(e.slug);
    } } : {}) },
  columns.map((c) => el('td', { class: `${c.num ? 'num' : ''} ${c.phone ? '' : 'wide'}`.trim(), 'data-label': c.head }, c.cell(e)))));
  if (!entries.length && empty) body.push(el('tr', { class: 'empty' }, el('td', { colspan: String(columns.length) }, empty)));
  table.replaceChildren(...(caption ? [caption] : []), el('thead', {}, head), el('tbody', {}, body));
}

function visibleEntries() {
  const entries = [...state.board.verified];
  if (state.visitor) entries.push(visitorRow(state.board, state.visitor));
  return entries;
}

function drawPlots() {
  const b = state.board;
  const all = visibleEntries();
  drawMicroCi(document.getElementById('plot-ci'), b.verified.filter(matches));
  drawCompare(document.getElementById('plot-labels'), document.getElementById('plot-levels'), b,
    all.filter((e) => state.compare.has(e.slug)));
}

function render() {
  const b = state.board;
  if (!b) return;
  const sortSelect = document.getElementById('lb-sort');
  if (sortSelect) sortSelect.value = state.sort.id;
  const query = state.query ? ` matching “${state.query}”` : '';
  drawTable(document.getElementById('lb-table'), rowsOf(visibleEntries()), state.columns, true,
    `No entry${state.setting === 'all' ? '' : ` with setting ${state.setting}`}${query}. Clear the search or choose all settings.`);
  const reported = b.reported.entries.filter(matches).map((e) => ({ ...e, badge: 'reported' }));
  drawTable(document.getElementById('lb-reported'), reported,
    state.columns.filter((c) => !['rank', 'date', 'compare', 'macro'].includes(c.id))
      .map((c) => (c.id === 'evaluator' ? { ...c, cell: (e) => el('span', { class: 'evaluator' }, `${e.evaluator}${sizeOf(e)}`, el('span', { class: 'setting' }, e.setting)) } : c)),
    false, 'No reported row matches.');
  if (b.reported_factscore) drawTable(document.getElementById('lb-factscore'), b.reported_factscore.entries.filter(matches),
    [{ id: 'evaluator', head: 'Evaluator (size), setting', cell: (e) => el('span', { class: 'evaluator' }, `${e.evaluator}${sizeOf(e)}`, el('span', { class: 'setting' }, e.setting)) },
      { id: 'fs', head: 'FActScore', num: true, cell: (e) => num(e.factscore) },
      { id: 'gap', head: 'Hum-Gap', num: true, cell: (e) => num(e.hum_gap) }], false, 'No reported row matches.');
  drawPlots();
}

// A value of a score report at a path of the board's visitor_row rule, e.g.
// "per_label.<label>.f1" with { label: 'supportive' }.
const at = (report, path, names = {}) => path.replace(/<(\w+)>/g, (_, k) => names[k]).split('.')
  .reduce((v, k) => (v === null || v === undefined ? null : v[k]), report) ?? null;

// The visitor's score report (caqa score --json) as an unofficial row, never ranked.
function visitorRow(b, { name, report }) {
  const rule = b.visitor_row, from = rule.from_score_report;
  return {
    unofficial: true, slug: 'visitor', rank: null, tie_group: null, setting: `${rule.setting}, public split`, evaluator: `${name} (yours, unofficial)`,
    size: null, badge: rule.badge, links: null, date: null, macro_f1: report.macro_f1 ?? null,
    f1: Object.fromEntries(b.labels.map(({ name: label }) => [label, at(report, from.f1, { label })])),
    micro_f1: at(report, from.micro_f1), micro_f1_ci: at(report, from.micro_f1_ci),
    complexity_micro_f1: Object.fromEntries(b.complexity_columns.map(({ name: level }) => [level, at(report, from.complexity_micro_f1, { level })])),
  };
}

// report null: the visitor's row goes (a rejected or unscorable file).
export function showVisitorRow(name, report) {
  state.visitor = report ? { name, report } : null;
  if (report) state.compare.add('visitor'); else state.compare.delete('visitor');
  render();
}

export async function fetchBoard() {
  const response = await fetch('leaderboard.json');
  if (!response.ok) throw new Error(`leaderboard.json: HTTP ${response.status}`);
  return response.json();
}

export async function loadLeaderboard() {
  const info = document.getElementById('lb-info');
  try {
    state.board = await fetchBoard();
  } catch (e) {
    info.textContent = `The leaderboard could not be loaded: ${e.message}`;
    return;
  }
  const b = state.board;
  state.columns = columnsOf(b);
  // The three best verified (non-baseline) entries are plotted until the visitor picks others.
  b.verified.filter((e) => e.badge === 'verified').slice(0, 3).forEach((e) => state.compare.add(e.slug));
  info.replaceChildren(
    `Every verified row is rescored from its predictions by caqa ${b.caqa_version} on the ranked split of the default benchmark's test split (${b.benchmark.n} samples whose labels are sealed; `,
    el('span', { title: b.benchmark.gold_sha256 }, `version ${b.benchmark.version.slice(0, 12)}…`),
    '). ', `Ranking: ${b.ranking.rule}. “≈ above” marks a row the row above does not beat significantly; equal rank numbers are ties. `,
    el('code', { class: 'signature' }, b.signature));
  const select = document.getElementById('lb-setting');
  const settings = [...new Set([...b.verified, ...b.reported.entries].map((e) => e.setting))];
  select.replaceChildren(el('option', { value: 'all' }, 'all settings'), ...settings.map((s) => el('option', { value: s }, s)));
  select.addEventListener('change', () => { state.setting = select.value; render(); });
  const search = document.getElementById('lb-search');
  search.addEventListener('input', () => { state.query = search.value.trim().toLowerCase(); render(); });
  const sortSelect = document.getElementById('lb-sort');
  sortSelect.replaceChildren(...state.columns.filter((c) => c.id !== 'compare').map((c) => el('option', { value: c.id }, c.head)));
  sortSelect.addEventListener('change', () => {
    const c = state.columns.find((x) => x.id === sortSelect.value);
    state.sort = { id: c.id, dir: c.num ? -1 : 1 };
    render();
  });
  document.getElementById('lb-reported-flag').textContent = `${b.reported.flag}: ${b.reported.source.table}, ${b.reported.source.paper}.`;
  if (b.reported_factscore) {
    document.getElementById('lb-factscore-wrap').hidden = false;
    document.getElementById('lb-factscore-flag').textContent = `${b.reported_factscore.flag}: ${b.reported_factscore.source.table} ${b.reported_factscore.source.paper}.`;
  }
  render();
}
