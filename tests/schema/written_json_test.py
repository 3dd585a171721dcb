#!/usr/bin/env python3
"""Runs every caqa command that writes JSON into a temporary folder and checks each
document against schema/ (tests/schema/check_schemas.py).

  written_json_test.py CAQA     (from the repository root; run with /usr/bin/python3)

Covers: build (samples, manifest.json), export-gold (artifact and sidecar), score --json
(one file, several files, --binary, no bootstrap, a support3 gold without complexity
with --group-by), validate --json, compare --json, meta
--json (predictions and a pairs file), kalma --json (with and without judgments) and
--pairs, predict and eval (prediction files; eval against a local fake OpenAI-compatible
server), leaderboard publish (leaderboard.json) and the submissions' meta.json.
"""
import http.server
import json
import os
import shutil
import subprocess
import sys
import tempfile
import threading

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


class FakeJudge(http.server.BaseHTTPRequestHandler):
    """/v1/chat/completions answering every prompt with one category."""

    def do_POST(self):
        self.rfile.read(int(self.headers.get("Content-Length", 0)))
        body = json.dumps({"choices": [{"index": 0, "message": {"role": "assistant", "content": "Supportive"},
                                        "finish_reason": "stop"}]}).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def main():
    caqa = os.path.abspath(sys.argv[1])
    os.chdir(ROOT)
    failed = []
    tmp = tempfile.mkdtemp(prefix="caqa-schema-")

    def run(name, args, stdout_to=None, ok=(0,)):
        with open(os.path.join(tmp, stdout_to), "w") if stdout_to else open(os.devnull, "w") as out:
            code = subprocess.run([caqa, *args], stdout=out, stderr=subprocess.PIPE, text=True).returncode
        if code not in ok:
            failed.append(f"{name}: caqa {' '.join(args)} exited {code}")
        return os.path.join(tmp, stdout_to) if stdout_to else None

    def t(name):
        return os.path.join(tmp, name)

    E, K = "data/examples", "tests/fixtures/kalma/paper"
    # ctest builds the default benchmark once (CAQA_DEFAULT_BENCHMARK); alone, we build it.
    bench = os.environ.get("CAQA_DEFAULT_BENCHMARK") or t("bench")
    if bench == t("bench"):
        run("build", ["build", "-q", "-o", bench])
    run("export-gold", ["export-gold", f"{bench}/test.jsonl", "--split", "test", "-o", t("gold.jsonl")])
    run("export-gold of the examples", ["export-gold", f"{E}/benchmark.jsonl", "-o", t("examples_gold.jsonl")])
    checks = [f"benchmark_sample={bench}/train.jsonl", f"benchmark_sample={bench}/test.jsonl",
              f"build_manifest={bench}/manifest.json", f"gold_artifact={t('gold.jsonl')}",
              f"gold_artifact_meta={t('gold.jsonl.meta.json')}"]

    gold = ["--gold", f"{E}/benchmark.jsonl"]
    checks += [
        "score_report=" + run("score", ["score", f"{E}/pred_weak.jsonl", *gold, "--json"], "score.json"),
        "score_report=" + run("score two files", ["score", f"{E}/pred_good.jsonl", f"{E}/pred_llm_responses.jsonl",
                                                  *gold, "--json"], "score_two.json"),
        "score_report=" + run("score --binary", ["score", f"{E}/pred_weak.jsonl", *gold, "--json", "--binary"],
                              "score_binary.json"),
        "score_report=" + run("score --bootstrap 0", ["score", f"{E}/pred_weak.csv", *gold, "--json", "--bootstrap", "0"],
                              "score_noboot.json"),
        "score_report=" + run("score on export-gold", ["score", f"{E}/pred_weak.jsonl", "--gold", t("examples_gold.jsonl"), "--json"],
                              "score_export_gold.json"),
        "score_report=" + run("score support3 --group-by", ["score", "tests/golden/benchmarks/pred_support3.jsonl", "--gold",
                                                           "tests/golden/benchmarks/gold_support3.jsonl", "--json",
                                                           "--group-by", "src_dataset"], "score_support3_groups.json"),
        "validate_report=" + run("validate", ["validate", f"{E}/pred_malformed.jsonl", *gold, "--json"],
                                 "validate_bad.json", ok=(1,)),
        "validate_report=" + run("validate", ["validate", f"{E}/pred_llm_responses.jsonl", *gold, "--json"],
                                 "validate_good.json"),
        "compare_report=" + run("compare", ["compare", f"{E}/pred_good.jsonl", f"{E}/pred_weak.jsonl", *gold, "--json"],
                                "compare.json"),
        "meta_report=" + run("meta", ["meta", f"{E}/pred_weak.jsonl", *gold, "--json"], "meta.json"),
        "meta_report=" + run("meta pairs", ["meta", "tests/fixtures/meta/edge_pairs.jsonl", "--json", "--bootstrap", "0"],
                             "meta_pairs.json"),
        "meta_report=" + run("meta qid", ["meta", "tests/golden/oracle/qid600/pred_weak.jsonl", "--gold",
                                          "tests/golden/oracle/qid600/gold.jsonl", "--json"], "meta_qid.json"),
        "kalma_report=" + run("kalma", ["kalma", "--questions", f"{K}/questions.jsonl", "--answers", f"{K}/answers.jsonl",
                                        "--judgments", f"{K}/judgments.jsonl", "--json"], "kalma.json"),
        "kalma_report=" + run("kalma unjudged", ["kalma", "--questions", f"{K}/questions.jsonl", "--answers",
                                                 f"{K}/answers.jsonl", "--json"], "kalma_unjudged.json"),
        "kalma_pairs=" + run("kalma --pairs", ["kalma", "--questions", f"{K}/questions.jsonl", "--answers",
                                               f"{K}/answers.jsonl", "--pairs"], "kalma_pairs.jsonl"),
    ]

    run("predict", ["predict", "--evaluator", "lexical", "--train", f"{bench}/train.jsonl", "--gold",
                    f"{bench}/test.jsonl", "-o", t("pred_lexical.jsonl")])
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), FakeJudge)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    run("eval", ["eval", *gold, "--endpoint", f"http://127.0.0.1:{server.server_address[1]}", "--model", "fake",
                 "--limit", "6", "--quiet", "-o", t("pred_eval.jsonl")])
    server.shutdown()
    checks += [f"prediction={t('pred_lexical.jsonl')}", f"prediction={t('pred_eval.jsonl')}"]
    # The FActScore track (issue 41): sub-fact judgments and their report.
    run("predict --subfacts", ["predict", "--evaluator", "lexical", "--train", f"{bench}/train.jsonl", "--gold",
                               f"{bench}/test.jsonl", "--subfacts", "-o", t("subfacts.jsonl")])
    F = "tests/golden/factscore"
    checks += [f"subfact_prediction={t('subfacts.jsonl')}", f"subfact_prediction={F}/pred_mixed.jsonl",
               "factscore_report=" + run("factscore", ["factscore", t("subfacts.jsonl"), "--gold", f"{bench}/test.jsonl",
                                                       "--json"], "factscore.json"),
               "factscore_report=" + run("factscore --bootstrap 0", ["factscore", f"{F}/pred_bool.jsonl",
                                                                     f"{F}/pred_mixed.jsonl", "--gold", f"{F}/gold.jsonl",
                                                                     "--json", "--bootstrap", "0"], "factscore_0.json")]

    run("leaderboard seal", ["leaderboard", "seal", "--benchmark", bench, "-o", t("sealed")])
    run("leaderboard publish", ["leaderboard", "publish", "--benchmark", bench, "--sealed-gold",
                                t("sealed/ranked-gold.jsonl"), "-o", t("leaderboard.json")])
    checks += [f"leaderboard={t('leaderboard.json')}", "leaderboard=leaderboard/leaderboard.json"]
    submissions = "leaderboard/submissions"
    for slug in sorted(os.listdir(submissions)):
        if os.path.isfile(os.path.join(submissions, slug, "meta.json")):
            checks.append(f"leaderboard_meta={submissions}/{slug}/meta.json")

    for problem in failed:
        print("FAIL: " + problem)
    missing = [c for c in checks if not os.path.exists(c.partition("=")[2])]
    for c in missing:
        print(f"FAIL: {c.partition('=')[2]} was not written")
    present = [c for c in checks if c not in missing]
    check = [sys.executable, os.path.join(ROOT, "tests/schema/check_schemas.py"), "--schemas", os.path.join(ROOT, "schema")]
    code = subprocess.run(check + present).returncode
    if code == 77:
        return 77

    # The schemas must also reject: each of these broken copies has to fail on its own.
    def broken(name, source, change):
        doc = json.load(open(source))
        change(doc)
        json.dump(doc, open(t(name), "w"))
        return t(name)

    for bad in [f"score_report={broken('no_micro.json', t('score.json'), lambda d: d.pop('micro_f1'))}",
                f"score_report={broken('label_typo.json', t('score.json'), lambda d: d['per_label'].pop('irrelevant'))}",
                f"kalma_report={broken('judgments_int.json', t('kalma.json'), lambda d: d.update(judgments=3))}",
                f"meta_report={broken('tau_text.json', t('meta.json'), lambda d: d['correlation'].update(kendall_tau_b='x'))}",
                f"leaderboard={broken('badge.json', t('leaderboard.json'), lambda d: d['verified'][0].update(badge='gold'))}",
                f"build_manifest={broken('no_sha.json', bench + '/manifest.json', lambda d: d['outputs'][0].pop('sha256'))}"]:
        if subprocess.run(check + [bad], stdout=subprocess.DEVNULL).returncode != 1:
            failed.append(f"{bad} passed its schema, but it is broken")
        else:
            print(f"ok: rejected {os.path.basename(bad.partition('=')[2])}")
    for problem in failed:
        print("FAIL: " + problem)
    shutil.rmtree(tmp)
    return 1 if failed or missing or code else 0


if __name__ == "__main__":
    sys.exit(main())
