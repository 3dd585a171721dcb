// Helpers shared by the eval tests: files, the bundled benchmark's prompts, fast runner
// settings and the eval command as a child process.
#pragma once

#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "caqa/eval/prompt.h"
#include "eval/eval_runner.h"

extern char** environ;

namespace caqa::eval::testing {

namespace fs = std::filesystem;

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);)
    if (!line.empty()) lines.push_back(line);
  return lines;
}

inline const std::string kRoot = CAQA_SOURCE_DIR;
inline const std::string kBench = kRoot + "/data/examples/benchmark.jsonl";

inline std::vector<EvalItem> bench_items(std::size_t limit = 1000) {
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

inline RunnerSettings fast_settings(const std::vector<std::string>& endpoints, const std::string& out) {
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

inline pid_t spawn_cli(const std::vector<std::string>& args, std::string exe = CAQA_EVAL_CLI) {
  std::vector<char*> argv;
  argv.push_back(exe.data());
  std::vector<std::string> copy = args;
  for (auto& a : copy) argv.push_back(a.data());
  argv.push_back(nullptr);
  pid_t pid = -1;
  EXPECT_EQ(posix_spawn(&pid, exe.c_str(), nullptr, nullptr, argv.data(), environ), 0);
  return pid;
}

inline int wait_exit(pid_t pid) {
  int status = 0;
  waitpid(pid, &status, 0);
  return WIFEXITED(status) ? WEXITSTATUS(status) : -WTERMSIG(status);
}

#ifdef CAQA_EXE
// Runs the caqa binary itself (not the eval test CLI) to its exit status.
inline int run_caqa(const std::vector<std::string>& args) { return wait_exit(spawn_cli(args, CAQA_EXE)); }
#endif

}  // namespace caqa::eval::testing
