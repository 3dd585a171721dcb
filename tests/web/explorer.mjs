// The WebAssembly explorer (web/explorer.html, wasm/explorer_main.cpp) in headless Chromium:
// serves dist/ with `caqa serve`, opens explorer.html (it fetches the default benchmark's
// test split, explorer-test.jsonl), picks data/examples/default/pred_keyword_overlap.jsonl
// as submission A, waits some frames, screenshots the canvas under build/web-e2e/, and
// checks: the canvas is not blank (pixel statistics), no console errors, no request
// carried the picked file. Exits 77 (skipped) when dist/ has no explorer.
//   bash scripts/fetch_imgui.sh && bash scripts/build_wasm.sh && bash scripts/build_site.sh \
//     && (cd tests/web && npm ci) && node tests/web/explorer.mjs
// Environment: CAQA_NATIVE (default build/native/caqa), CHROMIUM (default /usr/bin/chromium).
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import assert from 'node:assert/strict';
import { launchChromium, serve } from './harness.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..', '..');
const native = path.resolve(root, process.env.CAQA_NATIVE || 'build/native/caqa');
const dist = path.join(root, 'dist');
const shots = path.join(root, 'build', 'web-e2e');
if (!fs.existsSync(path.join(dist, 'explorer.html')) || !fs.existsSync(path.join(dist, 'caqa-explorer.wasm'))) {
  console.log('SKIP: dist/ has no explorer (scripts/fetch_imgui.sh, scripts/build_wasm.sh, scripts/build_site.sh)');
  process.exit(77);
}
fs.mkdirSync(shots, { recursive: true });

// 8-bit RGB(A) non-interlaced PNG -> pixel statistics (what page.screenshot writes).
function pngStats(buf) {
  assert.equal(buf.subarray(0, 8).toString('latin1'), '\x89PNG\r\n\x1a\n');
  let pos = 8, w = 0, h = 0, bpp = 0;
  const idat = [];
  while (pos < buf.length) {
    const n = buf.readUInt32BE(pos), kind = buf.toString('latin1', pos + 4, pos + 8);
    const body = buf.subarray(pos + 8, pos + 8 + n);
    if (kind === 'IHDR') {
      w = body.readUInt32BE(0); h = body.readUInt32BE(4);
      assert.ok(body[8] === 8 && (body[9] === 2 || body[9] === 6) && body[12] === 0, 'unsupported PNG');
      bpp = body[9] === 2 ? 3 : 4;
    } else if (kind === 'IDAT') idat.push(body);
    pos += 12 + n;
  }
  const raw = zlib.inflateSync(Buffer.concat(idat));
  const stride = w * bpp;
  let prev = new Uint8Array(stride);
  const colours = new Map();
  let sum = 0, sum2 = 0;
  for (let y = 0; y < h; ++y) {
    const f = raw[y * (stride + 1)];
    const line = Uint8Array.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)));
    for (let i = 0; i < stride; ++i) {
      const a = i >= bpp ? line[i - bpp] : 0, b = prev[i], c = i >= bpp ? prev[i - bpp] : 0;
      if (f === 1) line[i] += a;
      else if (f === 2) line[i] += b;
      else if (f === 3) line[i] += (a + b) >> 1;
      else if (f === 4) {
        const p = a + b - c, pa = Math.abs(p - a), pb = Math.abs(p - b), pc = Math.abs(p - c);
        line[i] += pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
      }
    }
    for (let x = 0; x < stride; x += bpp) {
      const key = (line[x] << 16) | (line[x + 1] << 8) | line[x + 2];
      colours.set(key, (colours.get(key) || 0) + 1);
      const l = (299 * line[x] + 587 * line[x + 1] + 114 * line[x + 2]) / 1000;
      sum += l; sum2 += l * l;
    }
    prev = line;
  }
  const n = w * h, mean = sum / n;
  return { w, h, colours: colours.size, mean, sd: Math.sqrt(Math.max(0, sum2 / n - mean * mean)),
    top: Math.max(...colours.values()) / n };
}

const { server, base } = await serve(native, dist);

const browser = await launchChromium();
let failed = false;
try {
  const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
  const errors = [], requests = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(String(e)));
  page.on('request', (r) => requests.push({ url: r.url(), method: r.method(), body: r.postData() || '' }));
  const t0 = Date.now();
  await page.goto(`${base}explorer.html`);
  // As many samples as the default benchmark's test split that build_site.sh copied there.
  const testSamples = fs.readFileSync(path.join(dist, 'explorer-test.jsonl'), 'utf8').split('\n').filter((l) => l).length;
  await page.locator('#status', { hasText: new RegExp(`^Ready: explorer-test\\.jsonl, ${testSamples} samples, 0 prediction`) })
    .waitFor({ timeout: 30000 });
  const ready = Date.now() - t0;

  const pred = path.join(root, 'data/examples/default/pred_keyword_overlap.jsonl');
  const predText = fs.readFileSync(pred, 'utf8');
  await page.setInputFiles('#pred-a-input', pred);
  await page.locator('#status', { hasText: /^Ready: .* 1 prediction file/ }).waitFor({ timeout: 20000 });
  // A few frames after the file: data-frames is updated by explorer.js every 250 ms.
  const framesAt = Number(await page.getAttribute('#canvas', 'data-frames') || 0);
  const t1 = Date.now();
  let frames = framesAt;
  while (frames < framesAt + 10 && Date.now() - t1 < 20000) {
    await page.waitForTimeout(250);
    frames = Number(await page.getAttribute('#canvas', 'data-frames') || 0);
  }
  assert.ok(frames >= framesAt + 10, `the explorer draws frames (${framesAt} -> ${frames})`);
  const perFrame = (Date.now() - t1) / (frames - framesAt);
  const shot = path.join(shots, 'explorer.png');
  await page.locator('#canvas').screenshot({ path: shot });
  await page.screenshot({ path: path.join(shots, 'explorer-page.png') });
  const s = pngStats(fs.readFileSync(shot));
  console.log(`explorer: ready in ${ready} ms; ${frames} frames, ~${perFrame.toFixed(1)} ms per frame (headless, ` +
    `SwiftShader); canvas ${s.w}x${s.h}: ${s.colours} colours, mean luminance ${s.mean.toFixed(1)}, ` +
    `sd ${s.sd.toFixed(1)}, top colour ${(100 * s.top).toFixed(1)}%; screenshot ${shot}`);
  assert.ok(s.colours >= 16 && s.sd >= 5 && s.top <= 0.95, 'the canvas is not blank');
  assert.deepEqual(errors, [], 'no console errors');
  const leaked = requests.filter((r) => r.method !== 'GET' || (r.body && predText.includes(r.body.slice(0, 200))));
  assert.deepEqual(leaked, [], 'no request carried the picked file');
  console.log(`ok: explorer (${requests.length} requests, all GET: ` +
    `${[...new Set(requests.map((r) => new URL(r.url).pathname))].join(' ')})`);
} catch (e) {
  failed = true;
  console.error(`FAIL: ${e.message}`);
} finally {
  await browser.close();
  server.kill();
}
process.exit(failed ? 1 : 0);
