// The leaderboard site in headless Chromium: serves dist/ with `caqa serve`, uploads a
// valid prediction file (the micro-F1 shown must be the CLI's) and a malformed one (its
// errors must show line numbers), checks that no request carried the file, and saves
// screenshots under build/web-e2e/.
//   (cd tests/web && npm ci) && bash scripts/build_site.sh && node tests/web/e2e.mjs
// Environment: CAQA_NATIVE (default build/native/caqa), CHROMIUM (default /usr/bin/chromium).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import assert from 'node:assert/strict';
import { launchChromium, serve } from './harness.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const native = path.resolve(root, process.env.CAQA_NATIVE || 'build/native/caqa');
const dist = path.join(root, 'dist');
const shots = path.join(root, 'build', 'web-e2e');
fs.mkdirSync(shots, { recursive: true });

const { server, base } = await serve(native, dist);

const browser = await launchChromium();
let failed = false;
try {
  for (const [label, viewport] of [['desktop', { width: 1100, height: 900 }], ['phone', { width: 390, height: 844 }]]) {
    const page = await browser.newPage({ viewport });
    const requests = [];
    page.on('request', (r) => requests.push({ url: r.url(), method: r.method(), body: r.postData() || '' }));
    page.on('console', (m) => { if (m.type() === 'error') console.log(`console: ${m.text()}`); });
    await page.goto(base);
    // A locator, not waitForFunction: the page's CSP (no eval) stays on during the test.
    await page.locator('#status', { hasText: /^Ready/ }).waitFor({ timeout: 20000 });

    // The leaderboard table = leaderboard.json (rank, evaluator, micro-F1 of every verified row, in order).
    const board = JSON.parse(fs.readFileSync(path.join(dist, 'leaderboard.json'), 'utf8'));
    await page.waitForSelector('#lb-table tbody tr', { timeout: 20000 });
    const rows = await page.$$eval('#lb-table tbody tr', (trs) => trs.map((tr) => ({
      slug: tr.dataset.slug, cells: [...tr.querySelectorAll('td')].map((td) => td.textContent) })));
    // The FActScore gap column (issue 41) stands before the status when an entry has one.
    // The columns after micro-F1 and the labels' F1 are the board's complexity columns (the
    // paper's four, and a later level where the benchmark has it), then the gap and the status.
    const withGap = board.verified.some((e) => e.factscore);
    const gapAt = 8 + board.complexity_columns.length;
    const badgeAt = withGap ? gapAt + 1 : gapAt;
    board.verified.forEach((e, i) => {
      if (withGap) assert.ok(rows[i].cells[gapAt].startsWith(e.factscore ? e.factscore.gap.toFixed(3) : '–'), `FActScore gap of ${e.slug}: ${rows[i].cells[gapAt]}`);
    });
    assert.deepEqual(rows.map((r) => r.slug), board.verified.map((e) => e.slug), 'rows in the board\'s order');
    board.verified.forEach((e, i) => {
      assert.ok(rows[i].cells[0].startsWith(String(e.rank)), `rank of ${e.slug}: ${rows[i].cells[0]}`);
      assert.ok(rows[i].cells[6].startsWith(e.micro_f1.toFixed(3)), `micro-F1 of ${e.slug}: ${rows[i].cells[6]}`);
      assert.equal(rows[i].cells[badgeAt], e.badge);
    });
    const reportedRows = await page.$$eval('#lb-reported tbody tr', (trs) => trs.length);
    assert.equal(reportedRows, board.reported.entries.length, 'every reported Table 5 row');
    // Sorting by Sup. F1 (descending) and filtering by setting.
    if (label === 'desktop') await page.click('#lb-table button[data-col="f1-supportive"]');
    else await page.selectOption('#lb-sort', 'f1-supportive');  // the header row is hidden on a phone
    const sup = await page.$$eval('#lb-table tbody tr td:nth-child(3)', (tds) => tds.map((td) => Number(td.textContent)));
    assert.deepEqual(sup, [...sup].sort((a, b) => b - a), `sorted by Sup.: ${sup}`);
    await page.selectOption('#lb-sort', 'rank');
    await page.selectOption('#lb-setting', 'other');
    const others = await page.$$eval('#lb-table tbody tr', (trs) => trs.length);
    assert.equal(others, board.verified.filter((e) => e.setting === 'other').length, 'filter by setting');
    await page.selectOption('#lb-setting', 'all');

    const valid = 'data/examples/default/pred_keyword_overlap.jsonl';
    const validText = fs.readFileSync(path.join(root, valid), 'utf8');
    await page.setInputFiles('#file-input', path.join(root, valid));
    await page.waitForSelector('#micro-f1', { timeout: 20000 });
    const shown = await page.textContent('#micro-f1');
    const cli = JSON.parse(execFileSync(native, ['score', valid, '--gold', path.join(dist, 'gold.jsonl'), '--json'],
      { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }));
    assert.equal(shown, cli.micro_f1.toFixed(3), 'micro-F1 on the page = the CLI\'s');
    // The visitor's file appears as a highlighted, unranked, unofficial row.
    const visitor = page.locator('#lb-table tr.visitor');
    await visitor.waitFor({ timeout: 5000 });
    const vcells = await visitor.locator('td').allTextContents();
    assert.ok(vcells[1].includes('pred_keyword_overlap.jsonl') && vcells[1].includes('unofficial'), `visitor row: ${vcells}`);
    assert.ok(vcells[6].startsWith(cli.micro_f1.toFixed(3)), `visitor micro-F1: ${vcells[6]}`);
    assert.equal(vcells[badgeAt], 'unofficial');
    await page.locator('#leaderboard').screenshot({ path: path.join(shots, `${label}-leaderboard.png`) });
    await page.screenshot({ path: path.join(shots, `${label}-report.png`), fullPage: true });

    const malformed = 'data/examples/pred_malformed.jsonl';
    const malformedText = fs.readFileSync(path.join(root, malformed), 'utf8');
    await page.setInputFiles('#file-input', path.join(root, malformed));
    await page.waitForSelector('#problems:not([hidden]) .diagnostics li', { timeout: 20000 });
    const where = await page.$$eval('#problems .where', (nodes) => nodes.map((n) => n.textContent));
    assert.ok(where.some((w) => /pred_malformed\.jsonl:3:49$/.test(w)), `line numbers shown: ${where.join(', ')}`);
    assert.ok(await page.isHidden('#report'), 'no report for a malformed file');
    await page.screenshot({ path: path.join(shots, `${label}-errors.png`), fullPage: true });

    // A sub-fact judgment file (issue 41): the page's FActScore table = caqa factscore --json.
    const subFactPath = path.join(shots, 'subfacts_perfect.jsonl');
    const goldLines = fs.readFileSync(path.join(dist, 'gold.jsonl'), 'utf8').split('\n').filter((l) => l.trim());
    fs.writeFileSync(subFactPath, goldLines.map((l) => {
      const g = JSON.parse(l);
      return JSON.stringify({ id: g.id, subfacts: g.subfacts.map((v) => v === 'supported') });
    }).join('\n') + '\n');
    await page.setInputFiles('#file-input', subFactPath);
    await page.waitForSelector('#report:not([hidden]) table.factscore', { timeout: 20000 });
    const factRows = await page.$$eval('#report table.factscore tbody tr', (trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
    const cliFacts = JSON.parse(execFileSync(native, ['factscore', subFactPath, '--gold', path.join(dist, 'gold.jsonl'), '--json'],
      { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] })).files[0].populations;
    assert.equal(factRows.length, cliFacts.length, 'one row per population');
    cliFacts.forEach((p, i) => assert.ok(factRows[i][2].startsWith(p.factscore.toFixed(3)), `FActScore of ${p.name}: ${factRows[i][2]}`));
    await page.screenshot({ path: path.join(shots, `${label}-factscore.png`), fullPage: true });

    // No request may carry the file: only GETs of the site's own static files.
    const needles = [validText.slice(0, 40), malformedText.slice(0, 40), 'pred_keyword_overlap', 'pred_malformed', 'subfacts_perfect'];
    for (const r of requests) {
      assert.ok(r.url.startsWith(base) || r.url.startsWith('blob:') || r.url.startsWith('data:'), `request off site: ${r.url}`);
      assert.equal(r.method, 'GET', `${r.method} ${r.url}`);
      for (const n of needles) assert.ok(!r.url.includes(n) && !r.body.includes(n), `request carried the file: ${r.url}`);
    }
    console.log(`ok: ${label}: leaderboard table = leaderboard.json, visitor row shown; micro-F1 ${shown} = CLI; malformed file shows ${where.length} located problem(s); sub-fact file: ${factRows.length} FActScore rows = CLI; ` +
      `${requests.length} request(s), none carried the file`);
    await page.close();
  }
} catch (e) {
  failed = true;
  console.error(`FAIL: ${e.message}`);
} finally {
  await browser.close();
  server.kill('SIGINT');
}
console.log(`screenshots: ${shots}`);
process.exit(failed ? 1 : 0);
