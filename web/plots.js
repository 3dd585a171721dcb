// The board's plots, drawn by Chart.js (web/package.json, vendored into the site as
// chart.umd.min.js by scripts/build_site.sh; a classic script that defines Chart).
// Chart.js: canvas charts, MIT, widely used and maintained, one file with no
// dependencies at run time, works under the site's CSP (no eval, no inline styles) and
// offline. Each function replaces the chart it drew before on the same canvas.
/* global Chart */

// Colours by rank: entries that share a rank share a colour, so ties read as ties.
const PALETTE = ['#1f5fbf', '#c2410c', '#15803d', '#7e22ce', '#b91c1c', '#0e7490', '#a16207', '#4d5562'];
const colourOfRank = (rank) => (rank ? PALETTE[(rank - 1) % PALETTE.length] : '#d9a400');
const clip = (s) => (s.length > 48 ? `${s.slice(0, 47)}…` : s);
const label = (e) => clip(`${e.rank ? `${e.rank}. ` : ''}${e.evaluator}${e.size ? ` (${e.size})` : ''}`);

function replace(canvas, config) {
  if (!canvas || typeof Chart === 'undefined') return null;
  Chart.getChart(canvas)?.destroy();
  return new Chart(canvas, { ...config, options: { animation: false, responsive: true, maintainAspectRatio: false, ...config.options } });
}

// Micro-F1 of every entry with its 95% bootstrap CI (a floating bar), one row per entry.
export function drawMicroCi(canvas, entries) {
  if (!canvas) return;
  canvas.parentElement.style.height = `${Math.max(120, 26 * entries.length + 70)}px`;
  replace(canvas, {
    type: 'bar',
    data: {
      labels: entries.map(label),
      datasets: [
        { label: '95% CI', data: entries.map((e) => (e.micro_f1_ci ? [e.micro_f1_ci.low, e.micro_f1_ci.high] : [e.micro_f1, e.micro_f1])),
          backgroundColor: entries.map((e) => `${colourOfRank(e.rank)}55`), borderColor: entries.map((e) => colourOfRank(e.rank)),
          borderWidth: 1, barPercentage: 0.5, grouped: false, order: 2 },
        { type: 'line', label: 'micro-F1', data: entries.map((e) => e.micro_f1), showLine: false, pointRadius: 5,
          pointBackgroundColor: entries.map((e) => colourOfRank(e.rank)), pointBorderColor: '#fff', order: 1 },
      ],
    },
    options: {
      indexAxis: 'y',
      scales: { x: { min: 0, max: 1, title: { display: true, text: 'micro-F1 on the ranked split (bars: 95% bootstrap CI; colour: rank)' } } },
      plugins: { legend: { display: false } },
    },
  });
}

function grouped(canvas, categories, entries, value, title) {
  return replace(canvas, {
    type: 'bar',
    data: {
      labels: categories.map((c) => c.header),
      datasets: entries.map((e, i) => ({ label: label(e), data: categories.map((c) => value(e, c.name)),
        backgroundColor: e.unofficial ? '#d9a400' : PALETTE[i % PALETTE.length] })),
    },
    options: { scales: { y: { min: 0, max: 1, title: { display: true, text: title } } },
      plugins: { legend: { position: 'bottom' } } },
  });
}

// Per-label F1 and per-complexity micro-F1 of the entries the visitor picked.
export function drawCompare(labelsCanvas, levelsCanvas, board, entries) {
  const empty = document.getElementById('plot-compare-empty');
  if (empty) empty.hidden = entries.length > 0;
  grouped(labelsCanvas, board.labels, entries, (e, l) => e.f1[l], 'F1 per label');
  grouped(levelsCanvas, board.complexity_columns, entries, (e, l) => e.complexity_micro_f1[l], 'micro-F1 per complexity');
}
