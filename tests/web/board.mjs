// The leaderboard as a visitor sees it (issue 18), in headless Chromium on a copy of
// dist/ with one hostile entry added to leaderboard.json (HTML and script in every string,
// a javascript: link), as if a submission had slipped past check:
//  - 1400x900 and 1280x800: every column of Table 5 visible, no horizontal scroll;
//  - 390x844: rank, evaluator and micro-F1 only, no horizontal scroll, a tap opens the entry;
//  - plots: one CI bar and one point per verified entry, one bar per selected entry and label;
//  - search with no match shows the empty state;
//  - an entry page per verified entry (meta, report, neighbours, explorer link where the
//    public predictions exist); the hostile strings appear as text, no script runs, no
//    javascript: link;
//  - leaderboard.csv = leaderboard.json;
//  - the visitor flows: a zero-match file is an error with the page's words, a rejected
//    file removes the previous visitor row, a ranked-split file is validated without labels.
// Screenshots under build/web-board/.
//   bash scripts/build_site.sh && node tests/web/board.mjs
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import assert from 'node:assert/strict';
import { launchChromium, serve } from './harness.mjs';

// One CSV line's fields (RFC 4180 quoting: an evaluator's name may hold a comma).
function csvFields(line) {
  const out = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < line.length; ++i) {
    const c = line[i];
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') { field += '"'; ++i; } else if (c === '"') quoted = false; else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { out.push(field); field = ''; } else field += c;
  }
  out.push(field);
  return out;
}

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const native = path.resolve(root, process.env.CAQA_NATIVE || 'build/native/caqa');
const shots = path.join(root, 'build', 'web-board');
fs.mkdirSync(shots, { recursive: true });

const site = fs.mkdtempSync(path.join(os.tmpdir(), 'caqa-board-'));
fs.cpSync(path.join(root, 'dist'), site, { recursive: true });
const board = JSON.parse(fs.readFileSync(path.join(site, 'leaderboard.json'), 'utf8'));
const XSS = '<img src=x onerror="window.__pwned=1"><script>window.__pwned=1</script>';
const cloned = board.verified[board.verified.length - 1];
const hostile = { ...cloned, slug: 'hostile', evaluator: `Hostile ${XSS}`, model: XSS, size: XSS,
  organisation: XSS, description: `${XSS} javascript:window.__pwned=1`, links: { paper: 'javascript:window.__pwned=1', code: `https://example.org/${XSS}` },
  rank: board.verified.length + 1, vs_above: null };
board.verified.push(hostile);
fs.writeFileSync(path.join(site, 'leaderboard.json'), JSON.stringify(board));
fs.copyFileSync(path.join(site, 'entries', `${cloned.slug}.json`), path.join(site, 'entries', 'hostile.json'));

// Visitor files: the public split's ids (scored), the ranked split's (validated), none.
const ids = (file) => fs.readFileSync(path.join(site, file), 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l).id);
const pub = ids('gold.jsonl'), ranked = ids('ranked-inputs.jsonl');
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'caqa-board-files-'));
const write = (name, lines) => { const p = path.join(work, name); fs.writeFileSync(p, lines.map((l) => `${JSON.stringify(l)}\n`).join('')); return p; };
const files = {
  public: write('public_supportive.jsonl', pub.map((id) => ({ id, label: 'supportive' }))),
  ranked: write('ranked_supportive.jsonl', ranked.map((id) => ({ id, label: 'supportive' }))),
  rankedPartial: write('ranked_partial.jsonl', ranked.slice(0, 100).map((id) => ({ id, label: 'supportive' }))),
  nomatch: write('other_split.jsonl', [...Array(40).keys()].map((i) => ({ id: `x${i}`, label: 'supportive' }))),
  dup: write('dup.jsonl', [{ id: pub[0], label: 'supportive' }, { id: pub[0], label: 'irrelevant' }]),
};

const { server, base } = await serve(native, site);
const browser = await launchChromium();
let failed = false;
const shot = async (page, name, full = false) => page.screenshot({ path: path.join(shots, `${name}.png`), fullPage: full });
const verified = board.verified.length;

async function open(viewport) {
  const page = await browser.newPage({ viewport });
  page.on('pageerror', (e) => console.log(`pageerror: ${e.message}`));
  page.on('dialog', () => { throw new Error('a dialog opened: submitted text ran as script'); });
  await page.goto(base);
  await page.waitForSelector('#lb-table tbody tr', { timeout: 20000 });
  await page.locator('#status', { hasText: /^Ready/ }).waitFor({ timeout: 20000 });
  return page;
}

// After a resize the charts follow on their ResizeObserver's next frames: wait until the
// page is as wide as the window (or 3 s), then measure.
async function resize(page, viewport) {
  await page.setViewportSize(viewport);
  for (let i = 0; i < 60 && await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth); ++i) await page.waitForTimeout(50);
}

const noSideScroll = (page) => page.evaluate(() => [document.documentElement.scrollWidth, window.innerWidth,
  ...[...document.querySelectorAll('.table-wrap')].map((w) => w.scrollWidth - w.clientWidth)]);

async function upload(page, file, status) {
  await page.setInputFiles('#file-input', file);
  await page.locator('#status', { hasText: status }).waitFor({ timeout: 20000 });
  return page.textContent('#status');
}

try {
  // One page for every viewport: the scorer starts once.
  const page = await open({ width: 1400, height: 900 });
  for (const [label, viewport] of [['1400', { width: 1400, height: 900 }], ['1280', { width: 1280, height: 800 }]]) {
    await resize(page, viewport);
    const [doc, win, ...wraps] = await noSideScroll(page);
    assert.ok(doc <= win, `${label}: the page scrolls sideways (${doc} > ${win})`);
    assert.ok(wraps[0] <= 0, `${label}: the board scrolls sideways by ${wraps[0]} px`);
    const heads = await page.$$eval('#lb-table thead th', (ths) => ths.filter((th) => {
      const r = th.getBoundingClientRect();
      return r.width > 0 && r.right <= window.innerWidth;
    }).map((th) => th.textContent));
    for (const want of ['Rank', ...board.labels.map((l) => l.header), 'Micro-F1', 'Macro-F1', ...board.complexity_columns.map((c) => c.header), 'Status', 'Date'])
      assert.ok(heads.some((h) => h.startsWith(want)), `${label}: column ${want} visible: ${heads}`);
    await page.locator('#leaderboard').screenshot({ path: path.join(shots, `board-${label}.png`) });
    console.log(`ok: ${label}x${viewport.height}: ${heads.length} columns visible, no horizontal scroll`);
  }

  // Plots, search, empty state and the visitor flows at 1280x800.
  const marks = await page.evaluate(() => ['plot-ci', 'plot-labels', 'plot-levels'].map((id) => {
    const chart = window.Chart.getChart(document.getElementById(id));
    return chart ? chart.data.datasets.map((d, i) => chart.getDatasetMeta(i).data.length) : null;
  }));
  assert.deepEqual(marks[0], [verified, verified], `CI plot: a bar and a point per verified entry: ${marks[0]}`);
  const picked = await page.$$eval('#lb-table input.compare:checked', (c) => c.length);
  assert.ok(picked > 0, 'some entries are ticked for the comparison plots');
  assert.deepEqual(marks[1], Array(picked).fill(board.labels.length), `per-label plot: ${marks[1]}`);
  assert.deepEqual(marks[2], Array(picked).fill(board.complexity_columns.length), `per-complexity plot: ${marks[2]}`);
  await page.locator('#plot-ci-wrap').scrollIntoViewIfNeeded();
  await shot(page, 'plots', true);
  console.log(`ok: plots: ${marks[0][0]} CI bars + points, ${picked} entries x ${board.labels.length} labels / ${board.complexity_columns.length} levels`);

  await page.fill('#lb-search', 'no evaluator is called this');
  await page.waitForSelector('#lb-table tr.empty');
  assert.match(await page.textContent('#lb-table tr.empty'), /^No entry matching/);
  await page.locator('#leaderboard').screenshot({ path: path.join(shots, 'empty-state.png') });
  await page.fill('#lb-search', 'lexical');
  assert.equal(await page.$$eval('#lb-table tbody tr', (trs) => trs.length), 1, 'search finds the lexical entry');
  await page.fill('#lb-search', '');

  // The element builder flattened one level only: links showed as ",https://...".
  const flat = await page.evaluate(async () => {
    const { el } = await import('./report.js');
    const n = el('span', {}, [['paper ', el('a', { href: 'https://example.org/' }, 'link')]]);
    return [n.textContent, n.querySelectorAll('a').length];
  });
  assert.deepEqual(flat, ['paper link', 1], 'nested children become nodes, not ",https://..." text');
  const caption = await page.textContent('#lb-table caption');
  assert.match(caption, /^Verified: rescored/, 'the caption survives the redraw');
  const hostileRow = page.locator('#lb-table tr[data-slug="hostile"]');
  assert.ok((await hostileRow.textContent()).includes('<script>'), 'hostile evaluator shown as text');

  const scored = await upload(page, files.public, /scored/);
  assert.match(scored, /scored 915 samples|scored \d+ samples/);
  await page.waitForSelector('#lb-table tr.visitor');
  const plotted = await page.evaluate(() => window.Chart.getChart(document.getElementById('plot-labels')).data.datasets.length);
  assert.equal(plotted, picked + 1, 'the visitor\'s file joins the comparison plots');
  await shot(page, 'visitor-scored', true);
  // A rejected file removes the previous visitor row.
  const rejected = await upload(page, files.dup, /not scored/);
  assert.ok(await page.locator('#lb-table tr.visitor').count() === 0, `visitor row left after a rejected file: ${rejected}`);
  const hints = await page.$$eval('#problems .hint', (h) => h.map((x) => x.textContent));
  assert.ok(hints.length && hints.every((h) => !/--\w/.test(h)), `hints name command-line flags: ${hints}`);
  assert.ok(hints.some((h) => h.includes('Repeated ids')), `the hint names the page's option: ${hints}`);
  await shot(page, 'rejected', true);
  // Zero matching ids: an error, not a 0.000 row.
  await upload(page, files.public, /scored/);
  const zero = await upload(page, files.nomatch, /not scored/);
  assert.match(zero, /none of your ids are in this split/);
  assert.equal(await page.locator('#lb-table tr.visitor').count(), 0, 'no visitor row for a zero-match file');
  assert.ok(await page.isHidden('#report'), 'no report for a zero-match file');
  await shot(page, 'zero-match', true);
  // A ranked-split file: validated against the ranked ids, no labels, not scored.
  const valid = await upload(page, files.ranked, /valid ranked-split file/);
  assert.match(valid, new RegExp(`all ${ranked.length} samples predicted`));
  assert.ok(await page.isHidden('#report'), 'a ranked-split file is not scored');
  await shot(page, 'ranked-valid', true);
  const partial = await upload(page, files.rankedPartial, /ranked samples/);
  assert.match(partial, new RegExp(`predicts 100 of the ${ranked.length} ranked samples`));
  await shot(page, 'ranked-partial', true);
  console.log('ok: visitor flows: scored row, rejected file removes it (hints in the page\'s words), zero match is an error, ranked file validated without labels');
  assert.equal(await page.evaluate(() => window.__pwned), undefined, 'hostile text ran as script');

  // Phone: rank, evaluator and micro-F1; a tap opens the entry.
  const phone = page;
  await resize(phone, { width: 390, height: 844 });
  const [doc, win, wrap] = await noSideScroll(phone);
  assert.ok(doc <= win && wrap <= 0, `phone: sideways scroll (${doc} > ${win}, board ${wrap})`);
  const shown = await phone.$$eval('#lb-table tbody tr:first-child td', (tds) => tds.filter((td) => td.getBoundingClientRect().width > 0).length);
  assert.equal(shown, 3, `phone: ${shown} cells per row, expected rank, evaluator, micro-F1`);
  await phone.locator('#leaderboard').screenshot({ path: path.join(shots, 'phone-board.png') });
  await phone.click('#lb-table tbody tr:first-child td.num:not(.wide)');
  await phone.waitForURL(/entry\.html\?slug=/);
  await phone.waitForSelector('#report h3', { timeout: 20000 });
  await shot(phone, 'phone-entry', true);
  console.log('ok: phone: 3 cells per row, no sideways scroll, a tap opened the entry');

  // An entry page per verified entry.
  const entryPage = page;
  await resize(entryPage, { width: 1280, height: 800 });
  for (const [i, e] of board.verified.entries()) {
    await entryPage.goto(`${base}entry.html?slug=${encodeURIComponent(e.slug)}`);
    await entryPage.waitForSelector('#report h3', { timeout: 20000 });
    assert.equal(await entryPage.textContent('#entry-title'), e.evaluator);
    const microShown = await entryPage.textContent('#micro-f1');
    assert.equal(microShown, e.micro_f1.toFixed(3), `${e.slug}: report micro-F1 ${microShown}`);
    const pairs = await entryPage.$$eval('#pairs tbody tr', (trs) => trs.length);
    const next = board.verified[i + 1];
    assert.equal(pairs, (e.vs_above ? 1 : 0) + (next && next.vs_above ? 1 : 0), `${e.slug}: paired tests against its neighbours`);
    const explore = await entryPage.locator('#explore-link').count();
    assert.equal(explore, fs.existsSync(path.join(site, 'entries', `${e.slug}.public.jsonl`)) ? 1 : 0, `${e.slug}: explorer link`);
    if (e.slug === 'hostile') {
      const hrefs = await entryPage.$$eval('a', (as) => as.map((a) => a.getAttribute('href')));
      assert.ok(hrefs.every((h) => !/^\s*javascript:/i.test(h)), `a javascript: link: ${hrefs}`);
      assert.ok((await entryPage.textContent('#meta')).includes('<script>'), 'hostile meta shown as text');
      assert.equal(await entryPage.locator('#meta a[href^="https://example.org/"]').count(), 1, 'the http(s) link is a link');
      assert.equal(await entryPage.evaluate(() => window.__pwned), undefined, 'hostile meta ran as script');
      await shot(entryPage, 'entry-hostile', true);
    } else if (e.slug === 'trained-baseline') {
      await shot(entryPage, 'entry-trained', true);
    }
  }
  console.log(`ok: ${board.verified.length} entry pages (meta, report = board, neighbours, explorer link), hostile meta as text`);

  // CSV = JSON (the published board, not the hostile copy).
  const published = JSON.parse(fs.readFileSync(path.join(root, 'dist', 'leaderboard.json'), 'utf8'));
  const csv = fs.readFileSync(path.join(site, 'leaderboard.csv'), 'utf8').trim().split('\n').map(csvFields);
  const head = csv[0];
  assert.equal(csv.length - 1, published.verified.length, 'one CSV row per verified entry');
  published.verified.forEach((e, i) => {
    const row = Object.fromEntries(head.map((h, j) => [h, csv[i + 1][j]]));
    assert.equal(row.slug, e.slug);
    assert.equal(Number(row.rank), e.rank);
    assert.equal(Number(row.micro_f1), e.micro_f1);
    assert.equal(Number(row.macro_f1), e.macro_f1);
    for (const l of published.labels) assert.equal(row[`f1_${l.name}`] === '' ? null : Number(row[`f1_${l.name}`]), e.f1[l.name]);
    for (const c of published.complexity_columns) assert.equal(Number(row[`micro_f1_${c.name}`]), e.complexity_micro_f1[c.name]);
  });
  console.log(`ok: leaderboard.csv = leaderboard.json (${published.verified.length} rows)`);
} catch (e) {
  failed = true;
  console.error(`FAIL: ${e.stack || e.message}`);
} finally {
  await browser.close();
  server.kill('SIGINT');
  fs.rmSync(site, { recursive: true, force: true });
  fs.rmSync(work, { recursive: true, force: true });
}
console.log(`screenshots: ${shots}`);
process.exit(failed ? 1 : 0);
