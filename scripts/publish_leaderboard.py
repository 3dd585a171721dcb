#!/usr/bin/env python3
"""Regenerates caqa's own leaderboard entries from the current default benchmark and
publishes the board: the one way its numbers are made (never edit them by hand).

  1. caqa build -q -o WORK/benchmark                      the default benchmark
  2. caqa leaderboard seal --benchmark ... -o WORK/sealed  public / ranked inputs / sealed gold
  3. each evaluator predicts the ranked split's inputs (no labels) and the public split, and
     reader, trained-baseline and lexical-bm25 also judge the ranked split's sub-facts
     (subfacts.jsonl, caqa predict --subfacts):
       reader            caqa build --train-questions 40000 (the same test split, more training
                         samples) + caqa train --model reader (seed 13, CPU) + caqa predict --evaluator reader
       trained-baseline  caqa train (seed 13, CPU) + caqa predict --evaluator trained
       lexical-bm25      caqa predict --evaluator lexical (thresholds fit on train)
       keyword-overlap   scripts/make_default_predictions.py's keyword_overlap
     into leaderboard/submissions/<slug>/ with a meta.json saying how it was made
  4. caqa leaderboard check, then publish --sealed-gold WORK/sealed/ranked-gold.jsonl
  5. leaderboard/history/<version12>-<sha12>.json and history.json (every distinct board, newest first)

The trivial baselines (always supportive, majority of train, uniform random) are computed
by publish itself. Deterministic: the same benchmark gives the same files; a meta.json's
date and a history entry's date change only when its bytes do.

  python3 scripts/publish_leaderboard.py [--caqa build/native/caqa] [--dir leaderboard]
         [--benchmark DIR]   (an existing `caqa build` output instead of building one)
         [--work DIR]        (keep WORK: the weights, to score the reader on the whole test split)
"""
import argparse
import contextlib
import datetime
import hashlib
import importlib.util
import json
import os
import shutil
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

# The reader's training data: the benchmark's own build with this many more sampled
# training questions (caqa build --train-questions; its test split is byte-identical).
READER_TRAIN_QUESTIONS = 40000

ENTRIES = {
    "reader": {
        "evaluator": "caqa reader (decomposable attention, trained from scratch)",
        "setting": "fine-tuned",
        "size": None,  # filled in from the weights: their parameter count
        "how": "caqa build -q --train-questions 40000 -o data (the benchmark's build with 40000 more sampled training "
        "questions; its test.jsonl is the benchmark's, byte for byte), caqa train --model reader --train "
        "data/train.jsonl --seed 13 --backend cpu -o reader.safetensors (defaults: --epochs 12 --patience 3 --batch 32 "
        "--lr 0.001 --weight-decay 0.01 --dim 131072 --embed 64 --hidden 128 --window 5 --dropout 0.1, 10% of the "
        "questions as the dev slice, the best dev epoch kept), then caqa predict --evaluator reader --model "
        "reader.safetensors --backend cpu --gold ranked-inputs.jsonl. A decomposable-attention reader over hashed "
        "words and character trigrams with exact-match flags, no pretrained weights (docs/baselines.md).",
    },
    "trained-baseline": {
        "evaluator": "caqa trained baseline (logistic regression)",
        "setting": "fine-tuned",
        "size": None,
        "how": "caqa train --train train.jsonl --seed 13 --backend cpu -o model.bin (defaults: --epochs 6 --dim 262144 "
        "--batch 64 --lr 0.02 --view full), then caqa predict --evaluator trained --model model.bin --backend cpu "
        "--gold ranked-inputs.jsonl. Multinomial logistic regression over hashed word/character n-grams and "
        "answer-vs-citation entity features (docs/baselines.md), trained on the benchmark's train split.",
    },
    "lexical-bm25": {
        "evaluator": "caqa lexical baseline (BM25 thresholds)",
        "setting": "other",
        "size": None,
        "how": "caqa predict --evaluator lexical --train train.jsonl --gold ranked-inputs.jsonl. BM25 of question + "
        "answer terms in the citation; three thresholds and the label of each interval chosen for the best train "
        "micro-F1 (docs/baselines.md).",
    },
    "keyword-overlap": {
        "evaluator": "Keyword overlap",
        "setting": "other",
        "size": None,
        "how": "keyword_overlap() of scripts/make_default_predictions.py on ranked-inputs.jsonl: supportive when every "
        "answer name appears in the citation, partially_supportive when some question words do, irrelevant "
        "otherwise; never contradictory. The keyword co-occurrence judge the CAQA paper warns about (section 6.1).",
    },
}


def run(cmd, **kw):
    print("+ " + " ".join(cmd), flush=True)
    subprocess.run(cmd, check=True, **kw)


def read_jsonl(path):
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]


def keyword_predictions(inputs, out):
    spec = importlib.util.spec_from_file_location("defaults", os.path.join(ROOT, "scripts", "make_default_predictions.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    with open(out, "w", encoding="utf-8") as f:
        for s in read_jsonl(inputs):
            f.write(json.dumps({"id": s["id"], "label": module.keyword_overlap(s)}) + "\n")


# The entries that also judge each sample's sub-facts (caqa predict --subfacts; the board's
# FActScore column, docs/factscore.md).
SUB_FACT_ENTRIES = ("reader", "trained-baseline", "lexical-bm25")


def predict(slug, caqa, bench, inputs, out, model, extra=()):
    if slug == "reader":
        run([caqa, "predict", "--evaluator", "reader", "--model", model["reader"], "--backend", "cpu", "--gold", inputs,
             "-o", out, *extra])
    elif slug == "trained-baseline":
        run([caqa, "predict", "--evaluator", "trained", "--model", model["trained"], "--backend", "cpu", "--gold", inputs,
             "-o", out, *extra])
    elif slug == "lexical-bm25":
        run([caqa, "predict", "--evaluator", "lexical", "--train", f"{bench}/train.jsonl", "--gold", inputs, "-o", out,
             *extra])
    else:
        keyword_predictions(inputs, out)


def same_bytes(a, b):
    return os.path.exists(a) and os.path.exists(b) and open(a, "rb").read() == open(b, "rb").read()


def safetensors_metadata(path):
    """The __metadata__ of a safetensors file (8-byte little-endian header size, JSON header)."""
    with open(path, "rb") as f:
        size = int.from_bytes(f.read(8), "little")
        return json.loads(f.read(size)).get("__metadata__", {})


def reader_facts(path):
    """What the reader's meta.json tells about its training, read from its weights."""
    m = safetensors_metadata(path)
    params = int(m["parameters"])
    curve = json.loads(m["learning_curve"])
    return {
        "size": f"{params / 1e6:.1f}M",
        "facts": f"Training data: {m['train_samples']} samples ({m['dev_samples']} more held out as the dev slice); "
        f"{m['epochs_trained']} epochs, the weights of epoch {m['best_epoch']} (dev micro-F1 {m['dev_micro_f1']}); "
        f"{params:,} parameters; trained in {float(m['training_seconds']) / 60:.1f} min on {m['hardware']} "
        f"({sum(e['samples_per_second'] for e in curve) / len(curve):.0f} samples/s).",
    }


def write_submission(slug, folder, ranked, public, version, caqa_version, today, facts=None):
    os.makedirs(folder, exist_ok=True)
    old_meta = os.path.join(folder, "meta.json")
    unchanged = same_bytes(ranked, os.path.join(folder, "predictions.jsonl"))
    date = today
    kept = None
    if unchanged and os.path.exists(old_meta):
        kept = json.load(open(old_meta, encoding="utf-8"))
        date = kept.get("date", today)
    if os.path.exists(os.path.join(folder, "predictions.jsonl.gz")):  # a stale copy beside ours
        os.remove(os.path.join(folder, "predictions.jsonl.gz"))
    shutil.copyfile(ranked, os.path.join(folder, "predictions.jsonl"))
    shutil.copyfile(public, os.path.join(folder, "public-predictions.jsonl"))
    e = ENTRIES[slug]
    meta = {
        "slug": slug,
        "evaluator": e["evaluator"],
        "setting": e["setting"],
        "model": None,
        "size": facts["size"] if facts else e["size"],
        "organisation": "caqa",
        "paper": None,
        "code": None,
        "date": date,
        "benchmark_version": version,
        "description": f"Made by scripts/publish_leaderboard.py with caqa {caqa_version} on benchmark version "
        f"{version[:12]}: {e['how']} {facts['facts'] + ' ' if facts else ''}No model behind an API, no randomness "
        "beyond the fixed seed.",
    }
    if facts and kept and kept.get("benchmark_version") == version:
        # The same predictions: keep the facts (training time) of the run that made them.
        meta["description"], meta["size"] = kept["description"], kept["size"]
    with open(old_meta, "w", encoding="utf-8") as f:
        json.dump(meta, f, indent=2, ensure_ascii=False)
        f.write("\n")
    return "unchanged" if unchanged else "new predictions"


def record_history(board_path, lb_dir, today):
    """Keeps every distinct published board as history/<version12>-<board sha12>.json, listed
    newest first in history.json; a board already kept is not recorded again."""
    raw = open(board_path, "rb").read()
    board = json.loads(raw)
    version, digest = board["benchmark"]["version"], hashlib.sha256(raw).hexdigest()
    name = f"history/{version[:12]}-{digest[:12]}.json"
    index_path = os.path.join(lb_dir, "history.json")
    index = json.load(open(index_path, encoding="utf-8")) if os.path.exists(index_path) else {"boards": []}
    if any(b.get("sha256") == digest for b in index["boards"]):
        return "unchanged"
    os.makedirs(os.path.join(lb_dir, "history"), exist_ok=True)
    shutil.copyfile(board_path, os.path.join(lb_dir, name))
    index["boards"].insert(0, {
        "version": version,
        "sha256": digest,
        "published": today,
        "caqa_version": board["caqa_version"],
        "verified": len(board["verified"]),
        "board": name,
    })
    with open(index_path, "w", encoding="utf-8") as f:
        json.dump(index, f, indent=2)
        f.write("\n")
    return f"recorded {name}"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--caqa", default=os.path.join(ROOT, "build", "native", "caqa"))
    ap.add_argument("--dir", default=os.path.join(ROOT, "leaderboard"))
    ap.add_argument("--benchmark", help="an existing caqa build output (default: build it now)")
    ap.add_argument("--date", help="the date for new entries and board versions (default: today, UTC)")
    ap.add_argument("--work", help="keep what it makes (benchmark, sealed split, weights, predictions) in this "
                    "empty folder instead of a temporary one")
    args = ap.parse_args()
    caqa = os.path.abspath(args.caqa)
    today = args.date or datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d")
    caqa_version = subprocess.run([caqa, "--version"], check=True, capture_output=True, text=True).stdout.split()[-1]
    if args.work:
        os.makedirs(args.work, exist_ok=True)
        if os.listdir(args.work):
            sys.exit(f"publish_leaderboard: --work {args.work} is not empty")
    with (contextlib.nullcontext(os.path.abspath(args.work)) if args.work else tempfile.TemporaryDirectory()) as work:
        bench = args.benchmark or os.path.join(work, "benchmark")
        if not args.benchmark:
            run([caqa, "build", "-q", "-o", bench])
        sealed = os.path.join(work, "sealed")
        run([caqa, "leaderboard", "seal", "--benchmark", bench, "-o", sealed])
        version = hashlib.sha256(open(f"{bench}/test.jsonl", "rb").read()).hexdigest()
        model = {"trained": os.path.join(work, "model.bin"), "reader": os.path.join(work, "reader.safetensors")}
        run([caqa, "train", "--train", f"{bench}/train.jsonl", "--seed", "13", "--backend", "cpu", "-o",
             model["trained"]])
        data = os.path.join(work, "reader-data")
        build = [caqa, "build", "-q", "--train-questions", str(READER_TRAIN_QUESTIONS), "-o", data]
        run(build)
        if not same_bytes(f"{data}/test.jsonl", f"{bench}/test.jsonl"):
            sys.exit("publish_leaderboard: the reader's training build has another test split than the benchmark "
                     "(--benchmark must be the default build)")
        run([caqa, "train", "--model", "reader", "--train", f"{data}/train.jsonl", "--seed", "13", "--backend", "cpu",
             "-q", "-o", model["reader"]])
        facts = {"reader": reader_facts(model["reader"])}
        done = []
        for slug in ENTRIES:
            ranked, public = os.path.join(work, f"{slug}.ranked.jsonl"), os.path.join(work, f"{slug}.public.jsonl")
            predict(slug, caqa, bench, f"{sealed}/ranked-inputs.jsonl", ranked, model)
            predict(slug, caqa, bench, f"{sealed}/public.jsonl", public, model)
            folder = os.path.join(args.dir, "submissions", slug)
            if slug in SUB_FACT_ENTRIES:
                os.makedirs(folder, exist_ok=True)
                predict(slug, caqa, bench, f"{sealed}/ranked-inputs.jsonl", os.path.join(folder, "subfacts.jsonl"),
                        model, ["--subfacts"])
            done.append((slug, write_submission(slug, folder, ranked, public, version, caqa_version, today,
                                                facts.get(slug))))
        run([caqa, "leaderboard", "check", "--dir", args.dir, "--benchmark", bench])
        run([caqa, "leaderboard", "publish", "--dir", args.dir, "--benchmark", bench, "--sealed-gold",
             f"{sealed}/ranked-gold.jsonl"])
        history = record_history(os.path.join(args.dir, "leaderboard.json"), args.dir, today)
    board = json.load(open(os.path.join(args.dir, "leaderboard.json"), encoding="utf-8"))
    print(f"publish_leaderboard: benchmark version {version} (caqa {caqa_version}), ranked split n = "
          f"{board['benchmark']['n']}, public split n = {board['benchmark']['public_n']}")
    for slug, what in done:
        print(f"  submissions/{slug}: {what}")
    for e in board["verified"]:
        print(f"  rank {e['rank']:>2}  {e['micro_f1']:.3f}  {e['slug']}")
    print(f"  history: {history}")


if __name__ == "__main__":
    sys.exit(main())
