// An entry page, entry.html?slug=SLUG: the entry's meta.json as the board carries it
// (every submitted string set as text, links only when http(s)), its full score report
// on the ranked split (entries/SLUG.json, written by `caqa leaderboard publish
// --entries`), the paired tests against the entries listed above and below it, and the
// explorer opened on its public-split predictions when the submission has them.
import { downloadJson, el, renderReport } from './report.js';
import { fetchBoard } from './leaderboard.js';

const $ = (id) => document.getElementById(id);
const num = (x) => (x === null || x === undefined ? '–' : x.toFixed(3));
const safeLink = (u, text) => (u && /^https?:\/\//i.test(u) ? el('a', { href: u, rel: 'noopener noreferrer' }, text || u) : '—');

function pairRow(other, v, sign) {
  const p = v.p_randomization < 0.001 ? '< 0.001' : v.p_randomization.toFixed(3);
  const d = sign * v.difference;
  return [el('a', { href: `entry.html?slug=${encodeURIComponent(other.slug)}` }, other.evaluator),
    `${d >= 0 ? '+' : ''}${num(d)}`, `[${num(sign > 0 ? v.difference_ci.low : -v.difference_ci.high)}, ${num(sign > 0 ? v.difference_ci.high : -v.difference_ci.low)}]`,
    p, v.significant ? (sign > 0 ? 'this entry is significantly better' : 'this entry is significantly worse') : 'not significantly different'];
}

function pairs(board, i) {
  const e = board.verified[i], below = board.verified[i + 1];
  const rows = [];
  // vs_above is "the entry above minus this one"; from this entry's side the sign flips.
  if (e.vs_above) rows.push(pairRow(board.verified[i - 1], e.vs_above, -1));
  if (below && below.vs_above) rows.push(pairRow(below, below.vs_above, 1));
  if (!rows.length) return el('p', {}, 'No neighbour to compare with.');
  return el('div', { class: 'table-wrap' }, el('table', {},
    el('caption', {}, 'micro-F1 of this entry minus the neighbour\'s; paired approximate randomization test, 1000 swaps'),
    el('thead', {}, el('tr', {}, ['neighbour', 'difference', '95% CI', 'p', 'verdict'].map((h) => el('th', { scope: 'col' }, h)))),
    el('tbody', {}, rows.map((r) => el('tr', {}, r.map((c) => el('td', {}, c)))))));
}

async function main() {
  const slug = new URLSearchParams(window.location.search).get('slug') || '';
  const board = await fetchBoard();
  const i = board.verified.findIndex((e) => e.slug === slug);
  if (i < 0) {
    $('entry-status').textContent = `No verified entry is called “${slug}”. Back to the leaderboard to pick one.`;
    return;
  }
  const e = board.verified[i];
  document.title = `${e.evaluator} · caqa leaderboard`;
  $('entry-title').textContent = e.evaluator;
  $('entry-status').replaceChildren(`Rank ${e.rank} of ${board.verified.length}, micro-F1 ${num(e.micro_f1)} `,
    e.micro_f1_ci ? `[${num(e.micro_f1_ci.low)}, ${num(e.micro_f1_ci.high)}]` : '', ` on ${e.n} ranked samples · `,
    el('span', { class: `badge ${e.badge}` }, e.badge));
  const links = e.links || {};
  const rows = [['Model', e.model || '—'], ['Size', e.size || '—'], ['Setting', e.setting], ['Organisation', e.organisation || '—'],
    ['Paper', safeLink(links.paper)], ['Code', safeLink(links.code)], ['Date', e.date || '—'], ['Slug', e.slug],
    ['Benchmark version', board.benchmark.version]];
  $('meta').replaceChildren(...rows.flatMap(([k, v]) => [el('dt', {}, k), el('dd', {}, v)]));
  $('entry-description').textContent = e.description || '';
  $('pairs').replaceChildren(pairs(board, i));
  const publicPredictions = `entries/${e.slug}.public.jsonl`;
  const head = await fetch(publicPredictions, { method: 'HEAD' }).catch(() => null);
  $('explore').replaceChildren(head && head.ok
    ? el('a', { id: 'explore-link', href: `explorer.html?bench=explorer-test.jsonl&a=${encodeURIComponent(publicPredictions)}` },
      'Open its public-split predictions in the explorer')
    : 'No public-split predictions were submitted for the explorer.');
  const response = await fetch(`entries/${encodeURIComponent(e.slug)}.json`);
  if (!response.ok) {
    $('report').textContent = `The full report is missing (entries/${e.slug}.json: HTTP ${response.status}).`;
    return;
  }
  const text = await response.text();
  $('report').replaceChildren(...renderReport(JSON.parse(text), () => downloadJson(text, `${e.slug}.caqa-score.json`)));
}

main().catch((err) => { $('entry-status').textContent = `The entry could not be loaded: ${err.message}`; });
