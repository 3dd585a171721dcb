// Issue 43: caqa eval writes only what the server said. Every protocol against a server
// that misbehaves after a good start (hostile_server.h), every misbehaviour: each run ends
// in a file caqa score reads whole, or with failures that name the samples and the
// server's words, and meta counts that match the file; a kill -9 mid-run resumes. The
// table in docs/eval.md ("When the server misbehaves") is this matrix.
#include <gtest/gtest.h>

#include <cmath>
#include <iostream>
#include <map>

#include "eval/pair_protocol.h"
#include "eval_test_util.h"
#include "hostile_server.h"

namespace caqa::eval::hostile {

using namespace caqa::eval::testing;
using caqa::eval::testing::run_caqa;
using Json = nlohmann::json;

constexpr std::size_t kSamples = 16;
constexpr Api kApis[] = {Api::Chat, Api::Completions, Api::TeiPredict, Api::VllmClassify, Api::VllmScore};

std::string class_map_spec(Api api) {
  if (api == Api::VllmClassify) return "0=contradictory,1=supportive,2=irrelevant";
  if (api == Api::VllmScore) return "positive=supportive,negative=irrelevant";
  return "entailment=supportive,neutral=irrelevant,contradiction=contradictory";
}

// The first kSamples samples of the example benchmark, as a gold file of their own.
struct Gold {
  TempDir dir;
  std::string path = dir.file("gold.jsonl");
  std::vector<Json> samples;
  Gold() {
    std::string text;
    for (const auto& line : lines_of(slurp(kBench))) {
      if (samples.size() == kSamples) break;
      samples.push_back(Json::parse(line));
      text += line + "\n";
    }
    std::ofstream(path) << text;
  }
};

struct HostileRun {
  RunSummary summary;
  std::vector<Json> lines;
  Json meta;
  bool written = false;
};

HostileRun run_at(const std::string& url, Api api, const Gold& gold, const std::string& out, bool raw_scores) {
  RunnerSettings s = fast_settings({url}, out);
  s.request.model = "fake-nli";
  s.request.api = api;
  s.request.timeout_s = 0.3;
  s.request.raw_scores = raw_scores;
  s.max_retries = 1;
  s.stop_after_identical = 0;
  s.concurrency = 4;
  s.overwrite = true;
  HostileRun r;
  if (is_pair_api(api)) {
    std::string error;
    s.pair_classes = parse_class_map(class_map_spec(api), caqa_scheme(), 0.5, error);
    s.request.pair_separator = "</s></s>";
    std::vector<PairItem> items;
    for (const Json& j : gold.samples) items.push_back({j["id"], j["citation"], j["answer"]});
    r.summary = run_pair_eval(items, /*batch=*/4, s);
  } else {
    s.request.top_logprobs = 2;
    r.summary = run_eval(bench_items(kSamples), s);
  }
  r.written = fs::exists(out);
  if (r.written) {
    for (const auto& line : lines_of(slurp(out))) r.lines.push_back(Json::parse(line));
    r.meta = Json::parse(slurp(out + ".meta.json"));
  }
  return r;
}

HostileRun run(Api api, Misbehaviour mode, const Gold& gold, const std::string& out, bool raw_scores = false) {
  // The preflight's request and the first real one are answered well.
  HostileServer server(mode, /*healthy=*/2, /*slow_s=*/0.6);
  return run_at(server.url(), api, gold, out, raw_scores);
}

// What every run must hold, whatever the server did.
void expect_backed(const HostileRun& r, const Gold& gold, const std::string& out, const std::string& what) {
  if (!r.summary.fatal.empty()) {
    EXPECT_FALSE(r.written) << what << ": a run that could not start writes nothing";
    return;
  }
  ASSERT_TRUE(r.written) << what;
  EXPECT_EQ(r.lines.size(), r.summary.completed) << what;
  EXPECT_EQ(r.summary.failures.size(), kSamples - r.summary.completed) << what;
  EXPECT_EQ(r.meta["counts"]["completed"], r.lines.size()) << what;
  EXPECT_EQ(r.meta["counts"]["failed"], kSamples - r.lines.size()) << what;
  for (const Json& line : r.lines) {
    EXPECT_TRUE(line.contains("label") || line.contains("response")) << what << ": " << line.dump();
    if (!line.contains("probs")) continue;
    double sum = 0;
    for (const auto& [cls, p] : line["probs"].items()) {
      EXPECT_TRUE(p.get<double>() >= 0 && p.get<double>() <= 1) << what << ": " << line.dump();
      sum += p.get<double>();
    }
    EXPECT_NEAR(sum, 1.0, 1e-9) << what << ": " << line.dump();
  }
  for (const std::string& failure : r.summary.failures)
    EXPECT_TRUE(std::any_of(gold.samples.begin(), gold.samples.end(),
                            [&](const Json& s) { return failure.starts_with(s["id"].get<std::string>() + ": "); }))
        << what << ": a failure names its sample: " << failure;
  if (r.lines.empty()) return;
  EXPECT_EQ(run_caqa({"score", out, "--gold", gold.path, "--ignore-missing", "--json", "-o", out + ".score.json"}), 0)
      << what << ": caqa score reads every line";
}

// One cell of docs/eval.md's table: samples written, and what the failures say.
std::string outcome(const HostileRun& r) {
  if (!r.summary.fatal.empty()) return "refused at the start";
  std::string cell = std::to_string(r.summary.completed) + "/" + std::to_string(kSamples);
  if (r.summary.failures.empty()) return cell;
  const std::string& f = r.summary.failures.front();
  std::string kind = f.substr(f.find(": ") + 2);
  kind = kind.substr(0, std::min(kind.find(" ("), kind.find(" from ")));
  for (const auto& [words, why] :
       std::initializer_list<std::pair<const char*, const char*>>{{"is not in --label-map", "class not in --label-map"},
                                                                  {"not probabilities", "not probabilities"},
                                                                  {"not a probability", "not a probability"},
                                                                  {"--logprobs-mode", "logprobs above 0"},
                                                                  {"finite", "not finite"},
                                                                  {"redirect to", "redirect not followed"}})
    if (f.find(words) != std::string::npos) kind += ": " + std::string(why);
  return cell + ", " + kind;
}

TEST(EvalHostile, EveryProtocolEndsInABackedFileOrAClearFailure) {
  Gold gold;
  std::map<int, std::string> table;  // by misbehaviour: "| mode | cell | cell ..."
  for (Api api : kApis)
    for (Misbehaviour mode : kMisbehaviours) {
      const std::string what = std::string(api_name(api)) + " / " + misbehaviour_name(mode);
      const std::string out = gold.dir.file(std::string(api_name(api)) + std::to_string(static_cast<int>(mode)));
      const HostileRun r = run(api, mode, gold, out);
      expect_backed(r, gold, out, what);
      std::string& row = table[static_cast<int>(mode)];
      if (row.empty()) row = std::string("| ") + misbehaviour_name(mode) + " |";
      row += " " + outcome(r) + " |";
      if (!r.summary.fatal.empty()) continue;
      std::string failures;
      for (const auto& f : r.summary.failures) failures += f + "\n";
      switch (mode) {
        case Misbehaviour::None:
        case Misbehaviour::Huge: EXPECT_EQ(r.summary.completed, kSamples) << what << "\n" << failures; break;
        case Misbehaviour::LongBatch:
          // A judge's second choice is ignored; a pair API's extra answer is no answer of its batch.
          EXPECT_EQ(r.summary.completed == kSamples, !is_pair_api(api)) << what << "\n" << failures;
          break;
        case Misbehaviour::UnknownClass:
          if (api == Api::VllmScore) break;  // one score has no class
          if (!is_pair_api(api)) {
            EXPECT_EQ(r.summary.completed, kSamples) << what << ": an unread reply is the scorer's to count";
            break;
          }
          EXPECT_LT(r.summary.completed, kSamples) << what;
          EXPECT_NE(failures.find("is not in --label-map (known: "), std::string::npos) << what << "\n" << failures;
          EXPECT_NE(failures.find(api == Api::TeiPredict ? "FOO" : "0.0"), std::string::npos)
              << what << ": the server's words\n"
              << failures;
          break;
        case Misbehaviour::Logits:
          EXPECT_LT(r.summary.completed, kSamples) << what;
          EXPECT_NE(failures.find(is_pair_api(api) ? "--raw-scores" : "--logprobs-mode"), std::string::npos)
              << what << "\n"
              << failures;
          break;
        case Misbehaviour::Redirect:
          EXPECT_LT(r.summary.completed, kSamples) << what;
          EXPECT_NE(failures.find("redirect to /elsewhere; caqa follows no redirect"), std::string::npos)
              << what << "\n"
              << failures;
          break;
        default: EXPECT_LT(r.summary.completed, kSamples) << what << ": every request after the start fails"; break;
      }
    }
  std::cout << "| server | chat | completions | tei | vllm-classify | vllm-score |\n|---|---|---|---|---|---|\n";
  for (const auto& [mode, row] : table) std::cout << row << "\n";
}

TEST(EvalHostile, RawScoresTakeLogitsOnPurpose) {
  Gold gold;
  for (Api api : kApis) {
    const std::string what = std::string(api_name(api)) + " --raw-scores";
    const std::string out = gold.dir.file(std::string(api_name(api)) + ".raw.jsonl");
    const HostileRun r = run(api, Misbehaviour::Logits, gold, out, /*raw_scores=*/true);
    expect_backed(r, gold, out, what);
    EXPECT_EQ(r.summary.completed, kSamples) << what;
    EXPECT_EQ(r.meta["settings"]["raw_scores"], true) << what;
    // The same cache without --raw-scores: the logits it holds are refused and asked again.
    HostileServer mended(Misbehaviour::None, 0);
    const HostileRun again = run_at(mended.url(), api, gold, out, /*raw_scores=*/false);
    expect_backed(again, gold, out, what + ", then without");
    EXPECT_EQ(again.summary.completed, kSamples) << what;
    if (api == Api::VllmScore)  // the logits inside [0, 1] pass as probabilities
      EXPECT_GT(mended.requests(), 1) << what;
    else
      // The preflight, then every sample the logits server answered after its good start
      // (one request: a judge's sample, a batch of 4 pairs).
      EXPECT_EQ(mended.requests(), 1 + static_cast<long>(kSamples) - (is_pair_api(api) ? 4 : 1)) << what;
  }
}

// The two cases of the issue through the caqa binary: an unknown class mid-run and raw
// scores from a TEI-style server end in exit 1, meta counts that match the file, and a
// file caqa score takes; the same command against a server that answers well again asks
// for the failed pairs alone; --stop-after stops the run.
std::vector<std::string> tei_args(const Gold& gold, const std::string& url, const std::string& out,
                                  const char* batch = "4") {
  return {"eval",
          "--gold",
          gold.path,
          "--api",
          "tei",
          "--model",
          "fake-nli",
          "--endpoint",
          url,
          "--label-map",
          class_map_spec(Api::TeiPredict),
          "--batch",
          batch,
          "--quiet",
          "-o",
          out};
}

TEST(EvalHostile, TheCliExitsOneWithCountsThatMatchAndResumesOnlyTheFailed) {
  Gold gold;
  for (Misbehaviour mode : {Misbehaviour::UnknownClass, Misbehaviour::Logits}) {
    HostileServer server(mode, /*healthy=*/2);
    const std::string out = gold.dir.file(std::string("cli-") + std::to_string(static_cast<int>(mode)) + ".jsonl");
    EXPECT_EQ(run_caqa(tei_args(gold, server.url(), out)), 1) << misbehaviour_name(mode);
    const auto lines = lines_of(slurp(out));
    const Json meta = Json::parse(slurp(out + ".meta.json"));
    EXPECT_EQ(meta["counts"]["completed"], lines.size());
    EXPECT_EQ(meta["counts"]["failed"], kSamples - lines.size());
    EXPECT_GT(lines.size(), 0u);
    EXPECT_LT(lines.size(), kSamples);
    EXPECT_EQ(run_caqa({"score", out, "--gold", gold.path, "--ignore-missing", "-o", out + ".score"}), 0);
    // The server misbehaves still: its preflight pair says so before anything is sent.
    EXPECT_EQ(run_caqa(tei_args(gold, server.url(), out)), 2);
    EXPECT_EQ(lines_of(slurp(out)).size(), lines.size()) << "a refused start keeps the file";
    HostileServer mended(Misbehaviour::None, 0);
    EXPECT_EQ(run_caqa(tei_args(gold, mended.url(), out)), 0);
    EXPECT_EQ(lines_of(slurp(out)).size(), kSamples);
    EXPECT_EQ(mended.requests(), 1 + static_cast<long>(kSamples - lines.size()))
        << "the preflight, then each failed pair alone";
  }
  HostileServer server(Misbehaviour::UnknownClass, /*healthy=*/2);
  auto args = tei_args(gold, server.url(), gold.dir.file("stop.jsonl"), "1");
  for (const std::string& more : {"--concurrency", "1", "--stop-after", "2"}) args.push_back(more);
  EXPECT_EQ(run_caqa(args), 1);
  EXPECT_EQ(server.requests(), 2 + 2) << "the preflight and a good answer, then two identical refusals";
}

// kill -9 in the middle of a run against each misbehaving server, on each protocol, after
// the server has seen five requests; the same command against a mended server finishes it.
TEST(EvalHostile, AKilledRunAgainstAMisbehavingServerResumes) {
  Gold gold;
  for (Misbehaviour mode : kMisbehaviours)
    for (Api api : kApis) {
      HostileServer server(mode, /*healthy=*/3, /*slow_s=*/0.3, /*pace_s=*/0.03);
      const std::string out = gold.dir.file(std::string("kill-") + std::string(api_name(api)) +
                                            std::to_string(static_cast<int>(mode)) + ".jsonl");
      auto args = [&](const std::string& url) {
        std::vector<std::string> a = {"eval",
                                      "--gold",
                                      gold.path,
                                      "--api",
                                      std::string(api_name(api)),
                                      "--model",
                                      "fake-nli",
                                      "--endpoint",
                                      url,
                                      "--concurrency",
                                      "1",
                                      "--timeout",
                                      "0.5",
                                      "--max-retries",
                                      "1",
                                      "--retry-base",
                                      "0.01",
                                      "--quiet",
                                      "-o",
                                      out};
        if (is_pair_api(api))
          for (const std::string& more : {std::string("--label-map"), class_map_spec(api), std::string("--batch"),
                                          std::string("2"), std::string("--pair-separator"), std::string("</s></s>")})
            a.push_back(more);
        return a;
      };
      const std::string what = std::string(api_name(api)) + " / " + misbehaviour_name(mode);
      const pid_t child = spawn_cli(args(server.url()));
      for (int i = 0; i < 4000 && server.requests() < 5; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(1));
      ASSERT_EQ(::kill(child, SIGKILL), 0) << what;
      EXPECT_EQ(wait_exit(child), -SIGKILL) << what << ": the run ended before the kill";
      EXPECT_FALSE(fs::exists(out)) << what;
      HostileServer mended(Misbehaviour::None, 0);
      EXPECT_EQ(wait_exit(spawn_cli(args(mended.url()))), 0) << what;
      const auto lines = lines_of(slurp(out));
      EXPECT_EQ(lines.size(), kSamples) << what;
      EXPECT_EQ(Json::parse(slurp(out + ".meta.json"))["counts"]["completed"], lines.size()) << what;
      for (const auto& line : lines) {
        const Json j = Json::parse(line);
        EXPECT_TRUE(j.contains("label") || j.contains("response")) << what << ": " << line;
      }
    }
}

}  // namespace caqa::eval::hostile
