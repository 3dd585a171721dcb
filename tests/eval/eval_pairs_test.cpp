// caqa eval's pair-classifier APIs (TEI /predict, vLLM /classify and /score) and a chat
// judge's log-probabilities, against fake servers written from the servers' documented
// shapes: batches, label maps, probabilities, retries, the preflight, and resume after
// SIGKILL without a batch sent twice. Two runs' files are left for eval_meta_sklearn.py.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <thread>

#include "eval/logprob_classes.h"
#include "eval/pair_protocol.h"
#include "eval_test_util.h"
#include "fake_pair_server.h"

namespace caqa::eval {
namespace {

using namespace testing;

// eval_meta_sklearn.py runs this binary with CAQA_EVAL_OUTPUTS=DIR and scores what it finds there.
void keep_for_sklearn(const std::string& path, const std::string& name) {
  const char* dir = std::getenv("CAQA_EVAL_OUTPUTS");
  if (dir == nullptr) return;
  fs::create_directories(dir);
  fs::copy_file(path, std::string(dir) + "/" + name, fs::copy_options::overwrite_existing);
}

const char* kNliMap = "entailment=supportive,neutral=irrelevant,contradiction=contradictory";

std::vector<PairItem> bench_pairs() {
  std::vector<PairItem> items;
  for (const auto& line : lines_of(slurp(kBench))) {
    auto j = nlohmann::json::parse(line);
    items.push_back({j["id"], j["citation"].get<std::string>(), j["answer"].get<std::string>()});
  }
  return items;
}

ClassMap class_map(const char* spec, const LabelScheme& scheme = caqa_scheme()) {
  std::string error;
  auto map = parse_class_map(spec, scheme, 0.5, error);
  EXPECT_TRUE(map) << error;
  return *map;
}

RunnerSettings pair_settings(const std::string& url, const std::string& out, Api api, const ClassMap& map) {
  RunnerSettings s = fast_settings({url}, out);
  s.request.model = "fake-nli";
  s.request.api = api;
  s.pair_classes = map;
  s.scheme = map.scheme;
  return s;
}

// The fake model's class for a pair, as the NLI map names it in caqa4.
std::string expected_label(const PairItem& item) {
  auto p = fake_nli(item.premise, item.hypothesis);
  const auto top = static_cast<std::size_t>(std::max_element(p.begin(), p.end()) - p.begin());
  return top == 0 ? "contradictory" : top == 1 ? "supportive" : "irrelevant";
}

void expect_nli_predictions(const std::string& path, const std::vector<PairItem>& items) {
  auto lines = lines_of(slurp(path));
  ASSERT_EQ(lines.size(), items.size());
  for (std::size_t i = 0; i < items.size(); ++i) {
    auto j = nlohmann::json::parse(lines[i]);
    EXPECT_EQ(j["id"], items[i].id);
    EXPECT_EQ(j["label"], expected_label(items[i])) << lines[i];
    auto p = fake_nli(items[i].premise, items[i].hypothesis);
    EXPECT_DOUBLE_EQ(j["probs"]["supportive"].get<double>(), p[1]);
    EXPECT_DOUBLE_EQ(j["probs"]["contradictory"].get<double>(), p[0]);
    EXPECT_DOUBLE_EQ(j["probs"]["irrelevant"].get<double>(), p[2]);
    EXPECT_DOUBLE_EQ(j["probs"]["partially_supportive"].get<double>(), 0.0);
    EXPECT_DOUBLE_EQ(j["score"].get<double>(), p[1]);
    EXPECT_FALSE(j.contains("response")) << "caqa score would read it before the label";
    EXPECT_TRUE(j["raw"].is_array() || j["raw"].is_object()) << "the server's answer for the pair";
  }
}

TEST(EvalPairs, TeiPredictBatchesPairsAndMapsTheModelsClasses) {
  FakePairServer server;
  TempDir dir;
  auto items = bench_pairs();
  ASSERT_EQ(items.size(), 48u);
  auto map = class_map(kNliMap);
  auto summary = run_pair_eval(items, 5, pair_settings(server.url(), dir.file("out.jsonl"), Api::TeiPredict, map));
  ASSERT_TRUE(summary.fatal.empty()) << summary.fatal;
  EXPECT_EQ(summary.completed, 48u);
  EXPECT_EQ(server.total(), 1 + 10) << "the preflight's pair, then 48 pairs in batches of 5";
  EXPECT_EQ(server.largest_batch(), 5u);
  expect_nli_predictions(dir.file("out.jsonl"), items);
  auto meta = nlohmann::json::parse(slurp(dir.file("out.jsonl.meta.json")));
  EXPECT_EQ(meta["settings"]["api"], "tei");
  keep_for_sklearn(dir.file("out.jsonl"), "tei.jsonl");
}

TEST(EvalPairs, VllmClassifyPlacesAnswersByIndexAndNamesClassesByIndex) {
  FakePairServer server;
  TempDir dir;
  auto items = bench_pairs();
  auto map = class_map("0=contradictory,1=supportive,2=irrelevant");
  auto settings = pair_settings(server.url(), dir.file("out.jsonl"), Api::VllmClassify, map);
  settings.request.pair_separator = "</s></s>";
  auto summary = run_pair_eval(items, 8, settings);
  ASSERT_TRUE(summary.fatal.empty()) << summary.fatal;
  EXPECT_EQ(summary.completed, 48u);
  EXPECT_EQ(server.largest_batch(), 8u);
  expect_nli_predictions(dir.file("out.jsonl"), items);
}

TEST(EvalPairs, VllmScoreIsThePositiveClassAtTheThreshold) {
  FakePairServer server;
  TempDir dir;
  auto items = bench_pairs();
  std::string error;
  const LabelScheme& binary = *find_label_scheme("binary");
  auto map = parse_class_map("", binary, 0.5, error);
  ASSERT_TRUE(map) << error;
  auto summary = run_pair_eval(items, 16, pair_settings(server.url(), dir.file("out.jsonl"), Api::VllmScore, *map));
  ASSERT_TRUE(summary.fatal.empty()) << summary.fatal;
  auto lines = lines_of(slurp(dir.file("out.jsonl")));
  ASSERT_EQ(lines.size(), 48u);
  for (std::size_t i = 0; i < items.size(); ++i) {
    auto j = nlohmann::json::parse(lines[i]);
    const double s = fake_nli(items[i].premise, items[i].hypothesis)[1];
    EXPECT_EQ(j["label"], s >= 0.5 ? "attributable" : "not_attributable");
    EXPECT_DOUBLE_EQ(j["score"].get<double>(), s);
    EXPECT_DOUBLE_EQ(j["probs"]["not_attributable"].get<double>(), 1.0 - s);
  }
}

TEST(EvalPairs, AServerErrorIsRetried) {
  FakePairServer server(/*fail_first=*/true);
  TempDir dir;
  auto map = class_map(kNliMap);
  auto summary =
      run_pair_eval(bench_pairs(), 12, pair_settings(server.url(), dir.file("out.jsonl"), Api::TeiPredict, map));
  ASSERT_TRUE(summary.fatal.empty()) << summary.fatal;
  EXPECT_EQ(summary.completed, 48u);
  EXPECT_EQ(summary.retries, 4u) << "each of the 4 batches failed once";
  EXPECT_EQ(server.total(), 1 + 8) << "the preflight's pair once (a 5xx does not stop a run), each batch twice";
}

TEST(EvalPairs, PreflightRefusesUnmappedClassesAWrongApiAndAWrongModel) {
  FakePairServer server;
  TempDir dir;
  auto items = bench_pairs();
  auto partial = class_map("entailment=supportive,contradiction=contradictory");
  auto s1 = run_pair_eval(items, 8, pair_settings(server.url(), dir.file("a.jsonl"), Api::TeiPredict, partial));
  EXPECT_NE(s1.fatal.find("answers with classes contradiction, entailment, neutral; --label-map has no entry for "
                          "neutral"),
            std::string::npos)
      << s1.fatal;
  FakePairServer labels(false, {"LABEL_0", "LABEL_1", "LABEL_2"});
  auto nli = class_map(kNliMap);
  auto s2 = run_pair_eval(items, 8, pair_settings(labels.url(), dir.file("b.jsonl"), Api::TeiPredict, nli));
  EXPECT_NE(s2.fatal.find("no entry for LABEL_0, LABEL_1, LABEL_2"), std::string::npos) << s2.fatal;
  auto settings = pair_settings(server.url(), dir.file("c.jsonl"), Api::VllmScore, nli);
  settings.endpoints = {server.url() + "/v1"};
  auto s3 = run_pair_eval(items, 8, settings);
  EXPECT_NE(s3.fatal.find("/v1/score was not found"), std::string::npos) << s3.fatal;
  settings = pair_settings(server.url(), dir.file("d.jsonl"), Api::VllmScore, nli);
  settings.request.model = "other-model";
  auto s4 = run_pair_eval(items, 8, settings);
  EXPECT_NE(s4.fatal.find("The model does not exist"), std::string::npos) << s4.fatal;
  EXPECT_FALSE(fs::exists(dir.file("a.jsonl")));
}

TEST(EvalPairs, KilledRunResumesWithoutSendingAnAnsweredBatchAgain) {
  FakePairServer server(false, kFakeNliClasses, /*delay_s=*/0.05);
  TempDir dir;
  std::vector<std::string> args = {"eval",     "--gold",        kBench,       "--api",
                                   "tei",      "--endpoint",    server.url(), "--model",
                                   "fake-nli", "--label-map",   kNliMap,      "--batch",
                                   "2",        "--concurrency", "2",          "--retry-base",
                                   "0.01",     "--quiet",       "-o",         dir.file("out.jsonl")};
  const std::string cache = dir.file("out.jsonl.cache.jsonl");
  pid_t child = spawn_cli(args);
  for (int i = 0; i < 4000 && lines_of(slurp(cache)).size() < 6; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  ASSERT_EQ(::kill(child, SIGKILL), 0);
  EXPECT_EQ(wait_exit(child), -SIGKILL);
  ASSERT_FALSE(fs::exists(dir.file("out.jsonl"))) << "the run finished before the kill";
  const std::size_t answered = lines_of(slurp(cache)).size();
  ASSERT_GE(answered, 6u);
  ASSERT_LT(answered, 24u);
  const long before = server.settled_total();

  EXPECT_EQ(wait_exit(spawn_cli(args)), 0);
  EXPECT_EQ(server.total() - before, static_cast<long>(1 + 24 - answered))
      << "the preflight, then exactly the batches the killed run had not answered";
  for (const auto& [body, n] : server.counts()) EXPECT_LE(n, 2) << body.substr(0, 120);
  expect_nli_predictions(dir.file("out.jsonl"), bench_pairs());
}

TEST(EvalLogprobs, TokensMapToTheClassTheyBegin) {
  const LabelScheme& caqa = caqa_scheme();
  EXPECT_EQ(class_of_token("Support", caqa), ClassId{0});
  EXPECT_EQ(class_of_token(" Part", caqa), ClassId{1});
  EXPECT_EQ(class_of_token("Contr", caqa), ClassId{2});
  EXPECT_EQ(class_of_token("Ir", caqa), ClassId{3});
  EXPECT_FALSE(class_of_token(":", caqa));
  EXPECT_FALSE(class_of_token("The", caqa));
  const LabelScheme& binary = *find_label_scheme("binary");
  EXPECT_EQ(class_of_token("Not", binary), ClassId{1});
  EXPECT_EQ(class_of_token("attrib", binary), ClassId{0});
}

TEST(EvalLogprobs, ChatJudgeWritesClassProbabilitiesFromTheLabelToken) {
  FakeOpenAI server;
  TempDir dir;
  auto settings = fast_settings({server.url()}, dir.file("out.jsonl"));
  settings.request.top_logprobs = 5;
  auto summary = run_eval(bench_items(), settings);
  ASSERT_TRUE(summary.fatal.empty()) << summary.fatal;
  auto lines = lines_of(slurp(dir.file("out.jsonl")));
  ASSERT_EQ(lines.size(), 48u);
  for (const auto& line : lines) {
    auto j = nlohmann::json::parse(line);
    const bool supportive = j["label"] == "supportive";
    EXPECT_TRUE(supportive || j["label"] == "irrelevant") << line;
    EXPECT_DOUBLE_EQ(j["score"].get<double>(), supportive ? 4.0 / 7 : 1.0 / 7) << line;
    EXPECT_DOUBLE_EQ(j["probs"][supportive ? "partially_supportive" : "contradictory"].get<double>(), 2.0 / 7);
    EXPECT_DOUBLE_EQ(j["probs"][supportive ? "irrelevant" : "supportive"].get<double>(),
                     supportive ? 1.0 / 7 : 1.0 / 7);
    EXPECT_TRUE(j["response"].get<std::string>() == "Supportive" || j["response"].get<std::string>() == "Irrelevant");
  }
  keep_for_sklearn(dir.file("out.jsonl"), "chat_logprobs.jsonl");
}

TEST(EvalLogprobs, AServerWithoutLogprobsIsRefusedInThePreflight) {
  FakeOpenAI server;
  server.set_logprobs(false);
  TempDir dir;
  auto settings = fast_settings({server.url()}, dir.file("out.jsonl"));
  settings.request.top_logprobs = 5;
  auto summary = run_eval(bench_items(), settings);
  EXPECT_NE(summary.fatal.find("the server returned no log-probabilities"), std::string::npos) << summary.fatal;
  EXPECT_EQ(server.total(), 1) << "only the preflight's request";
}

}  // namespace
}  // namespace caqa::eval
