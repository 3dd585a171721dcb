// caqa eval against a fake OpenAI-compatible server: predictions, fault injection,
// bounded retries, SIGKILL + resume, and throughput with 32 requests in flight.
#include <gtest/gtest.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>

#include "caqa/eval/prompt.h"
#include "eval/eval_runner.h"
#include "eval_test_util.h"
#include "fake_openai.h"

namespace caqa::eval {
namespace {

using namespace testing;  // NOLINT: the shared eval test helpers

std::string expected_output(const std::vector<EvalItem>& items) {
  std::string out;
  for (const auto& item : items) {
    std::string response = testing::fake_judge(item.prompt);
    nlohmann::json line = {
        {"id", item.id}, {"response", response}, {"label", response == "Supportive" ? "supportive" : "irrelevant"}};
    out += line.dump() + "\n";
  }
  return out;
}

TEST(EvalRun, JudgesEverySampleOnceAndWritesAtomically) {
  FakeOpenAI server;
  TempDir dir;
  auto items = bench_items();
  ASSERT_EQ(items.size(), 48u);
  auto settings = fast_settings({server.url()}, dir.file("out.jsonl"));
  settings.meta = {{"evaluator", "fake"}, {"prompt_set", {{"name", "gpt_zero_shot"}}}};
  RunSummary summary = run_eval(items, settings);
  ASSERT_TRUE(summary.fatal.empty()) << summary.fatal;
  EXPECT_EQ(summary.completed, 48u);
  EXPECT_EQ(summary.requests, 48u);
  EXPECT_EQ(slurp(dir.file("out.jsonl")), expected_output(items));
  for (const auto& item : items) EXPECT_EQ(server.count(item.prompt), 1);
  EXPECT_FALSE(fs::exists(dir.file("out.jsonl.partial")));
  auto meta = nlohmann::json::parse(slurp(dir.file("out.jsonl.meta.json")));
  EXPECT_EQ(meta["evaluator"], "fake");
  EXPECT_EQ(meta["model"], "fake-judge");
  EXPECT_EQ(meta["counts"]["completed"], 48);
  // A second run is answered from the cache alone.
  RunSummary again = run_eval(items, settings);
  EXPECT_EQ(again.cached, 48u);
  EXPECT_EQ(again.requests, 0u);
  EXPECT_EQ(server.total(), 48);
  EXPECT_EQ(slurp(dir.file("out.jsonl")), expected_output(items));
}

TEST(EvalRun, RetriesEveryFaultKindThenSucceeds) {
  // Request n of each prompt: 500, malformed JSON, slower than the timeout, 429, then OK.
  FakeOpenAI server(
      [](const std::string&, int n) {
        static const Fault plan[] = {Fault::Status500, Fault::Malformed, Fault::Slow, Fault::Status429};
        return n < 4 ? plan[n] : Fault::None;
      },
      0.0, /*slow_s=*/0.8, /*retry_after=*/"0.01");
  TempDir dir;
  auto items = bench_items(6);
  auto settings = fast_settings({server.url()}, dir.file("out.jsonl"));
  settings.request.timeout_s = 0.3;
  RunSummary summary = run_eval(items, settings);
  EXPECT_EQ(summary.completed, 6u);
  EXPECT_EQ(summary.retries, 24u);
  EXPECT_EQ(summary.requests, 30u);
  for (const auto& item : items) EXPECT_EQ(server.count(item.prompt), 5);
  EXPECT_EQ(slurp(dir.file("out.jsonl")), expected_output(items));
}

TEST(EvalRun, RetriesAreBoundedAndFailuresReported) {
  FakeOpenAI server([](const std::string&, int) { return Fault::Status500; });
  TempDir dir;
  auto items = bench_items(4);
  auto settings = fast_settings({server.url()}, dir.file("out.jsonl"));
  settings.max_retries = 3;
  RunSummary summary = run_eval(items, settings);
  EXPECT_EQ(summary.completed, 0u);
  EXPECT_EQ(summary.failed, 4u);
  ASSERT_EQ(summary.failures.size(), 4u);
  EXPECT_NE(summary.failures[0].find("server error"), std::string::npos) << summary.failures[0];
  for (const auto& item : items) EXPECT_EQ(server.count(item.prompt), 4);  // 1 + max_retries
  EXPECT_EQ(slurp(dir.file("out.jsonl")), "");
}

TEST(EvalRun, ClientErrorsAreNotRetried) {
  FakeOpenAI server([](const std::string&, int) { return Fault::Status401; });
  TempDir dir;
  auto items = bench_items(2);
  RunSummary summary = run_eval(items, fast_settings({server.url()}, dir.file("out.jsonl")));
  EXPECT_EQ(summary.failed, 2u);
  EXPECT_EQ(summary.requests, 2u);
}

TEST(EvalRun, HonoursRetryAfter) {
  FakeOpenAI server([](const std::string&, int n) { return n == 0 ? Fault::Status429 : Fault::None; }, 0.0, 1.0,
                    /*retry_after=*/"0.4");
  TempDir dir;
  auto items = bench_items(1);
  auto start = std::chrono::steady_clock::now();
  RunSummary summary = run_eval(items, fast_settings({server.url()}, dir.file("out.jsonl")));
  double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  EXPECT_EQ(summary.completed, 1u);
  EXPECT_EQ(summary.retries, 1u);
  EXPECT_GE(seconds, 0.4);  // the backoff alone would wait about 5 ms
}

TEST(EvalRun, DroppedConnectionsAreRetriedAndBounded) {
  DropServer drop;
  TempDir dir;
  auto items = bench_items(3);
  auto settings = fast_settings({drop.url()}, dir.file("out.jsonl"));
  settings.max_retries = 2;
  settings.concurrency = 1;
  settings.preflight = false;  // the retries, not the preflight, are under test
  RunSummary summary = run_eval(items, settings);
  EXPECT_EQ(summary.failed, 3u);
  EXPECT_EQ(summary.requests, 9u);
  EXPECT_EQ(drop.accepted(), 9);
}

TEST(EvalRun, SeveralEndpointsRouteAroundADeadOne) {
  DropServer drop;
  FakeOpenAI good;
  TempDir dir;
  auto items = bench_items();
  RunSummary summary = run_eval(items, fast_settings({drop.url(), good.url()}, dir.file("out.jsonl")));
  EXPECT_EQ(summary.completed, 48u) << (summary.failures.empty() ? "" : summary.failures[0]);
  EXPECT_GT(drop.accepted(), 0);
  EXPECT_EQ(slurp(dir.file("out.jsonl")), expected_output(items));
}

TEST(EvalRun, BackoffGrowsAndIsCapped) {
  RunnerSettings s;
  s.backoff_base_s = 0.5;
  s.backoff_max_s = 4;
  CallResult r;
  EXPECT_DOUBLE_EQ(retry_delay_s(s, 0, r, 0.0), 0.25);
  EXPECT_DOUBLE_EQ(retry_delay_s(s, 2, r, 0.999999), 2.0 * (0.5 + 0.5 * 0.999999));
  EXPECT_DOUBLE_EQ(retry_delay_s(s, 10, r, 0.0), 2.0);
  r.retry_after_s = 7;
  EXPECT_DOUBLE_EQ(retry_delay_s(s, 0, r, 0.5), 7.0);
}

TEST(EvalResume, KilledRunResumesWithoutRepeatingAnsweredRequests) {
  FakeOpenAI server({}, /*delay_s=*/0.03);
  TempDir dir;
  auto items = bench_items();
  std::map<std::string, std::string> prompt_of;
  for (const auto& item : items) prompt_of[item.id.get<std::string>()] = item.prompt;
  std::vector<std::string> args = {"eval",          "--gold",        kBench,       "--prompt-set",
                                   "gpt_zero_shot", "--endpoint",    server.url(), "--model",
                                   "fake-judge",    "--concurrency", "4",          "--retry-base",
                                   "0.01",          "--quiet",       "-o",         dir.file("out.jsonl")};
  std::string cache = dir.file("out.jsonl.cache.jsonl");
  kill_once_cached(args, cache, 16, dir.file("out.jsonl"));
  EXPECT_TRUE(fs::exists(dir.file("out.jsonl.partial")));
  std::set<std::string> answered = cached_values(cache, "id");
  ASSERT_GE(answered.size(), 16u);
  ASSERT_LT(answered.size(), 48u);
  long before = server.settled_total();

  EXPECT_EQ(wait_exit(spawn_cli(args)), 0);
  auto counts = server.counts();
  for (const auto& [id, prompt] : prompt_of) {
    if (answered.count(id)) {
      EXPECT_EQ(counts[prompt], 1) << id << " was answered before the kill and sent again";
    } else {
      EXPECT_GE(counts[prompt], 1) << id;
      EXPECT_LE(counts[prompt], 2) << id << " (at most once in flight at the kill, once after)";
    }
  }
  EXPECT_EQ(server.total() - before, static_cast<long>(48 - answered.size()))
      << "the resumed run sends exactly the unanswered prompts";
  EXPECT_FALSE(fs::exists(dir.file("out.jsonl.partial")));

  // The same final file as an uninterrupted run.
  FakeOpenAI fresh;
  TempDir other;
  args[6] = fresh.url();
  args.back() = other.file("out.jsonl");
  EXPECT_EQ(wait_exit(spawn_cli(args)), 0);
  EXPECT_EQ(fresh.total(), 48);
  EXPECT_EQ(slurp(dir.file("out.jsonl")), slurp(other.file("out.jsonl")));
  EXPECT_EQ(slurp(dir.file("out.jsonl")), expected_output(items));
  auto meta = nlohmann::json::parse(slurp(dir.file("out.jsonl.meta.json")));
  EXPECT_EQ(meta["prompt_set"]["name"], "gpt_zero_shot");
  EXPECT_EQ(meta["prompt_set"]["sha256"].get<std::string>().size(), 64u);
  EXPECT_EQ(meta["counts"]["from_cache"], answered.size());
}

TEST(EvalThroughput, ThirtyTwoInFlight) {
  FakeOpenAI server;
  TempDir dir;
  std::vector<EvalItem> items;
  for (int i = 0; i < 4000; ++i)
    items.push_back({i, "Question: q" + std::to_string(i) + "\nAnswer: word" + std::to_string(i) + "\nReference: r\n"});
  auto settings = fast_settings({server.url()}, dir.file("out.jsonl"));
  settings.concurrency = 32;
  RunSummary summary = run_eval(items, settings);
  ASSERT_EQ(summary.completed, items.size());
  double rate = static_cast<double>(summary.requests) / summary.seconds;
  std::printf("[ throughput ] %zu requests, 32 in flight, fake server on 127.0.0.1: %.0f requests/s\n", items.size(),
              rate);
  RecordProperty("requests_per_second", static_cast<int>(rate));
}

// ---- CoT decomposition evaluator (CAQA Appendix E.3) ----

CotPrompts cot_prompts() {
  return {std::string(template_body(slurp(kRoot + "/data/prompts/cot_decompose.txt"))),
          std::string(template_body(slurp(kRoot + "/data/prompts/cot_fact.txt")))};
}
std::string decompose_prompt(const std::string& answer) {
  const PromptField f[] = {{"sentence", answer}};
  return render_prompt(cot_prompts().decompose, f).text;
}
std::string fact_prompt(const std::string& fact, const std::string& citation) {
  const PromptField f[] = {{"sub_fact", fact}, {"reference", citation}};
  return render_prompt(cot_prompts().fact, f).text;
}

// The paper's rule: supportive if all facts are supported; partially supportive if at least
// one is and none is contradicted; contradictory if at least one is contradicted;
// irrelevant if all are irrelevant.
TEST(EvalCot, LabelsFollowThePaperRuleWithOneRequestPerStep) {
  FakeOpenAI server;
  TempDir dir;
  struct Case {
    std::string answer, citation, label;
    int facts;
  };
  const std::vector<Case> cases = {
      {"Paris is in France; Berlin is in Germany", "France and Germany", "supportive", 2},
      {"Paris is in France; Rome is in Italy; Oslo is in Norway", "France only", "partially_supportive", 3},
      {"Paris is in France; Madrid is in Portugal", "France; no Portugal", "contradictory", 2},
      {"Oslo is in Norway; Lima is in Peru", "Mars rocks", "irrelevant", 2},
      {"Tokyo is in Japan", "Japan", "supportive", 1},
      {"Quito is in Peru", "no Peru here", "contradictory", 1},
      {"Lima is in Chile; Quito is in Ecuador", "Ecuador, no Chile", "contradictory", 2},
      {"Foo is ???; Paris is in France", "France", "", 2},  // a fact with no category: no label
  };
  std::vector<CotItem> items;
  for (std::size_t k = 0; k < cases.size(); ++k)
    items.push_back({"c" + std::to_string(k), cases[k].answer, cases[k].citation});
  auto settings = fast_settings({server.url()}, dir.file("out.jsonl"));
  RunSummary summary = run_cot_eval(items, cot_prompts(), settings);
  ASSERT_TRUE(summary.fatal.empty()) << summary.fatal;
  EXPECT_EQ(summary.completed, cases.size());
  auto lines = lines_of(slurp(dir.file("out.jsonl")));
  ASSERT_EQ(lines.size(), cases.size());
  long expected_requests = 0;
  for (std::size_t k = 0; k < cases.size(); ++k) {
    auto j = nlohmann::json::parse(lines[k]);
    EXPECT_EQ(j["id"], "c" + std::to_string(k));
    if (cases[k].label.empty()) {
      EXPECT_FALSE(j.contains("label")) << lines[k];
      EXPECT_NE(extract_label(j["response"].get<std::string>(), ExtractMode::Lenient).status, ExtractStatus::Found);
      EXPECT_NE(extract_label(j["response"].get<std::string>(), ExtractMode::Strict).status, ExtractStatus::Found);
    } else {
      EXPECT_EQ(j["label"], cases[k].label) << cases[k].answer << " / " << cases[k].citation << "\n" << j["response"];
      // The transcript's first line states the label; "label" is what caqa score reads.
      const char* phrase = cases[k].label == "supportive"             ? "Supportive"
                           : cases[k].label == "partially_supportive" ? "Partially supportive"
                           : cases[k].label == "contradictory"        ? "Contradictory"
                                                                      : "Irrelevant";
      EXPECT_TRUE(j["response"].get<std::string>().starts_with("Label: " + std::string(phrase) + ".\n"))
          << j["response"];
    }
    // 1 decomposition + 1 request per sub-fact, each sent once.
    EXPECT_EQ(server.count(decompose_prompt(cases[k].answer)), 1);
    EXPECT_EQ(
        j["response"].get<std::string>().find("Sub-facts: " + std::to_string(cases[k].facts)) != std::string::npos,
        true)
        << j["response"];
    expected_requests += 1 + cases[k].facts;
  }
  EXPECT_EQ(server.count(fact_prompt("Madrid is in Portugal", "France; no Portugal")), 1);
  EXPECT_EQ(server.total(), expected_requests);
  EXPECT_EQ(summary.requests, static_cast<std::uint64_t>(expected_requests));
  EXPECT_EQ(nlohmann::json::parse(lines[2])["response"],
            "Label: Contradictory.\nSub-facts: 2\nFact 1: Paris is in France => Supportive\n"
            "Fact 2: Madrid is in Portugal => Contradictory");

  // A rerun is answered wholly from the cache: no request at all.
  long before = server.settled_total();
  RunSummary again = run_cot_eval(items, cot_prompts(), settings);
  EXPECT_EQ(again.cached, cases.size());
  EXPECT_EQ(again.requests, 0u);
  EXPECT_EQ(server.total(), before);
  EXPECT_EQ(lines_of(slurp(dir.file("out.jsonl"))), lines);
}

TEST(EvalCot, AggregationOfFactVerdicts) {
  auto label_of = [](const std::string& decomposition, std::vector<std::string> verdicts) {
    auto outcome = cot_judge(decomposition, verdicts, ExtractMode::Lenient);
    return outcome.label ? std::string(label_name(*outcome.label)) : std::string("none");
  };
  EXPECT_EQ(label_of("- a\n- b\n- c", {"Supportive", "Supportive", "Supportive"}), "supportive");
  EXPECT_EQ(label_of("- a\n- b\n- c", {"Supportive", "Irrelevant", "Irrelevant"}), "partially_supportive");
  EXPECT_EQ(label_of("- a\n- b\n- c", {"Supportive", "Supportive", "Contradictory"}), "contradictory");
  EXPECT_EQ(label_of("- a\n- b", {"Irrelevant", "Contradictory"}), "contradictory");
  EXPECT_EQ(label_of("- a\n- b", {"Irrelevant", "Irrelevant"}), "irrelevant");
  EXPECT_EQ(label_of("1. a\n2. b", {"Relationship Category: Supportive", "2. Irrelevant: the reference is unrelated"}),
            "partially_supportive");
  EXPECT_EQ(label_of("- a\n- b", {"Supportive", "no idea"}), "none");
  EXPECT_EQ(label_of("", {}), "irrelevant");  // no sub-fact: nothing of the answer is supported
}

TEST(EvalCot, CliRejectsASingleCotStep) {
  TempDir dir;
  for (const char* set : {"cot_decompose", "cot_fact"}) {
    std::vector<std::string> args = {
        "eval", "--gold",  kBench, "--prompt-set",       set, "--endpoint", "http://127.0.0.1:9", "--model",
        "m",    "--quiet", "-o",   dir.file("out.jsonl")};
    EXPECT_EQ(wait_exit(spawn_cli(args)), 2) << set;
  }
}

TEST(EvalCot, KilledRunResumesWithoutRepeatingAnyAnsweredStep) {
  FakeOpenAI server({}, /*delay_s=*/0.02);
  TempDir dir;
  // 30 samples of 3 sub-facts each (all prompts distinct): 120 requests.
  std::string gold = dir.file("gold.jsonl");
  std::vector<std::string> prompts;
  std::string expected;
  {
    std::ofstream out(gold);
    const char* labels[] = {"supportive", "partially_supportive", "contradictory", "irrelevant"};
    for (int i = 0; i < 30; ++i) {
      std::string n = std::to_string(i);
      std::string answer = "alpha" + n + " is Ax" + n + "; beta" + n + " is Bx" + n + "; gamma" + n + " is Cx" + n;
      std::string citation;
      switch (i % 4) {
        case 0: citation = "Ax" + n + " Bx" + n + " Cx" + n; break;
        case 1: citation = "Bx" + n; break;
        case 2: citation = "Ax" + n + " no Cx" + n; break;
        case 3: citation = "nothing"; break;
      }
      out << nlohmann::json{{"id", "s" + n},
                            {"question", "q"},
                            {"answer", answer},
                            {"citation", citation},
                            {"complexity", "single"}}
                 .dump()
          << "\n";
      prompts.push_back(decompose_prompt(answer));
      for (const char* fact : {"alpha", "beta", "gamma"}) {
        std::string x = std::string(fact) == "alpha" ? "Ax" : std::string(fact) == "beta" ? "Bx" : "Cx";
        prompts.push_back(fact_prompt(std::string(fact) + n + " is " + x + n, citation));
      }
      expected += labels[i % 4];
    }
  }
  RequestSettings request;
  request.model = "fake-judge";
  std::vector<std::string> args = {"eval",       "--gold",  gold,         "--prompt-set",       "cot", "--endpoint",
                                   server.url(), "--model", "fake-judge", "--concurrency",      "4",   "--retry-base",
                                   "0.01",       "--quiet", "-o",         dir.file("out.jsonl")};
  std::string cache = dir.file("out.jsonl.cache.jsonl");
  kill_once_cached(args, cache, 30, dir.file("out.jsonl"));
  std::set<std::string> answered = cached_values(cache, "key");
  ASSERT_GE(answered.size(), 30u);
  ASSERT_LT(answered.size(), 120u);
  long before = server.settled_total();

  EXPECT_EQ(wait_exit(spawn_cli(args)), 0);
  std::size_t answered_prompts = 0;
  for (const auto& prompt : prompts) {
    if (answered.count(cache_key(request, prompt))) {
      ++answered_prompts;
      EXPECT_EQ(server.count(prompt), 1) << "answered before the kill and sent again:\n" << prompt;
    } else {
      EXPECT_GE(server.count(prompt), 1);
      EXPECT_LE(server.count(prompt), 2) << "(at most once in flight at the kill, once after)";
    }
  }
  EXPECT_EQ(answered_prompts, answered.size()) << "every cached answer is one of the sample's prompts";
  EXPECT_EQ(server.total() - before, static_cast<long>(prompts.size() - answered.size()))
      << "the resumed run sends exactly the unanswered requests";
  EXPECT_FALSE(fs::exists(dir.file("out.jsonl.partial")));
  std::string got;
  for (const auto& line : lines_of(slurp(dir.file("out.jsonl"))))
    got += nlohmann::json::parse(line)["label"].get<std::string>();
  EXPECT_EQ(got, expected);
  auto meta = nlohmann::json::parse(slurp(dir.file("out.jsonl.meta.json")));
  EXPECT_EQ(meta["prompt_set"]["name"], "cot");
  EXPECT_EQ(meta["prompt_set"]["decompose"]["name"], "cot_decompose");
  EXPECT_EQ(meta["prompt_set"]["fact"]["sha256"].get<std::string>().size(), 64u);
  EXPECT_EQ(meta["evaluator"], "cot/fake-judge");

  // Same final file as an uninterrupted run, 4 requests a sample.
  FakeOpenAI fresh;
  TempDir other;
  std::vector<std::string> fresh_args = {"eval",       "--gold",     gold,        "--prompt-set",
                                         "cot",        "--endpoint", fresh.url(), "--model",
                                         "fake-judge", "--quiet",    "-o",        other.file("out.jsonl")};
  EXPECT_EQ(wait_exit(spawn_cli(fresh_args)), 0);
  EXPECT_EQ(fresh.total(), 120);
  EXPECT_EQ(slurp(dir.file("out.jsonl")), slurp(other.file("out.jsonl")));
}

}  // namespace
}  // namespace caqa::eval
