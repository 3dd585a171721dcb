// caqa leaderboard check|publish: reads the submissions under leaderboard/ and hands
// them to the core (caqa/leaderboard/*), which checks them, rescores them and writes
// the board (docs/leaderboard.md). This file only reads and writes files.
#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include <unistd.h>

#include <fmt/format.h>

#include "caqa/leaderboard/entries.h"
#include "command.h"
#include "files.h"
#include "inputs.h"

namespace caqa::cli {

std::unique_ptr<Command> add_leaderboard_command(CLI::App& app);

namespace {

namespace fs = std::filesystem;
namespace lb = caqa::leaderboard;

// The output of `caqa build` in dir; with no dir, builds the default benchmark into
// tmp_dir by running this same executable.
std::optional<lb::BoardBenchmark> obtain_benchmark(const std::string& given_dir, std::string& tmp_dir) {
  fs::path dir = given_dir;
  if (dir.empty()) {
    char templ[] = "/tmp/caqa-leaderboard-XXXXXX";
    if (!mkdtemp(templ)) {
      fmt::print(stderr, "caqa: cannot create a temporary directory\n");
      return std::nullopt;
    }
    tmp_dir = templ;
    dir = fs::path(tmp_dir) / "benchmark";
    std::error_code ec;
    fs::path self = fs::read_symlink("/proc/self/exe", ec);
    if (ec) {
      fmt::print(stderr, "caqa: cannot find this executable to run `caqa build`: {}\n", ec.message());
      return std::nullopt;
    }
    std::string command = fmt::format("'{}' build -q -o '{}' >'{}/build.log' 2>&1", self.string(), dir.string(), tmp_dir);
    if (std::system(command.c_str()) != 0) {
      fmt::print(stderr, "caqa: building the default benchmark failed (log: {}/build.log)\n", tmp_dir);
      tmp_dir.clear();  // keep the log
      return std::nullopt;
    }
  }
  auto test = load_gold({(dir / "test.jsonl").string(), ""}, kDefaultMaxLineBytes);
  auto train = test ? load_gold({(dir / "train.jsonl").string(), ""}, kDefaultMaxLineBytes, false) : std::nullopt;
  if (!train) return std::nullopt;
  return lb::BoardBenchmark{std::move(test->gold), std::move(train->gold), "benchmark/test.jsonl", test->sha256};
}

struct Loaded {
  std::vector<lb::BoardEntry> entries;  // submissions, then baselines
  std::size_t submissions = 0;
  bool ok = true;
};

void load_submission(const fs::path& folder, const std::string& not_unique, const lb::BoardBenchmark& b, Loaded& out) {
  std::vector<std::string> problems;
  if (!not_unique.empty()) problems.push_back(fmt::format("{}: {}", folder.string(), not_unique));
  lb::SubmissionFiles files{folder.filename().string(), (folder / "meta.json").string(), {}, {}, nullptr};
  fs::path pred = folder / "predictions.jsonl";
  if (!fs::exists(pred) && fs::exists(folder / "predictions.jsonl.gz")) pred = folder / "predictions.jsonl.gz";
  files.predictions_path = pred.string();
  std::string error;
  auto meta = read_file(files.meta_path, error);
  if (meta) files.meta = meta->bytes();
  else problems.push_back(fmt::format("{}: cannot read: {}", files.meta_path, error));
  auto predictions = read_file(files.predictions_path, error);
  InputText text = predictions ? predictions->text() : InputText(std::string_view());
  if (predictions) files.predictions = &text;
  else problems.push_back(fmt::format("{}: cannot read: {}", files.predictions_path, error));
  lb::EntryCheck check = lb::check_submission(files, b);
  problems.insert(problems.end(), check.problems.begin(), check.problems.end());
  for (const auto& p : problems) fmt::print(stderr, "{}\n", p);
  if (!problems.empty() || !check.entry) {
    fmt::print(stderr, "caqa: submission {} is invalid ({} problem(s))\n", files.folder, problems.size());
    out.ok = false;
    return;
  }
  const ScoreCounts& c = check.entry->scored.report.counts;
  if (c.missing || c.invalid_label || c.unparseable || c.extra_lines)
    fmt::print(stderr, "note: {}: {} missing, {} invalid label(s), {} unparseable, {} unknown id(s); scored as wrong/ignored\n",
               files.folder, c.missing, c.invalid_label, c.unparseable, c.extra_lines);
  out.entries.push_back(std::move(*check.entry));
}

Loaded load_submissions(const fs::path& dir, const lb::BoardBenchmark& b) {
  Loaded out;
  fs::path root = dir / "submissions";
  std::error_code ec;
  if (!fs::is_directory(root, ec)) {
    fmt::print(stderr, "{}: error: no submissions folder\n", root.string());
    out.ok = false;
    return out;
  }
  std::vector<fs::path> folders;
  for (const auto& e : fs::directory_iterator(root, ec))
    if (e.is_directory()) folders.push_back(e.path());
    else fmt::print(stderr, "{}: error: only folders belong in {}\n", e.path().string(), root.string()), out.ok = false;
  std::sort(folders.begin(), folders.end());
  std::vector<std::string> names;
  for (const auto& f : folders) names.push_back(f.filename().string());
  std::vector<std::string> not_unique = lb::slug_uniqueness_problems(names);
  for (std::size_t i = 0; i < folders.size(); ++i) load_submission(folders[i], not_unique[i], b, out);
  out.submissions = out.entries.size();
  return out;
}

std::optional<std::string> read_text(const fs::path& path, bool quiet = false) {
  std::string error;
  auto bytes = read_file(path.string(), error);
  if (!bytes && !quiet) fmt::print(stderr, "caqa: {}\n", error);
  return bytes ? std::optional(std::string(bytes->bytes())) : std::nullopt;
}

std::optional<lb::ReportedTable> read_reported(const fs::path& dir) {
  const fs::path path = dir / "reported" / "caqa_table5.json";
  std::string error;
  auto text = read_text(path);
  auto table = text ? lb::read_reported_table(*text, error) : std::nullopt;
  if (text && !table) fmt::print(stderr, "{}: error: {}\n", path.string(), error);
  return table;
}

// A board published with another scorer or gold is stale: publish rescores it.
void note_stale(const fs::path& dir, const lb::BoardBenchmark& b) {
  const fs::path path = dir / "leaderboard.json";
  auto text = read_text(path, true);
  lb::BoardFreshness freshness = text ? lb::board_freshness(*text, b) : lb::BoardFreshness::Current;
  if (freshness == lb::BoardFreshness::Stale)
    fmt::print(stderr, "note: {} was published with another scorer signature or gold; run caqa leaderboard publish\n",
               path.string());
  if (freshness == lb::BoardFreshness::Unreadable)
    fmt::print(stderr, "note: {} is not valid JSON; run caqa leaderboard publish\n", path.string());
}

struct TmpDir {
  std::string path;
  ~TmpDir() {
    std::error_code ec;
    if (!path.empty()) fs::remove_all(path, ec);
  }
};

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
    publish_->add_option("-o,--output", output_, "Write the board here instead of DIR/leaderboard.json")->type_name("FILE");
  }

  int run() override {
    TmpDir tmp;
    auto bench = obtain_benchmark(benchmark_, tmp.path);
    if (!bench) return kExitUsage;
    Loaded loaded = load_submissions(dir_, *bench);
    if (!loaded.ok) {
      fmt::print(stderr, "caqa: {}\n", check_->parsed() ? "leaderboard check failed"
                                                      : "not published: fix the submissions above (caqa leaderboard check)");
      return kExitInvalid;
    }
    auto reported = read_reported(dir_);
    if (!reported) return kExitInvalid;
    if (check_->parsed()) {
      note_stale(dir_, *bench);
      fmt::print("ok: {} submission(s) valid against benchmark version {}\n", loaded.submissions, bench->version);
      return kExitOk;
    }
    for (const lb::Baseline& baseline : lb::computed_baselines(bench->test, bench->train)) {
      lb::EntryCheck scored = lb::score_baseline(baseline, *bench);
      for (const auto& p : scored.problems) fmt::print(stderr, "{}\n", p);  // only with unusable gold
      if (!scored.entry) return kExitUsage;
      loaded.entries.push_back(std::move(*scored.entry));
    }
    std::string text = lb::board_json(loaded.entries, *bench, *reported);
    std::string out = output_.empty() ? (fs::path(dir_) / "leaderboard.json").string() : output_;
    if (!emit(out, text) || (!dist_.empty() && !emit((fs::path(dist_) / "leaderboard.json").string(), text)))
      return kExitUsage;
    fmt::print("published {} verified submission(s) + {} baseline(s) to {}{}\n", loaded.submissions,
               loaded.entries.size() - loaded.submissions, out, dist_.empty() ? "" : " and " + dist_ + "/");
    return kExitOk;
  }

 private:
  CLI::App *check_ = nullptr, *publish_ = nullptr;
  std::string dir_ = "leaderboard", benchmark_, dist_, output_;
};

}  // namespace

std::unique_ptr<Command> add_leaderboard_command(CLI::App& app) { return std::make_unique<LeaderboardCommand>(app); }

}  // namespace caqa::cli
