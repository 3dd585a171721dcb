// The explorer page (explorer.html): starts the WebAssembly explorer (caqa-explorer.js,
// built from wasm/explorer_main.cpp) and hands it files. URLs next to the page are fetched:
//   explorer.html?bench=explorer-test.jsonl&a=PRED_A.jsonl&b=PRED_B.jsonl
// (bench defaults to explorer-test.jsonl, the default benchmark's test split). A file the
// visitor picks is read here with File.arrayBuffer() and copied into the module's memory:
// it never leaves the browser.
const status = document.getElementById('status');
const canvas = document.getElementById('canvas');
canvas.addEventListener('contextmenu', (e) => e.preventDefault());

function show(text, isError = false) {
  status.textContent = text;
  status.classList.toggle('error', isError);
}

function loadScript(src) {
  return new Promise((resolve, reject) => {
    const s = document.createElement('script');
    s.src = src;
    s.onload = resolve;
    s.onerror = () => reject(new Error(`cannot load ${src}`));
    document.head.appendChild(s);
  });
}

let mod = null;
const names = ['', '', ''];

// slot 0: benchmark, 1: A, 2: B. bytes: Uint8Array. Returns the core's messages ('' = ok).
function setFile(slot, name, bytes) {
  const nameLen = mod.lengthBytesUTF8(name) + 1;
  const namePtr = mod._malloc(nameLen);
  mod.stringToUTF8(name, namePtr, nameLen);
  const dataPtr = mod._malloc(Math.max(1, bytes.length));
  mod.HEAPU8.set(bytes, dataPtr);
  const msg = mod.UTF8ToString(mod._caqa_explorer_set(slot, namePtr, dataPtr, bytes.length));
  mod._free(dataPtr);
  mod._free(namePtr);
  names[slot] = name;
  return msg;
}

function report(msg) {
  const n = mod._caqa_explorer_samples(), subs = mod._caqa_explorer_submissions();
  if (msg) { show(msg, true); return; }
  if (!names[0]) { show('Pick a benchmark split (JSON Lines with question, answer, citation).'); return; }
  show(`Ready: ${names[0]}, ${n} samples, ${subs} prediction file(s)` +
       (subs ? '' : ' (pick a prediction file)'));
  canvas.dataset.ready = '1';
}

async function fetchBytes(url) {
  const r = await fetch(url);
  if (!r.ok) throw new Error(`${url}: HTTP ${r.status}`);
  return new Uint8Array(await r.arrayBuffer());
}

async function main() {
  await loadScript('caqa-explorer.js');
  mod = await globalThis.createExplorer({
    canvas,
    print: (t) => console.log(t),
    printErr: (t) => console.warn(t),
  });
  const params = new URLSearchParams(location.search);
  const sources = [params.get('bench') ?? 'explorer-test.jsonl', params.get('a'), params.get('b')];
  let msg = '';
  for (let slot = 0; slot < 3; ++slot) {
    const url = sources[slot];
    if (!url) continue;
    if (!/^[\w.\-/]+$/.test(url) || url.includes('..') || url.startsWith('/')) {
      msg = `${url}: only files next to this page can be loaded by URL`;
      continue;
    }
    try {
      msg = setFile(slot, url, await fetchBytes(url)) || msg;
    } catch (e) {
      msg = String(e.message || e);
    }
  }
  report(msg);

  for (const [id, slot] of [['bench-input', 0], ['pred-a-input', 1], ['pred-b-input', 2]]) {
    document.getElementById(id).addEventListener('change', async (ev) => {
      const file = ev.target.files[0];
      if (!file) return;
      show(`Reading ${file.name}…`);
      report(setFile(slot, file.name, new Uint8Array(await file.arrayBuffer())));
    });
  }
  // For tests and the curious: frames drawn so far.
  setInterval(() => { canvas.dataset.frames = String(mod._caqa_explorer_frames()); }, 250);
}

main().catch((e) => { show(`The explorer could not start: ${e.message || e}`, true); console.error(e); });
