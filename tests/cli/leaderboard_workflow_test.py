#!/usr/bin/env python3
"""Runs the leaderboard repository's CI workflow (leaderboard/.github/workflows/
leaderboard.yml) the way GitHub would, on a fixture pull request, so the file cannot rot:

  - the repository: leaderboard/ copied into a temporary git repository with a bare
    "origin", plus tests/fixtures/leaderboard_pr/ (a new submission, predictions written
    here for the current ranked split, so the fixture follows the benchmark);
  - event pull_request: every step whose `if` holds runs; `check` must pass;
  - event push: the sealed labels come from a file:// URL as the secrets would name
    them, publish runs, the board is committed and pushed, and the fixture is ranked;
  - a broken pull request (a symlinked predictions file) makes the check step fail.
Steps: `uses:` ones are GitHub's own and skipped; `install-caqa` is replaced by CAQA on
PATH and `build-benchmark` by copying BENCH.

  leaderboard_workflow_test.py CAQA BENCH
"""
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import yaml

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
WORKFLOW = os.path.join(ROOT, "leaderboard", ".github", "workflows", "leaderboard.yml")


def expand(text, ctx):
    return re.sub(r"\$\{\{\s*([\w.]+)\s*\}\}", lambda m: ctx[m.group(1)], text)


def condition(expr, event):
    if expr is None:
        return True
    m = re.fullmatch(r"github\.event_name == '(\w+)'", expr.strip())
    assert m, f"the test understands only github.event_name == '...' conditions, not {expr!r}"
    return m.group(1) == event


def run_workflow(repo, event, caqa, bench, secrets):
    flow = yaml.safe_load(open(WORKFLOW, encoding="utf-8"))
    triggers = flow[True] if True in flow else flow["on"]  # YAML 1.1 reads `on` as true
    assert event in triggers, f"the workflow does not run on {event}"
    temp = tempfile.mkdtemp(prefix="runner-temp-")
    ctx = {"runner.temp": temp, **{f"secrets.{k}": v for k, v in secrets.items()}}
    path_env = f"{os.path.dirname(os.path.abspath(caqa))}:{os.environ['PATH']}"
    ran = []
    try:
        for job in flow["jobs"].values():
            env = {k: expand(str(v), ctx) for k, v in job.get("env", {}).items()}
            for step in job["steps"]:
                if "uses" in step or not condition(step.get("if"), event):
                    continue
                if step.get("id") == "install-caqa":
                    continue  # CAQA is on PATH
                if step.get("id") == "build-benchmark":
                    shutil.copytree(bench, os.path.join(temp, "benchmark"))
                    continue
                step_env = {**os.environ, **env, "PATH": path_env, "RUNNER_TEMP": temp, "GITHUB_EVENT_NAME": event,
                            **{k: expand(str(v), ctx) for k, v in step.get("env", {}).items()}}
                r = subprocess.run(["bash", "-eo", "pipefail", "-c", step["run"]], cwd=repo, env=step_env,
                                   capture_output=True, text=True)
                ran.append(step["name"])
                if r.returncode != 0:
                    return False, ran, r.stderr
        leftover = os.path.join(temp, "ranked-gold.jsonl")
        assert not os.path.exists(leftover), "the sealed labels were left in the runner's temporary folder"
        return True, ran, ""
    finally:
        shutil.rmtree(temp)


def git(repo, *args):
    subprocess.run(["git", *args], cwd=repo, check=True, capture_output=True)


def main():
    caqa, bench = os.path.abspath(sys.argv[1]), os.path.abspath(sys.argv[2])
    work = tempfile.mkdtemp(prefix="caqa-workflow-")
    try:
        sealed = os.path.join(work, "sealed")
        subprocess.run([caqa, "leaderboard", "seal", "--benchmark", bench, "-o", sealed], check=True, capture_output=True)
        version = subprocess.run(["sha256sum", os.path.join(bench, "test.jsonl")], check=True, capture_output=True,
                                 text=True).stdout.split()[0]
        origin, repo = os.path.join(work, "origin.git"), os.path.join(work, "repo")
        subprocess.run(["git", "init", "-q", "--bare", "-b", "main", origin], check=True)
        shutil.copytree(os.path.join(ROOT, "leaderboard"), repo, ignore=shutil.ignore_patterns("history", "history.json"))
        git(repo, "init", "-q", "-b", "main")
        git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "add", "-A")
        git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "the board")
        git(repo, "remote", "add", "origin", origin)
        git(repo, "push", "-q", "origin", "main")
        git(repo, "branch", "-u", "origin/main")
        # The pull request: the fixture submission, its predictions for the current ranked split.
        shutil.copytree(os.path.join(ROOT, "tests", "fixtures", "leaderboard_pr", "submissions"),
                        os.path.join(repo, "submissions"), dirs_exist_ok=True)
        sub = os.path.join(repo, "submissions", "fixture-evaluator")
        meta = open(os.path.join(sub, "meta.json"), encoding="utf-8").read().replace("@BENCHMARK_VERSION@", version)
        open(os.path.join(sub, "meta.json"), "w", encoding="utf-8").write(meta)
        with open(os.path.join(sealed, "ranked-inputs.jsonl"), encoding="utf-8") as f, \
                open(os.path.join(sub, "predictions.jsonl"), "w", encoding="utf-8") as out:
            for line in f:
                out.write(json.dumps({"id": json.loads(line)["id"], "label": "irrelevant"}) + "\n")
        git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "add", "-A")
        git(repo, "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-q", "-m", "submit fixture-evaluator")

        ok, ran, err = run_workflow(repo, "pull_request", caqa, bench, {})
        assert ok, f"pull_request: the check failed: {err}"
        assert not any("Publish" in r for r in ran), f"pull_request ran publish: {ran}"

        # A broken pull request: a predictions file that links outside the tree.
        broken = os.path.join(work, "broken")
        shutil.copytree(repo, broken, symlinks=True)
        os.remove(os.path.join(broken, "submissions", "fixture-evaluator", "predictions.jsonl"))
        os.symlink(os.path.join(sealed, "ranked-gold.jsonl"),
                   os.path.join(broken, "submissions", "fixture-evaluator", "predictions.jsonl"))
        ok, _, err = run_workflow(broken, "pull_request", caqa, bench, {})
        assert not ok and "is a symbolic link" in err, f"a symlinked submission passed the check: {err}"

        secrets = {"CAQA_SEALED_GOLD_URL": "file://" + os.path.join(sealed, "ranked-gold.jsonl"),
                   "CAQA_SEALED_GOLD_TOKEN": "token"}
        ok, ran, err = run_workflow(repo, "push", caqa, bench, secrets)
        assert ok, f"push: {err}"
        assert any("Publish" in r for r in ran) and any("Commit" in r for r in ran), ran
        pushed = subprocess.run(["git", "--git-dir", origin, "show", "main:leaderboard.json"], check=True,
                                capture_output=True, text=True).stdout
        board = json.loads(pushed)
        row = next(e for e in board["verified"] if e["slug"] == "fixture-evaluator")
        assert row["n"] == board["benchmark"]["n"] and board["benchmark"]["part"] == "ranked", row
        print(f"ok: workflow on a fixture pull request: check passed ({len(ran)} step(s) on push), a symlinked "
              f"submission failed the check, publish ranked fixture-evaluator {row['rank']} "
              f"(micro-F1 {row['micro_f1']:.3f}) and pushed the board")
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
