// The leaderboard panel: draws leaderboard.json (written by `caqa leaderboard publish`)
// as Table 5 of the CAQA paper, with ranks and tie groups, sortable columns, a setting
// filter, and the visitor's own scored file as a highlighted unofficial row. The
// paper's reported rows are a separate table: they were measured on another benchmark.
// Labels, complexity columns (in Table 5's order, with their headers), ranks and the
// visitor-row rule all come from the board as written; nothing is re-derived here.
import { el } from './report.js';

const num = (x) => (x === null || x === undefined ? '–' : x.toFixed(3));
const sizeOf = (e) => (e.size ? ` (${e.size})` : '');

// The board's columns: header, title, sort key, cell.
const columnsOf = (board) => [
  // Sorting by rank keeps the board's listing (by micro-F1): a rank counts the entries that
  // beat an entry significantly, which need not grow down the list (a noisy entry may be
  // beaten by none), so the rank number alone would reorder what leaderboard.json lists.
  { id: 'rank', head: 'Rank', title: board.ranking.rule, key: (e) => (e.rank ? board.verified.indexOf(e) : Infinity),
    cell: (e) => (e.rank ? el('span', {}, String(e.rank), el('span', { class: `tie g${(e.tie_group - 1) % 6}`, title: `tie group ${e.tie_group}` }, `T${e.tie_group}`)) : '—') },
  { id: 'setting', head: 'Setting', key: (e) => e.setting, cell: (e) => e.setting },
  { id: 'evaluator', head: 'Evaluator (size)', key: (e) => e.evaluator.toLowerCase(), cell: (e) => `${e.evaluator}${sizeOf(e)}` },
  ...board.labels.map(({ name: l, header }) => ({ id: `f1-${l}`, head: header, title: `F1 of ${l}`, num: true,
    key: (e) => e.f1[l] ?? -1, cell: (e) => num(e.f1[l]) })),
  { id: 'micro', head: 'Micro-F1', title: 'Overall micro-F1 with its 95% bootstrap CI', num: true, key: (e) => e.micro_f1 ?? -1,
    cell: (e) => el('span', {}, el('strong', {}, num(e.micro_f1)), e.micro_f1_ci ? el('span', { class: 'ci' }, ` [${num(e.micro_f1_ci.low)}, ${num(e.micro_f1_ci.high)}]`) : '') },
  ...board.complexity_columns.map(({ name: l, header }) => ({ id: `c-${l}`, head: header,
    title: `micro-F1 on ${l} samples`, num: true, key: (e) => e.complexity_micro_f1[l] ?? -1, cell: (e) => num(e.complexity_micro_f1[l]) })),
  { id: 'badge', head: 'Status', key: (e) => e.badge, cell: (e) => el('span', { class: `badge ${e.badge}` }, e.badge) },
  { id: 'links', head: 'Links', key: () => 0, cell: (e) => links(e.links) },
  { id: 'date', head: 'Date', key: (e) => e.date || '', cell: (e) => e.date || '—' },
];

function links(l) {
  if (!l) return '—';
  const items = [['paper', l.paper], ['code', l.code]].filter(([, u]) => u && /^https?:\/\//.test(u));
  if (!items.length) return '—';
  return el('span', {}, items.map(([t, u], i) => [i ? ' · ' : '', el('a', { href: u, rel: 'noopener noreferrer' }, t)]));
}

const state = { board: null, columns: [], visitor: null, sort: { id: 'rank', dir: 1 }, setting: 'all' };

function rowsOf(entries) {
  const col = state.columns.find((c) => c.id === state.sort.id);
  const sorted = entries.filter((e) => state.setting === 'all' || e.setting === state.setting || e.unofficial);
  // Stable sort; the listing order (by micro-F1) breaks ties.
  return sorted.map((e, i) => [e, i]).sort(([a, i], [b, j]) => {
    const x = col.key(a), y = col.key(b);
    if (x < y) return -state.sort.dir;
    if (x > y) return state.sort.dir;
    return i - j;
  }).map(([e]) => e);
}

function drawTable(table, entries, columns, sortable) {
  const head = el('tr', {}, columns.map((c) => {
    const active = sortable && state.sort.id === c.id;
    const th = el('th', { scope: 'col', class: c.num ? 'num' : '', title: c.title || c.head,
      'aria-sort': active ? (state.sort.dir > 0 ? 'ascending' : 'descending') : 'none' },
    sortable ? el('button', { type: 'button', class: 'sort', 'data-col': c.id, onclick: () => {
      state.sort = { id: c.id, dir: state.sort.id === c.id ? -state.sort.dir : (c.num ? -1 : 1) };
      render();
    } }, c.head, active ? (state.sort.dir > 0 ? ' ▲' : ' ▼') : '') : c.head);
    return th;
  }));
  const body = entries.map((e) => el('tr', { class: [e.unofficial ? 'visitor' : '', e.badge].join(' ').trim(), 'data-slug': e.slug || '' },
    columns.map((c) => el('td', { class: c.num ? 'num' : '', 'data-label': c.head }, c.cell(e)))));
  table.replaceChildren(el('thead', {}, head), el('tbody', {}, body));
}

function render() {
  const b = state.board;
  if (!b) return;
  const sortSelect = document.getElementById('lb-sort');
  if (sortSelect) sortSelect.value = state.sort.id;
  const entries = [...b.verified];
  if (state.visitor) entries.push(visitorRow(b, state.visitor));
  drawTable(document.getElementById('lb-table'), rowsOf(entries), state.columns, true);
  const reported = b.reported.entries.filter((e) => state.setting === 'all' || e.setting === state.setting)
    .map((e) => ({ ...e, badge: 'reported' }));
  drawTable(document.getElementById('lb-reported'), reported, state.columns.filter((c) => !['rank', 'links', 'date'].includes(c.id)), false);
}

// A value of a score report at a path of the board's visitor_row rule, e.g.
// "per_label.<label>.f1" with { label: 'supportive' }.
const at = (report, path, names = {}) => path.replace(/<(\w+)>/g, (_, k) => names[k]).split('.')
  .reduce((v, k) => (v === null || v === undefined ? null : v[k]), report) ?? null;

// The visitor's score report (caqa score --json) as an unofficial row, never ranked.
function visitorRow(b, { name, report }) {
  const rule = b.visitor_row, from = rule.from_score_report;
  return {
    unofficial: true, slug: 'visitor', rank: null, tie_group: null, setting: rule.setting, evaluator: `${name} (yours, unofficial)`,
    size: null, badge: rule.badge, links: null, date: null,
    f1: Object.fromEntries(b.labels.map(({ name: label }) => [label, at(report, from.f1, { label })])),
    micro_f1: at(report, from.micro_f1), micro_f1_ci: at(report, from.micro_f1_ci),
    complexity_micro_f1: Object.fromEntries(b.complexity_columns.map(({ name: level }) => [level, at(report, from.complexity_micro_f1, { level })])),
  };
}

export function showVisitorRow(name, report) {
  state.visitor = { name, report };
  render();
}

export async function loadLeaderboard() {
  const info = document.getElementById('lb-info');
  try {
    const response = await fetch('leaderboard.json');
    if (!response.ok) throw new Error(`leaderboard.json: HTTP ${response.status}`);
    state.board = await response.json();
  } catch (e) {
    info.textContent = `The leaderboard could not be loaded: ${e.message}`;
    return;
  }
  const b = state.board;
  state.columns = columnsOf(b);
  info.replaceChildren(
    `Every verified row is rescored from its predictions by caqa ${b.caqa_version} on the default benchmark's test split (${b.benchmark.n} samples, `,
    el('span', { title: b.benchmark.gold_sha256 }, `version ${b.benchmark.version.slice(0, 12)}…`),
    '). ', `Ranking: ${b.ranking.rule}. T1, T2… mark tie groups. `,
    el('code', { class: 'signature' }, b.signature));
  const select = document.getElementById('lb-setting');
  const settings = [...new Set([...b.verified, ...b.reported.entries].map((e) => e.setting))];
  select.replaceChildren(el('option', { value: 'all' }, 'all settings'), ...settings.map((s) => el('option', { value: s }, s)));
  select.addEventListener('change', () => { state.setting = select.value; render(); });
  const sortSelect = document.getElementById('lb-sort');
  sortSelect.replaceChildren(...state.columns.filter((c) => c.id !== 'links').map((c) => el('option', { value: c.id }, c.head)));
  sortSelect.addEventListener('change', () => {
    const c = state.columns.find((x) => x.id === sortSelect.value);
    state.sort = { id: c.id, dir: c.num ? -1 : 1 };
    render();
  });
  document.getElementById('lb-reported-flag').textContent = `${b.reported.flag}: ${b.reported.source.table}, ${b.reported.source.paper}.`;
  render();
}
