#!/usr/bin/env bash
# Desktop smoke test of caqa-explorer (docs/explorer.md): draws a few frames under a
# virtual X server with the example benchmark and two submissions, saves a screenshot,
# and checks that it is a real picture (not one flat colour). Prints the mean frame time.
#   tests/viewer/explorer_xvfb_test.sh [CAQA_EXPLORER] [OUT_DIR]
# Exit 77 (skipped) when caqa-explorer is not built or neither xvfb-run nor Xvfb exists.
set -uo pipefail
root=$(cd "$(dirname "$0")/../.." && pwd)
exe=${1:-${CAQA_EXPLORER:-$root/build/native/viewer/caqa-explorer}}
out=${2:-$root/build/viewer-e2e}
frames=${CAQA_EXPLORER_FRAMES:-30}

[ -x "$exe" ] || { echo "SKIP: caqa-explorer not built ($exe)"; exit 77; }
command -v python3 >/dev/null || { echo "SKIP: python3 absent (needed to read the PNG)"; exit 77; }
if command -v xvfb-run >/dev/null && command -v xauth >/dev/null; then
  runner=(xvfb-run -a -s "-screen 0 1600x1000x24")
elif command -v Xvfb >/dev/null; then
  runner=()
else
  echo "SKIP: neither xvfb-run nor Xvfb is installed"; exit 77
fi

mkdir -p "$out"
png=$out/explorer.png log=$out/explorer.log
rm -f "$png"
args=("$root/data/examples/benchmark.jsonl" "$root/data/examples/pred_good.jsonl" "$root/data/examples/pred_weak.jsonl"
      --frames "$frames" --screenshot "$png" --size 1280x800 --select-cell 0,0)

xvfb_pid=
cleanup() { [ -n "$xvfb_pid" ] && kill "$xvfb_pid" 2>/dev/null; }
trap cleanup EXIT
if [ ${#runner[@]} -gt 0 ]; then
  timeout 60 "${runner[@]}" "$exe" "${args[@]}" >"$log" 2>&1
  rc=$?
else
  # No xvfb-run: start Xvfb ourselves on a free display number.
  for n in $(seq 90 140); do [ -e "/tmp/.X$n-lock" ] || break; done
  Xvfb ":$n" -screen 0 1600x1000x24 -nolisten tcp >/dev/null 2>&1 &
  xvfb_pid=$!
  sleep 1
  DISPLAY=":$n" timeout 60 "$exe" "${args[@]}" >"$log" 2>&1
  rc=$?
fi
cat "$log"
[ "$rc" -eq 0 ] || { echo "FAIL: caqa-explorer exited $rc"; exit 1; }
grep -q "mean frame time" "$log" || { echo "FAIL: no frame time printed"; exit 1; }
[ -s "$png" ] || { echo "FAIL: no screenshot at $png"; exit 1; }

# Pixel statistics with the standard library only (zlib + struct; no PIL): 8-bit RGB/RGBA,
# non-interlaced, all five PNG filters undone.
python3 - "$png" <<'PY' || exit 1
import struct, sys, zlib
data = open(sys.argv[1], 'rb').read()
assert data[:8] == b'\x89PNG\r\n\x1a\n', 'not a PNG'
pos, idat, w = 8, b'', 0
while pos < len(data):
    n, kind = struct.unpack('>I4s', data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + n]
    if kind == b'IHDR':
        w, h, depth, ctype, _, _, interlace = struct.unpack('>IIBBBBB', body)
        assert depth == 8 and ctype in (2, 6) and interlace == 0, f'unsupported PNG {depth} {ctype} {interlace}'
        bpp = 3 if ctype == 2 else 4
    elif kind == b'IDAT':
        idat += body
    pos += 12 + n
raw = zlib.decompress(idat)
stride = w * bpp
prev = bytearray(stride)
rows = []
for y in range(h):
    f = raw[y * (stride + 1)]
    line = bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
    for i in range(stride):
        a = line[i - bpp] if i >= bpp else 0
        b = prev[i]
        c = prev[i - bpp] if i >= bpp else 0
        if f == 1: line[i] = (line[i] + a) & 255
        elif f == 2: line[i] = (line[i] + b) & 255
        elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
        elif f == 4:
            p = a + b - c
            pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
            line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
    rows.append(bytes(line))
    prev = line
pixels = {}
lum = []
for row in rows:
    for x in range(0, stride, bpp):
        px = row[x:x + 3]
        pixels[px] = pixels.get(px, 0) + 1
        lum.append((299 * px[0] + 587 * px[1] + 114 * px[2]) // 1000)
n = len(lum)
mean = sum(lum) / n
sd = (sum((v - mean) ** 2 for v in lum) / n) ** 0.5
top = max(pixels.values()) / n
print(f'screenshot {w}x{h}: {len(pixels)} distinct colours, mean luminance {mean:.1f}, sd {sd:.1f}, '
      f'most common colour {100 * top:.1f}% of pixels')
ok = len(pixels) >= 16 and sd >= 5 and top <= 0.95
if not ok:
    print('FAIL: the screenshot looks blank')
    sys.exit(1)
PY
echo "ok: caqa-explorer drew $frames frames under Xvfb; screenshot $png"
