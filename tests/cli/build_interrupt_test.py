#!/usr/bin/env python3
"""cli.build_interrupt: caqa build replaces its output folder all-or-nothing (issue 12).

    build_interrupt_test.py CAQA SOURCE_DIR

The default KG with its 397 questions repeated 30 times (tens of MB of output) is built
once; a second build with another seed is then stopped (SIGSTOP) as soon as its temporary
folder appears, sent SIGINT or SIGTERM, and continued (SIGCONT), so the signal always lands
in the write phase, with no test hook in caqa. The old benchmark must be byte-identical and
agree with its manifest's SHA-256s, and no temporary folder may remain. A run killed with
SIGKILL leaves its temporary folder, which the next build into the same folder removes.
"""
import hashlib
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

caqa, src = sys.argv[1], sys.argv[2]
data = os.path.join(src, "data", "default")
failures = []


def check(ok, what):
    print(("ok: " if ok else "FAIL: ") + what)
    if not ok:
        failures.append(what)


def digests(folder):
    return {name: hashlib.sha256(open(os.path.join(folder, name), "rb").read()).hexdigest()
            for name in sorted(os.listdir(folder))}


def temporaries(parent):
    return [name for name in os.listdir(parent) if name.startswith(".caqa-")]


def build_command(questions, out, seed):
    # --no-audit: the probes are not what this test is about, and they double the build time.
    return [caqa, "build", "-q", "--no-audit", "--kg", os.path.join(data, "triples.tsv"), "--names", os.path.join(data, "names.tsv"),
            "--types", os.path.join(data, "types.tsv"), "--templates", os.path.join(data, "relation_templates.tsv"),
            "--questions", questions, "--seed", str(seed), "-o", out]


def interrupted_build(questions, out, seed, sig):
    """Starts a build, delivers sig once its temporary folder exists; returns its exit status."""
    parent = os.path.dirname(out)
    # SIGINT as in a terminal, even when this test runs in the background (where it is ignored).
    proc = subprocess.Popen(build_command(questions, out, seed),
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    deadline = time.monotonic() + 60
    while proc.poll() is None and not temporaries(parent) and time.monotonic() < deadline:
        time.sleep(0.0005)
    if proc.poll() is None:
        proc.send_signal(signal.SIGSTOP)
        proc.send_signal(sig)
        proc.send_signal(signal.SIGCONT)
    return proc.wait()


with tempfile.TemporaryDirectory() as tmp:
    questions = os.path.join(tmp, "questions.jsonl")
    lines = [json.loads(line) for line in open(os.path.join(data, "questions.jsonl")) if line.strip()]
    with open(questions, "w") as f:
        for copy in range(30):
            for q in lines:
                f.write(json.dumps(dict(q, id=f"{q['id']}-r{copy}")) + "\n")
    out = os.path.join(tmp, "bench")
    check(subprocess.run(build_command(questions, out, 1)).returncode == 0, "first build")
    old = digests(out)
    manifest = json.load(open(os.path.join(out, "manifest.json")))
    check(all(old[o["path"]] == o["sha256"] for o in manifest["outputs"]), "first build matches its manifest")

    for sig in (signal.SIGINT, signal.SIGTERM):
        status = interrupted_build(questions, out, 2, sig)
        check(status == -sig, f"{sig.name} in the write phase ends the build by that signal (status {status})")
        check(digests(out) == old, f"{sig.name}: the old benchmark is byte-identical")
        check(not temporaries(tmp), f"{sig.name}: no temporary folder remains ({temporaries(tmp)})")
        check(not [n for n in os.listdir(out) if ".tmp-" in n], f"{sig.name}: no temporary file in the benchmark")

    status = interrupted_build(questions, out, 2, signal.SIGKILL)
    check(status == -signal.SIGKILL and digests(out) == old, "SIGKILL in the write phase: the old benchmark is whole")
    left = temporaries(tmp)
    check(len(left) == 1, f"SIGKILL leaves its temporary folder ({left})")
    check(subprocess.run(build_command(questions, out, 3)).returncode == 0, "the next build succeeds")
    check(not temporaries(tmp), f"the next build removed the stale temporary folder ({temporaries(tmp)})")
    check(digests(out) != old and set(digests(out)) == set(old), "the next build replaced the benchmark")

    # A folder holding other files is not replaced (that would delete them).
    with open(os.path.join(out, "notes.txt"), "w") as f:
        f.write("mine\n")
    before = digests(out)
    status = subprocess.run(build_command(questions, out, 3), stderr=subprocess.PIPE, text=True)
    check(status.returncode == 2 and "notes.txt" in status.stderr, f"a folder with other files is refused: {status.stderr.strip()}")
    check(digests(out) == before, "the refused folder is untouched")

sys.exit(1 if failures else 0)
