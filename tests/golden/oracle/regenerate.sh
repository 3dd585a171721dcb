#!/usr/bin/env bash
# Remakes every fixture and expected_*.json in tests/golden/oracle with the independent
# oracle (scikit-learn/SciPy), never with caqa. Usage, from the repository root:
#   bash tests/golden/oracle/regenerate.sh ../shared/tools/oracle.py
set -euo pipefail
oracle=$(realpath "${1:?usage: regenerate.sh PATH/TO/oracle.py}")
py=/usr/bin/python3  # Debian's python, which has sklearn and scipy
here=$(cd "$(dirname "$0")" && pwd)

# The 18-item edge fixture and its oracle reports (the oracle's own `edge` command).
rm -rf "$here/edge" && "$py" "$oracle" edge --out "$here/edge" >/dev/null

# Two small synthetic sets, so that no committed file nears 1 MB (the oracle's n24000 set is 4.5 MB):
# n3000 with three evaluators (mid has invalid labels and no scores), qid600 with qid groups for NDCG.
"$py" "$oracle" gen --n 3000 --seed 1 --evaluators weak,strong,mid --out "$here/n3000" >/dev/null
"$py" "$oracle" gen --n 600 --seed 2 --qid-size 20 --evaluators weak,strong --out "$here/qid600" >/dev/null

cd "$here/n3000"  # relative paths, so the reports do not name this machine's folders
for e in weak strong mid; do
  "$py" "$oracle" score --gold gold.jsonl --pred pred_$e.jsonl > expected_score_$e.json
  "$py" "$oracle" bootstrap --gold gold.jsonl --pred pred_$e.jsonl --n 1000 --seed 1 > expected_bootstrap_$e.json
done
# Not for mid: the oracle drops invalid labels under --missing ignore, caqa keeps them as wrong
# (tests/golden/examples/README.md); and mid has no scores, so meta has nothing to rank.
for e in weak strong; do
  "$py" "$oracle" score --gold gold.jsonl --pred pred_$e.jsonl --missing ignore > expected_score_ignore_$e.json
  "$py" "$oracle" meta --gold gold.jsonl --pred pred_$e.jsonl > expected_meta_$e.json
done
cd "$here/qid600"
for e in weak strong; do
  "$py" "$oracle" score --gold gold.jsonl --pred pred_$e.jsonl > expected_score_$e.json
  "$py" "$oracle" meta --gold gold.jsonl --pred pred_$e.jsonl > expected_meta_$e.json
done
