// caqa eval fails fast and destroys nothing (issue 12): the preflight stops a dead
// endpoint, a refused key and an unserved model with one line and a handful of requests;
// identical errors stop a run; an existing output is never replaced by a smaller one; bad
// --limit and -o are refused before any request; caqa score re-reads eval's responses.
#include <fcntl.h>
#include <gtest/gtest.h>

#include <chrono>

#include "eval_test_util.h"
#include "fake_openai.h"

namespace caqa::eval {
namespace {

using namespace testing;  // NOLINT: the shared eval test helpers

struct CliRun {
  int exit_code = -1;
  std::vector<std::string> stderr_lines;
  std::string stdout_text;
  double seconds = 0;
};

// Runs the caqa binary with args, capturing its standard output and error.
CliRun run_caqa(const std::vector<std::string>& args, const TempDir& dir) {
  std::string exe = CAQA_EXE, out = dir.file("stdout.txt"), err = dir.file("stderr.txt");
  std::vector<std::string> copy = args;
  std::vector<char*> argv{exe.data()};
  for (auto& a : copy) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, 1, out.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_addopen(&actions, 2, err.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  auto start = std::chrono::steady_clock::now();
  pid_t pid = -1;
  EXPECT_EQ(posix_spawn(&pid, exe.c_str(), &actions, nullptr, argv.data(), environ), 0);
  posix_spawn_file_actions_destroy(&actions);
  CliRun run;
  run.exit_code = wait_exit(pid);
  run.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  run.stderr_lines = lines_of(slurp(err));
  run.stdout_text = slurp(out);
  return run;
}

std::vector<std::string> eval_args(const std::string& url, const std::string& out,
                                   const std::string& model = "fake-judge") {
  return {"eval", "--gold", kBench, "--endpoint", url, "--model", model, "--retry-base", "0.01", "--quiet", "-o", out};
}

std::string joined(const std::vector<std::string>& lines) {
  std::string text;
  for (const auto& line : lines) text += line + "\n";
  return text;
}

// A port nothing listens on: bound, then closed.
std::string dead_url() {
  int fd = ::socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  ::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
  socklen_t length = sizeof addr;
  ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &length);
  ::close(fd);
  return "http://127.0.0.1:" + std::to_string(ntohs(addr.sin_port));
}

TEST(EvalPreflight, DeadEndpointStopsWithOneLine) {
  TempDir dir;
  CliRun run = run_caqa(eval_args(dead_url(), dir.file("out.jsonl")), dir);
  EXPECT_EQ(run.exit_code, 2);
  ASSERT_EQ(run.stderr_lines.size(), 1u) << joined(run.stderr_lines);
  EXPECT_NE(run.stderr_lines[0].find("not reachable"), std::string::npos) << run.stderr_lines[0];
  EXPECT_LT(run.seconds, 5.0);
  EXPECT_FALSE(fs::exists(dir.file("out.jsonl")));
  EXPECT_FALSE(fs::exists(dir.file("out.jsonl.partial")));
}

TEST(EvalPreflight, RefusedKeyStopsWithOneLine) {
  FakeOpenAI server;
  server.set_models_status(401);
  TempDir dir;
  CliRun run = run_caqa(eval_args(server.url(), dir.file("out.jsonl")), dir);
  EXPECT_EQ(run.exit_code, 2);
  ASSERT_EQ(run.stderr_lines.size(), 1u) << joined(run.stderr_lines);
  EXPECT_NE(run.stderr_lines[0].find("refused the API key"), std::string::npos) << run.stderr_lines[0];
  EXPECT_EQ(server.models_requests(), 1);
  EXPECT_EQ(server.total(), 0);
  EXPECT_FALSE(fs::exists(dir.file("out.jsonl")));
}

TEST(EvalPreflight, UnservedModelStopsWithOneLine) {
  FakeOpenAI server;
  TempDir dir;
  CliRun run = run_caqa(eval_args(server.url(), dir.file("out.jsonl"), "no-such-model"), dir);
  EXPECT_EQ(run.exit_code, 2);
  ASSERT_EQ(run.stderr_lines.size(), 1u) << joined(run.stderr_lines);
  EXPECT_NE(run.stderr_lines[0].find("does not serve model \"no-such-model\" (it serves: fake-judge; HTTP 404"),
            std::string::npos)
      << run.stderr_lines[0];
  EXPECT_EQ(server.total(), 1);  // the 1-token probe: a listed alias would have passed
}

TEST(EvalPreflight, WithoutAModelListOneRequestDecides) {
  FakeOpenAI missing([](const std::string&, int) { return Fault::Status404; });
  missing.set_models_status(404);
  TempDir dir;
  CliRun run = run_caqa(eval_args(missing.url(), dir.file("out.jsonl")), dir);
  EXPECT_EQ(run.exit_code, 2);
  ASSERT_EQ(run.stderr_lines.size(), 1u) << joined(run.stderr_lines);
  EXPECT_NE(run.stderr_lines[0].find("does not serve model \"fake-judge\" (HTTP 404"), std::string::npos)
      << run.stderr_lines[0];
  EXPECT_EQ(missing.total(), 1);

  FakeOpenAI working;
  working.set_models_status(404);
  CliRun ok = run_caqa(eval_args(working.url(), dir.file("ok.jsonl")), dir);
  EXPECT_EQ(ok.exit_code, 0) << joined(ok.stderr_lines);
  EXPECT_EQ(working.total(), 49);  // the probe, then the 48 samples
}

TEST(EvalStop, IdenticalErrorsStopTheRunWithOneSummaryLine) {
  // The model list says yes, every completion says 404 (a model unloaded mid-run).
  FakeOpenAI server([](const std::string&, int) { return Fault::Status404; });
  TempDir dir;
  auto args = eval_args(server.url(), dir.file("out.jsonl"));
  args.insert(args.end(), {"--concurrency", "1"});
  CliRun run = run_caqa(args, dir);
  EXPECT_EQ(run.exit_code, 1);
  EXPECT_EQ(server.total(), 5);
  ASSERT_EQ(run.stderr_lines.size(), 1u) << joined(run.stderr_lines);
  EXPECT_NE(run.stderr_lines[0].find("stopped after 5 identical errors: request rejected (4xx) (HTTP 404: "
                                     "{\"error\":\"model not found\"})"),
            std::string::npos)
      << run.stderr_lines[0];

  FakeOpenAI again([](const std::string&, int) { return Fault::Status404; });
  args = eval_args(again.url(), dir.file("out.jsonl"));
  args.insert(args.end(), {"--stop-after", "2", "--concurrency", "8"});
  CliRun parallel = run_caqa(args, dir);
  EXPECT_EQ(parallel.exit_code, 1);
  EXPECT_LE(again.total(), 2 + 7);  // the streak's requests, and at most one more per other worker
  EXPECT_EQ(parallel.stderr_lines.size(), 1u) << joined(parallel.stderr_lines);
}

TEST(EvalOutput, AFailedRunNeverReplacesAGoodOutput) {
  FakeOpenAI good;
  TempDir dir;
  std::string out = dir.file("out.jsonl");
  ASSERT_EQ(run_caqa(eval_args(good.url(), out), dir).exit_code, 0);
  std::string before = slurp(out), meta_before = slurp(out + ".meta.json");
  ASSERT_EQ(lines_of(before).size(), 48u);

  // Every request fails (after its retries): nothing is judged, and OUT stays as it was.
  FakeOpenAI broken([](const std::string&, int) { return Fault::Status500; });
  auto args = eval_args(broken.url(), out);
  args.insert(args.end(), {"--cache", dir.file("other.cache.jsonl"), "--max-retries", "0", "--limit", "4"});
  CliRun failed = run_caqa(args, dir);
  EXPECT_EQ(failed.exit_code, 1);
  EXPECT_EQ(slurp(out), before);
  EXPECT_EQ(slurp(out + ".meta.json"), meta_before);
  EXPECT_NE(joined(failed.stderr_lines).find("kept the existing"), std::string::npos) << joined(failed.stderr_lines);

  args.push_back("--overwrite");
  EXPECT_EQ(run_caqa(args, dir).exit_code, 1);
  EXPECT_EQ(slurp(out), "");
}

TEST(EvalUsage, BadLimitAndMissingFolderAreRefusedBeforeAnyRequest) {
  FakeOpenAI server;
  TempDir dir;
  for (const char* limit : {"-3", "0", "2.5"}) {
    auto args = eval_args(server.url(), dir.file("out.jsonl"));
    args.insert(args.end(), {"--limit", limit});
    CliRun run = run_caqa(args, dir);
    EXPECT_EQ(run.exit_code, 2) << "--limit " << limit;
    EXPECT_NE(joined(run.stderr_lines).find("expected a positive integer, found"), std::string::npos)
        << joined(run.stderr_lines);
  }
  CliRun missing = run_caqa(eval_args(server.url(), dir.file("no/such/folder/out.jsonl")), dir);
  EXPECT_EQ(missing.exit_code, 2);
  ASSERT_EQ(missing.stderr_lines.size(), 1u) << joined(missing.stderr_lines);
  EXPECT_NE(missing.stderr_lines[0].find("does not exist"), std::string::npos) << missing.stderr_lines[0];
  EXPECT_EQ(server.total() + server.models_requests(), 0);
}

TEST(EvalScore, ScoreReExtractsEvalResponsesWithItsExtractMode) {
  FakeOpenAI server([](const std::string&, int) { return Fault::Chatty; });
  TempDir dir;
  std::string out = dir.file("out.jsonl");
  ASSERT_EQ(run_caqa(eval_args(server.url(), out), dir).exit_code, 0);
  ASSERT_NE(slurp(out).find("\"label\":\"supportive\""), std::string::npos);  // eval's own lenient label
  auto parse_rate = [&](const char* mode) {
    CliRun run = run_caqa({"score", out, "--gold", kBench, "--json", "--bootstrap", "0", "--extract", mode}, dir);
    auto json = nlohmann::json::parse(run.stdout_text, nullptr, false);
    return json.is_object() ? json.value("parse_rate", -1.0) : -1.0;
  };
  EXPECT_DOUBLE_EQ(parse_rate("lenient"), 1.0);
  EXPECT_DOUBLE_EQ(parse_rate("strict"), 0.0);
}

}  // namespace
}  // namespace caqa::eval
