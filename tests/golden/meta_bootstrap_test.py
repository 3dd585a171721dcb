#!/usr/bin/env python3
"""caqa meta's bootstrap intervals against SciPy and scikit-learn, replicate by replicate.

The bootstrap is specified so that anyone can redo it (docs/meta.md, "The bootstrap"):
replicate r draws n pairs with replacement, draw k being item
floor(mix64(key + (r*n + k + 1) * G) * n / 2^64) of the pairs sorted by (score, level),
with SplitMix64's mix64, G = 0x9E3779B97F4A7C15 and key = stream_key(seed, 1); NDCG
draws groups the same way with stream_key(seed, 2) over the groups of 2+ pairs in order
of first appearance. This script draws the same replicates with NumPy, computes every
statistic with scipy.stats and sklearn.metrics on the drawn pairs, takes NumPy's linear
percentiles, and compares caqa's intervals to 1e-9. It also checks that --threads 1 and
the default thread count print the same bytes. Run with Debian's python3.
  meta_bootstrap_test.py CAQA
"""
import json
import math
import os
import random
import subprocess
import sys
import tempfile
import warnings

import numpy as np
from scipy import stats
from sklearn.metrics import ndcg_score, roc_auc_score

M64 = (1 << 64) - 1
GOLDEN = 0x9E3779B97F4A7C15


def mix64(z):
    z = np.asarray(z, dtype=np.uint64)
    with np.errstate(over="ignore"):  # arithmetic modulo 2^64, as in C
        z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
        z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


def stream_key(seed, purpose):
    return int(mix64(np.uint64(seed) ^ mix64(np.uint64((purpose + GOLDEN) & M64))))


def draws(key, replicate, n):
    positions = np.uint64(replicate * n + 1) + np.arange(n, dtype=np.uint64)
    with np.errstate(over="ignore"):
        z = mix64(np.uint64(key) + positions * np.uint64(GOLDEN))
    # floor(z * n / 2^64) for n < 2^32, in 64-bit pieces.
    high = (z >> np.uint64(32)) * np.uint64(n)
    low = (z & np.uint64(0xFFFFFFFF)) * np.uint64(n)
    return ((high + (low >> np.uint64(32))) >> np.uint64(32)).astype(np.int64)


def pairs(n, groups, seed):
    rng = random.Random(seed)
    out = []
    for i in range(n):
        level = rng.randrange(3)
        score = round(0.3 * level + rng.random(), rng.choice([1, 2, 6]))  # ties at three grains
        out.append({"id": f"p{i}", "level": ["no", "partial", "full"][level], "score": score,
                    "group": f"q{rng.randrange(groups)}"})
    return out


def interval(values, level):
    finite = np.array([v for v in values if math.isfinite(v)])
    lo = (1 - level) / 2 * 100
    return [float(np.percentile(finite, lo)), float(np.percentile(finite, 100 - lo))]


def main():
    caqa = sys.argv[1]
    n, reps, seed = 600, 200, 5
    rows = pairs(n, 40, 11)
    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(tmp, "pairs.jsonl")
        with open(path, "w") as f:
            f.writelines(json.dumps(r) + "\n" for r in rows)
        args = [caqa, "meta", path, "--json", "--bootstrap", str(reps), "--seed", str(seed), "--backend", "cpu"]
        outputs = [subprocess.run(args + extra, capture_output=True, text=True) for extra in ([], ["--threads", "1"])]
    for run in outputs:
        if run.returncode != 0:
            print(f"FAIL: caqa meta exited {run.returncode}: {run.stderr}")
            return 1
    failures = 0
    if outputs[0].stdout != outputs[1].stdout:
        print("FAIL: --threads 1 printed other bytes than the default thread count")
        failures += 1
    got = json.loads(outputs[0].stdout)
    level_of = {"no": 0, "partial": 1, "full": 2}
    items = sorted((r["score"], level_of[r["level"]]) for r in rows)
    scores = np.array([s for s, _ in items])
    levels = np.array([l for _, l in items], dtype=float)
    key = stream_key(seed, 1)
    stat = {k: [] for k in ["pearson", "spearman", "kendall_tau_b", "FS_vs_NS", "FS_vs_PS", "PS_vs_NS", "mean"]}
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # constant replicates: SciPy warns and returns NaN, as caqa gives null
        for r in range(reps):
            pick = draws(key, r, n)
            s, l = scores[pick], levels[pick]
            stat["pearson"].append(stats.pearsonr(s, l)[0])
            stat["spearman"].append(stats.spearmanr(s, l)[0])
            stat["kendall_tau_b"].append(stats.kendalltau(s, l, variant="b")[0])
            aucs = []
            for name, pos, neg in [("FS_vs_NS", 2, 0), ("FS_vs_PS", 2, 1), ("PS_vs_NS", 1, 0)]:
                mask = (l == pos) | (l == neg)
                value = roc_auc_score(l[mask] == pos, s[mask]) if len(set(l[mask])) == 2 else math.nan
                stat[name].append(value)
                if math.isfinite(value):
                    aucs.append(value)
            stat["mean"].append(float(np.mean(aucs)) if aucs else math.nan)
    checks = [(f"correlation.{k}_ci", got["correlation"][f"{k}_ci"], interval(stat[k], 0.95))
              for k in ["pearson", "spearman", "kendall_tau_b"]]
    for name in ["FS_vs_NS", "FS_vs_PS", "PS_vs_NS"]:
        checks.append((f"auc.{name}_ci", got["roc_auc_one_vs_one"][name]["auc_ci"], interval(stat[name], 0.95)))
    checks.append(("auc.mean_ci", got["roc_auc_one_vs_one"]["mean_ci"], interval(stat["mean"], 0.95)))

    # NDCG: per-group values in order of first appearance, groups of 2+ pairs, resampled.
    groups = {}
    for r in rows:
        groups.setdefault(r["group"], []).append((level_of[r["level"]], r["score"]))
    used = [g for g in groups.values() if len(g) >= 2]
    group_key = stream_key(seed, 2)
    for k in [5, 10, 20]:
        values = np.array([ndcg_score([[x[0] for x in g]], [[x[1] for x in g]], k=k) for g in used])
        means = [float(values[draws(group_key, r, len(used))].mean()) for r in range(reps)]
        checks.append((f"ndcg@{k}_ci", got["ndcg"][f"ndcg@{k}_ci"], interval(means, 0.95)))
    for name, ci, want in checks:
        have = [ci["low"], ci["high"]]
        if ci["level"] != 0.95 or any(not math.isclose(h, w, rel_tol=0, abs_tol=1e-9) for h, w in zip(have, want)):
            print(f"FAIL {name}: caqa {have}, scipy/sklearn {want}")
            failures += 1
    print(f"{len(checks) - failures} of {len(checks)} intervals equal SciPy/scikit-learn on the same replicates "
          f"({n} pairs, {reps} resamples); Kendall tau-b CI {got['correlation']['kendall_tau_b_ci']}")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
