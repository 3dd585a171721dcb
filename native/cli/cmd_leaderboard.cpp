// caqa leaderboard check|publish: reads the submissions under leaderboard/ and hands
// them to the core (caqa/leaderboard/*), which checks them, rescores them and writes
// the board (docs/leaderboard.md). This file only reads and writes files.
#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "build_sources.h"
#include "caqa/kg/build.h"
#include "caqa/leaderboard/entries.h"
#include "command.h"
#include "files.h"
#include "inputs.h"

namespace caqa::cli {

std::unique_ptr<Command> add_leaderboard_command(CLI::App& app);

namespace {

namespace fs = std::filesystem;
namespace lb = caqa::leaderboard;

lb::BoardBenchmark board_benchmark(const std::string& name, const InputText& test, const InputText& train,
                                   std::string version) {
  GoldParse t = parse_gold(test), r = parse_gold(train);
  return lb::BoardBenchmark{std::move(t.gold), std::move(r.gold), name, std::move(version)};
}

// The output of `caqa build` in dir; with no dir, the default benchmark built in memory
// by the same core call as `caqa build`.
std::optional<lb::BoardBenchmark> obtain_benchmark(const std::string& dir) {
  if (!dir.empty()) {
    auto test = load_gold((fs::path(dir) / "test.jsonl").string(), {});
    auto train = test ? load_gold((fs::path(dir) / "train.jsonl").string(), {}, false) : std::nullopt;
    if (!train) return std::nullopt;
    return lb::BoardBenchmark{std::move(test->gold), std::move(train->gold), "benchmark/test.jsonl", test->sha256};
  }
  std::string error;
  auto sources = load_build_sources({}, error);
  if (!sources) {
    fmt::print(stderr, "caqa: cannot read the default benchmark's inputs: {}\n", error);
    return std::nullopt;
  }
  kg::BenchmarkOptions options = kg::default_benchmark_options();
  options.audit = false;  // the board needs the samples, not the build's report
  kg::BuiltBenchmark built = kg::build_benchmark(sources->sources, options);
  if (built.sample_count == 0) {
    fmt::print(stderr, "caqa: building the default benchmark gave no samples\n");
    return std::nullopt;
  }
  return board_benchmark("benchmark/test.jsonl", InputText(built.test_jsonl), InputText(built.train_jsonl),
                         sha256_hex(built.test_jsonl));
}

// One submission folder, checked and scored; nullopt (problems printed) when invalid.
std::optional<lb::BoardEntry> load_submission(const fs::path& folder, lb::SubmissionChecker& checker) {
  fs::path pred = folder / "predictions.jsonl";
  if (!fs::exists(pred) && fs::exists(folder / "predictions.jsonl.gz")) pred = folder / "predictions.jsonl.gz";
  lb::SubmissionFiles files{folder.filename().string(), (folder / "meta.json").string(), {}, pred.string(), nullptr};
  std::vector<std::string> problems;
  std::string error;
  auto meta = read_file(files.meta_path, error);
  if (!meta) problems.push_back(fmt::format("{}: cannot read: {}", files.meta_path, error));
  auto predictions = read_file(files.predictions_path, error);
  if (!predictions) problems.push_back(fmt::format("{}: cannot read: {}", files.predictions_path, error));
  InputText text = predictions ? predictions->text() : InputText(std::string_view());
  if (meta) files.meta = meta->bytes();
  if (predictions) files.predictions = &text;
  lb::EntryCheck check = checker.check(files);
  problems.insert(problems.end(), check.problems.begin(), check.problems.end());
  for (const auto& p : problems) fmt::print(stderr, "{}\n", p);
  if (!problems.empty() || !check.entry) {
    fmt::print(stderr, "caqa: submission {} is invalid ({} problem(s))\n", files.folder, problems.size());
    return std::nullopt;
  }
  if (!check.note.empty()) fmt::print(stderr, "note: {}: {}\n", files.folder, check.note);
  return std::move(check.entry);
}

// Every folder under dir/submissions, in name order; false when any is invalid.
bool load_submissions(const fs::path& dir, const lb::BoardBenchmark& b, std::vector<lb::BoardEntry>& entries) {
  fs::path root = dir / "submissions";
  std::error_code ec;
  bool ok = true;
  std::vector<fs::path> folders;
  for (const auto& e : fs::directory_iterator(root, ec))
    if (e.is_directory())
      folders.push_back(e.path());
    else
      fmt::print(stderr, "{}: error: only folders belong in {}\n", e.path().string(), root.string()), ok = false;
  std::sort(folders.begin(), folders.end());
  lb::SubmissionChecker checker(b);
  for (const auto& folder : folders)
    if (auto entry = load_submission(folder, checker))
      entries.push_back(std::move(*entry));
    else
      ok = false;
  return ok;
}

std::optional<lb::ReportedTable> read_reported(const fs::path& dir) {
  const std::string path = (dir / "reported" / "caqa_table5.json").string();
  std::string error;
  auto bytes = read_file(path, error);
  auto table = bytes ? lb::read_reported_table(bytes->bytes(), error) : std::nullopt;
  if (!bytes)
    fmt::print(stderr, "caqa: {}\n", error);
  else if (!table)
    fmt::print(stderr, "{}: error: {}\n", path, error);
  return table;
}

// A board published with another scorer or gold is stale: publish rescores it.
void note_stale(const fs::path& dir, const lb::BoardBenchmark& b) {
  const std::string path = (dir / "leaderboard.json").string();
  std::string error;
  auto bytes = read_file(path, error);
  lb::BoardFreshness freshness = bytes ? lb::board_freshness(bytes->bytes(), b) : lb::BoardFreshness::Current;
  if (freshness != lb::BoardFreshness::Current)
    fmt::print(stderr, "note: {} {}; run caqa leaderboard publish\n", path,
               freshness == lb::BoardFreshness::Stale ? "was published with another scorer signature or gold"
                                                      : "is not valid JSON");
}

class LeaderboardCommand : public Command {
 public:
  explicit LeaderboardCommand(CLI::App& parent) {
    CLI::App* app = parent.add_subcommand(
        "leaderboard", "Check the submissions under leaderboard/ or publish them, rescored, as leaderboard.json.");
    app->require_subcommand(1);
    check_ = app->add_subcommand("check",
                                 "Validate every submission: meta.json fields and types, slug = folder and unique, "
                                 "predictions valid against the gold, benchmark version.\nExit 0 all valid, 1 a "
                                 "submission is invalid, 2 usage error or unusable benchmark.");
    publish_ = app->add_subcommand("publish",
                                   "Rescore every submission and the trivial baselines with the core scorer, rank "
                                   "them with paired tests,\nwrite DIR/leaderboard.json (deterministic) and copy it "
                                   "into DIST when given.");
    for (CLI::App* sub : {check_, publish_}) {
      sub->add_option("--dir", dir_, "Leaderboard folder (submissions/, reported/)")->capture_default_str();
      sub->add_option("--benchmark", benchmark_,
                      "A built benchmark folder (test.jsonl, train.jsonl); default: build the default one now")
          ->type_name("DIR");
    }
    publish_->add_option("--dist", dist_, "Also copy leaderboard.json into this site folder")->type_name("DIR");
    publish_->add_option("-o,--output", output_, "Write the board here instead of DIR/leaderboard.json")
        ->type_name("FILE");
  }

  int run() override {
    // A --dir without submissions/ is a wrong argument (exit 2), not an invalid submission.
    std::error_code ec;
    if (!fs::is_directory(fs::path(dir_) / "submissions", ec)) {
      fmt::print(stderr, "caqa: {}: no submissions folder (--dir names the leaderboard folder)\n",
                 (fs::path(dir_) / "submissions").string());
      return kExitUsage;
    }
    auto bench = obtain_benchmark(benchmark_);
    if (!bench) return kExitUsage;
    std::vector<lb::BoardEntry> entries;
    if (!load_submissions(dir_, *bench, entries)) {
      fmt::print(stderr, "caqa: {}\n",
                 check_->parsed() ? "leaderboard check failed"
                                  : "not published: fix the submissions above (caqa leaderboard check)");
      return kExitInvalid;
    }
    auto reported = read_reported(dir_);
    if (!reported) return kExitInvalid;
    if (check_->parsed()) {
      note_stale(dir_, *bench);
      fmt::print("ok: {} submission(s) valid against benchmark version {}\n", entries.size(), bench->version);
      return kExitOk;
    }
    const std::size_t submissions = entries.size();
    std::vector<std::string> problems;  // only with unusable gold
    for (lb::BoardEntry& e : lb::baseline_entries(*bench, problems)) entries.push_back(std::move(e));
    for (const auto& p : problems) fmt::print(stderr, "{}\n", p);
    if (!problems.empty()) return kExitUsage;
    std::string text = lb::board_json(entries, *bench, *reported);
    std::string out = output_.empty() ? (fs::path(dir_) / "leaderboard.json").string() : output_;
    if (!emit(out, text) || (!dist_.empty() && !emit((fs::path(dist_) / "leaderboard.json").string(), text)))
      return kExitUsage;
    fmt::print("published {} verified submission(s) + {} baseline(s) to {}{}\n", submissions,
               entries.size() - submissions, out, dist_.empty() ? "" : " and " + dist_ + "/");
    return kExitOk;
  }

 private:
  CLI::App *check_ = nullptr, *publish_ = nullptr;
  std::string dir_ = "leaderboard", benchmark_, dist_, output_;
};

}  // namespace

std::unique_ptr<Command> add_leaderboard_command(CLI::App& app) { return std::make_unique<LeaderboardCommand>(app); }

}  // namespace caqa::cli
