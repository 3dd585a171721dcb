// What surrounds the board: "last updated" and the history of published boards
// (history.json, written by scripts/publish_leaderboard.py: every distinct board, newest first), and the BibTeX for the
// CAQA paper and for the benchmark version the board ranks on.
import { el } from './report.js';
import { fetchBoard } from './leaderboard.js';

export function bibtex(board) {
  const v = board.benchmark.version;
  return `@inproceedings{hu2025caqa,
  title     = {Can {LLMs} Evaluate Complex Attribution in {QA}? Automatic Benchmarking using Knowledge Graphs},
  author    = {Hu, Nan and Chen, Jiaoyan and Wu, Yike and Qi, Guilin and Wang, Hongru and Bi, Sheng and Chen, Yongrui and Wu, Tongtong and Pan, Jeff Z.},
  booktitle = {Proceedings of the 63rd Annual Meeting of the Association for Computational Linguistics (ACL)},
  year      = {2025},
  note      = {arXiv:2401.14640}
}

@misc{caqa_benchmark_${v.slice(0, 12)},
  title        = {caqa default benchmark, version ${v.slice(0, 12)}},
  howpublished = {built by \\texttt{caqa build} (caqa ${board.caqa_version}); test.jsonl SHA-256 ${v}},
  note         = {ranked split: ${board.benchmark.n} samples with sealed labels; public split: ${board.benchmark.public_n} samples}
}
`;
}

export async function loadExtras() {
  let board;
  try {
    board = await fetchBoard();
  } catch (_) {
    return;  // the board's own panel says why
  }
  document.getElementById('bibtex').textContent = bibtex(board);
  const list = document.getElementById('history-list');
  const updated = document.getElementById('lb-updated');
  let history = { boards: [] };
  try {
    const response = await fetch('history.json');
    if (response.ok) history = await response.json();
  } catch (_) { /* no history published yet */ }
  const current = history.boards.find((b) => b.version === board.benchmark.version);
  updated.textContent = current ? `Last updated ${current.published}.` : 'Not yet recorded in the history.';
  list.replaceChildren(...(history.boards.length ? history.boards.map((b) => el('li', {},
    el('a', { href: b.board }, `board ${(b.sha256 || '').slice(0, 12)}`), ` on benchmark version ${b.version.slice(0, 12)},`,
    ` published ${b.published} with caqa ${b.caqa_version}, ${b.verified} verified row(s)`,
    b.version === board.benchmark.version ? ' (this board)' : '')) : [el('li', {}, 'No board recorded yet.')]));
}
