#!/usr/bin/python3
"""caqa train --model reader and caqa predict --evaluator reader end to end (issue 34):
the weights file read by a plain reader of the safetensors format, a run killed with
SIGKILL and resumed ending with the uninterrupted run's weights, predictions that caqa
score accepts, a support3 gold that trains a 3-class reader, and the errors a user meets.

usage: reader_cli_test.py CAQA BENCHMARK_DIR   (BENCHMARK_DIR: a `caqa build` output)
"""
import hashlib
import json
import os
import signal
import struct
import subprocess
import sys
import tempfile
import time

CAQA, BENCH = sys.argv[1], sys.argv[2]
SMALL = ["--embed", "8", "--hidden", "16", "--dim", "4096", "--max-samples", "900", "--backend", "cpu", "-q"]
failures = []


def check(ok, what):
    print(("ok   " if ok else "FAIL ") + what)
    if not ok:
        failures.append(what)


def run(*args, expect=0):
    p = subprocess.run([CAQA, *args], capture_output=True, text=True)
    if p.returncode != expect:
        print(p.stderr[-2000:])
    check(p.returncode == expect, f"caqa {' '.join(args[:3])}... exits {expect} (got {p.returncode})")
    return p


def read_safetensors(path):
    """The format by hand: u64 header size, JSON header, raw little-endian data."""
    data = open(path, "rb").read()
    (n,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8:8 + n])
    body = data[8 + n:]
    tensors = {}
    for name, t in header.items():
        if name == "__metadata__":
            continue
        begin, end = t["data_offsets"]
        count = 1
        for d in t["shape"]:
            count *= d
        assert t["dtype"] == "F32" and end - begin == 4 * count, name
        tensors[name] = (t["shape"], body[begin:end])
    return header.get("__metadata__", {}), tensors


with tempfile.TemporaryDirectory() as tmp:
    train = os.path.join(BENCH, "train.jsonl")
    test = os.path.join(BENCH, "test.jsonl")
    model = os.path.join(tmp, "reader.safetensors")
    p = run("train", "--model", "reader", "--train", train, "-o", model, "--epochs", "3", "--checkpoint-dir",
            os.path.join(tmp, "ckA"), *SMALL)
    check("epoch 3/3" in p.stderr and "dev micro-F1" in p.stderr, "train reports each epoch with dev micro-F1")
    meta, tensors = read_safetensors(model)
    version = hashlib.sha256(open(test, "rb").read()).hexdigest()
    check(meta.get("architecture", "").startswith("caqa-reader/"), "header names the architecture")
    check(meta.get("scheme") == "caqa4" and meta.get("classes") == "4", "header names the scheme and its classes")
    check(meta.get("benchmark_version") == version, "header names the benchmark version (SHA-256 of test.jsonl)")
    check("train" in meta.get("command", "") and "--model reader" in meta.get("command", ""),
          "header has the training command")
    check("fnv1a64" in meta.get("tokenizer", ""), "header describes the tokenizer hashing")
    check(tensors["embedding"][0] == [4096, 8] and tensors["classify.weight"][0] == [4, 16],
          "tensor shapes follow the configuration")
    curve = json.loads(meta["learning_curve"])
    check(len(curve) == 3 and all(0 <= e["dev_micro_f1"] <= 1 for e in curve), "learning curve per epoch")
    try:
        from safetensors.numpy import load_file  # Hugging Face's reader, where installed
        loaded = load_file(model)
        check(loaded["embedding"].shape == (4096, 8), "safetensors (Hugging Face) reads the file")
    except ImportError:
        print("note: python3 safetensors not installed; the plain reader above read the file")

    # Killed after a checkpoint, resumed: the same weights as the uninterrupted run.
    killed = os.path.join(tmp, "killed.safetensors")
    ck = os.path.join(tmp, "ckB")
    args = ["train", "--model", "reader", "--train", train, "-o", killed, "--epochs", "3", "--checkpoint-dir", ck,
            *SMALL]
    proc = subprocess.Popen([CAQA, *args], stderr=subprocess.DEVNULL)
    deadline = time.time() + 120
    while time.time() < deadline and not os.path.exists(os.path.join(ck, "checkpoint.safetensors")):
        time.sleep(0.05)
    if proc.poll() is None:
        proc.send_signal(signal.SIGKILL)
    proc.wait()
    check(not os.path.exists(killed) or proc.returncode == 0, "the killed run wrote no output")
    run(*args, "--resume")
    _, resumed = read_safetensors(killed)
    check(all(resumed[k][1] == tensors[k][1] for k in tensors), "resumed after SIGKILL: same weights, byte for byte")

    # Predictions that caqa score reads.
    preds = os.path.join(tmp, "pred.jsonl")
    p = run("predict", "--evaluator", "reader", "--model", model, "--gold", test, "-o", preds, "--backend", "cpu")
    lines = [json.loads(l) for l in open(preds)]
    check(len(lines) == sum(1 for _ in open(test)), "one prediction per test sample")
    check({l["label"] for l in lines} <= {"supportive", "partially_supportive", "contradictory", "irrelevant"},
          "labels are the scheme's")
    check(all(0 <= l["score"] <= 1 and 0 <= l["confidence"] <= 1 for l in lines), "score and confidence in [0, 1]")
    run("score", "--gold", test, preds)

    # A support3 gold trains a three-class reader.
    mapping = {"supportive": "full", "partially_supportive": "partial"}
    s3 = os.path.join(tmp, "support3.jsonl")
    with open(s3, "w") as out:
        for line in open(train):
            r = json.loads(line)
            r["label"] = mapping.get(r["label"], "no")
            r["scheme"] = "support3"
            out.write(json.dumps(r) + "\n")
    m3 = os.path.join(tmp, "s3.safetensors")
    run("train", "--model", "reader", "--train", s3, "-o", m3, "--epochs", "1", *SMALL)
    meta3, t3 = read_safetensors(m3)
    check(meta3.get("scheme") == "support3" and t3["classify.bias"][0] == [3], "support3: three output classes")
    p3 = os.path.join(tmp, "p3.jsonl")
    p = run("predict", "--evaluator", "reader", "--model", m3, "--gold", s3, "-o", p3, "--backend", "cpu")
    check({json.loads(l)["label"] for l in open(p3)} <= {"full", "partial", "no"}, "support3 predictions")
    check("scheme support3" in p.stderr, "predict scores a support3 gold in its scheme")

    # Errors a user meets.
    p = run("train", "--model", "reader", "--train", train, "-o", model, "--resume", expect=2)
    check("--checkpoint-dir" in p.stderr, "--resume without --checkpoint-dir says what is missing")
    truncated = os.path.join(tmp, "truncated.safetensors")
    open(truncated, "wb").write(open(model, "rb").read()[:1000])
    p = run("predict", "--evaluator", "reader", "--model", truncated, "--gold", test, "-o", preds, expect=2)
    check("truncated.safetensors" in p.stderr and ("exceeds" in p.stderr or "outside" in p.stderr),
          "a truncated weights file is refused with the reason")
    p = run("train", "--model", "reader", "--train", train, "-o", model, "--view", "citation", expect=2)
    check("--view applies to --model logreg" in p.stderr, "--view with the reader is refused")
    p = run("train", "--model", "reader", "--train", train, "-o", model, "--window", "4", *SMALL, expect=2)
    check("window must be odd" in p.stderr, "an even window is refused")

print(f"{len(failures)} failure(s)")
sys.exit(1 if failures else 0)
