// Helpers shared by the eval tests: files, the bundled benchmark's prompts, fast runner
// settings and the eval command as a child process.
#pragma once

#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

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

// The values of one key over the lines of a response cache (what a killed run kept).
inline std::set<std::string> cached_values(const std::string& cache, const char* key) {
  std::set<std::string> values;
  for (const auto& line : lines_of(slurp(cache))) {
    auto j = nlohmann::json::parse(line, nullptr, false);
    if (j.is_object()) values.insert(j[key].get<std::string>());
  }
  return values;
}

// Runs caqa with args and kills it (SIGKILL) once its response cache holds `lines` lines,
// before it could write its output.
inline void kill_once_cached(const std::vector<std::string>& args, const std::string& cache, std::size_t lines,
                             const std::string& output) {
  pid_t child = spawn_cli(args);
  for (int i = 0; i < 4000 && lines_of(slurp(cache)).size() < lines; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(1));
  ASSERT_EQ(::kill(child, SIGKILL), 0);
  EXPECT_EQ(wait_exit(child), -SIGKILL);
  EXPECT_FALSE(fs::exists(output)) << "the run finished before the kill";
}

#ifdef CAQA_EXE
// Runs the caqa binary itself (not the eval test CLI) to its exit status.
inline int run_caqa(const std::vector<std::string>& args) { return wait_exit(spawn_cli(args, CAQA_EXE)); }
#endif

}  // namespace caqa::eval::testing
