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
#include "fake_openai.h"

extern char** environ;

namespace caqa::eval {
namespace {

using testing::DropServer;
using testing::FakeOpenAI;
using testing::Fault;
namespace fs = std::filesystem;

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) lines.push_back(line);
  return lines;
}

const std::string kRoot = CAQA_SOURCE_DIR;
const std::string kBench = kRoot + "/data/examples/benchmark.jsonl";

std::vector<EvalItem> bench_items(std::size_t limit = 1000) {
  std::string tmpl_file = slurp(kRoot + "/data/prompts/gpt_zero_shot.txt");
  std::vector<EvalItem> items;
  for (const auto& line : lines_of(slurp(kBench))) {
    if (items.size() >= limit) break;
    auto j = nlohmann::json::parse(line);
    auto q = j["question"].get<std::string>(), a = j["answer"].get<std::string>(), c = j["citation"].get<std::string>();
    items.push_back({j["id"], render_sample_prompt(template_body(tmpl_file), {q, a, c}).text});
  }
  return items;
}

std::string expected_output(const std::vector<EvalItem>& items) {
  std::string out;
  for (const auto& item : items) {
    std::string response = testing::fake_judge(item.prompt);
    nlohmann::json line = {{"id", item.id}, {"response", response},
                           {"label", response == "Supportive" ? "supportive" : "irrelevant"}};
    out += line.dump() + "\n";
  }
  return out;
}

struct TempDir {
  fs::path path;
  TempDir() {
    path = fs::temp_directory_path() / ("caqa_eval_" + std::to_string(::getpid()) + "_" + std::to_string(counter++));
    fs::remove_all(path);
    fs::create_directories(path);
  }
  ~TempDir() { fs::remove_all(path); }
  std::string file(const std::string& name) const { return (path / name).string(); }
  static inline int counter = 0;
};

RunnerSettings fast_settings(const std::vector<std::string>& endpoints, const std::string& out) {
  RunnerSettings s;
  s.endpoints = endpoints;
  s.request.model = "fake-judge";
  s.request.timeout_s = 2.0;
  s.concurrency = 8;
  s.max_retries = 5;
  s.backoff_base_s = 0.005;
  s.backoff_max_s = 0.05;
  s.jitter_seed = 7;
  s.output_path = out;
  s.progress = false;
  return s;
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

pid_t spawn_cli(const std::vector<std::string>& args) {
  std::vector<char*> argv;
  std::string exe = CAQA_EVAL_CLI;
  argv.push_back(exe.data());
  std::vector<std::string> copy = args;
  for (auto& a : copy) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = -1;
  EXPECT_EQ(posix_spawn(&pid, exe.c_str(), nullptr, nullptr, argv.data(), environ), 0);
  return pid;
}

int wait_exit(pid_t pid) {
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
}

TEST(EvalResume, KilledRunResumesWithoutRepeatingAnsweredRequests) {
  FakeOpenAI server({}, /*delay_s=*/0.03);
  TempDir dir;
  auto items = bench_items();
  std::map<std::string, std::string> prompt_of;
  for (const auto& item : items) prompt_of[item.id.get<std::string>()] = item.prompt;
  std::vector<std::string> args = {"eval", "--gold", kBench, "--prompt-set", "gpt_zero_shot", "--endpoint", server.url(),
                                   "--model", "fake-judge", "--concurrency", "4", "--retry-base", "0.01", "--quiet",
                                   "-o", dir.file("out.jsonl")};
  pid_t child = spawn_cli(args);
  std::string cache = dir.file("out.jsonl.cache.jsonl");
  for (int i = 0; i < 4000 && lines_of(slurp(cache)).size() < 16; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  ASSERT_EQ(::kill(child, SIGKILL), 0);
  EXPECT_EQ(wait_exit(child), -SIGKILL);
  EXPECT_FALSE(fs::exists(dir.file("out.jsonl"))) << "the run finished before the kill";
  EXPECT_TRUE(fs::exists(dir.file("out.jsonl.partial")));
  std::set<std::string> answered;
  for (const auto& line : lines_of(slurp(cache))) {
    auto j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_object()) answered.insert(j["id"].get<std::string>());
  }
  ASSERT_GE(answered.size(), 16u);
  ASSERT_LT(answered.size(), 48u);
  long before = server.total();

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
  std::printf("[ throughput ] %zu requests, 32 in flight, fake server on 127.0.0.1: %.0f requests/s\n",
              items.size(), rate);
  RecordProperty("requests_per_second", static_cast<int>(rate));
}

}  // namespace
}  // namespace caqa::eval
