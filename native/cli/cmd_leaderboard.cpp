// caqa leaderboard check|publish: reads the submissions under leaderboard/ and hands
// them to the core (caqa/leaderboard/*), which checks them, rescores them and writes
// the board (docs/leaderboard.md). This file only reads and writes files.
#include <algorithm>
#include <cstddef>
#include <filesystem>

#include <fmt/format.h>

#include "build_sources.h"
#include "caqa/factscore/factscore_report.h"
#include "caqa/kg/build.h"
#include "caqa/leaderboard/entries.h"
#include "caqa/leaderboard/sealed_split.h"
#include "caqa/report.h"
#include "command.h"
#include "files.h"
#include "inputs.h"

namespace caqa::cli {

std::unique_ptr<Command> add_leaderboard_command(CLI::App& app);

namespace {

namespace fs = std::filesystem;
namespace lb = caqa::leaderboard;

// Limits on what a pull request may hand to check and publish (docs/leaderboard.md).
constexpr std::size_t kMaxPredictionBytes = std::size_t{64} << 20;  // on disk and decompressed
constexpr std::size_t kMaxMetaBytes = std::size_t{64} << 10;

// The default benchmark's test split, sealed (caqa/leaderboard/sealed_split.h), its
// train split (the majority baseline) and its version.
struct SealedBenchmark {
  lb::SealedSplit split;
  GoldSet train;
  std::string version;  // SHA-256 of test.jsonl
};

std::optional<SealedBenchmark> seal(std::string_view test_jsonl, GoldSet train) {
  std::string error;
  auto split = lb::seal_test_split(test_jsonl, error);
  if (!split) {
    fmt::print(stderr, "caqa: benchmark/test.jsonl: {}\n", error);
    return std::nullopt;
  }
  return SealedBenchmark{std::move(*split), std::move(train), sha256_hex(test_jsonl)};
}

// The output of `caqa build` in dir; with no dir, the default benchmark built in memory
// by the same core call as `caqa build`.
std::optional<SealedBenchmark> obtain_benchmark(const std::string& dir) {
  if (!dir.empty()) {
    std::string error;
    auto test = read_file((fs::path(dir) / "test.jsonl").string(), error);
    if (!test) {
      fmt::print(stderr, "caqa: {}\n", error);
      return std::nullopt;
    }
    auto train = load_gold((fs::path(dir) / "train.jsonl").string(), {}, false);
    if (!train) return std::nullopt;
    return seal(test->bytes(), std::move(train->gold));
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
  GoldParse train = parse_gold(InputText(built.train_jsonl));
  return seal(built.test_jsonl, std::move(train.gold));
}

// check's benchmark: the ranked split's ids with a placeholder label, so that a
// submission's format, ids and coverage are validated without the sealed labels.
std::optional<lb::BoardBenchmark> unlabelled_benchmark(SealedBenchmark& s) {
  auto ids = parse_gold_text("benchmark/ranked-inputs.jsonl", InputText(s.split.ranked_placeholder), {});
  if (!ids) return std::nullopt;
  return lb::BoardBenchmark{std::move(ids->gold),
                            std::move(s.train),
                            "benchmark/ranked-inputs.jsonl",
                            s.version,
                            "ranked",
                            s.split.n_public,
                            {}};
}

// publish's benchmark: the sealed labels, which must be exactly the ranked split's samples.
std::optional<lb::BoardBenchmark> sealed_benchmark(SealedBenchmark& s, const std::string& sealed_path) {
  auto ids = parse_gold_text("benchmark/ranked-inputs.jsonl", InputText(s.split.ranked_placeholder), {});
  std::string error;
  auto sealed_text = ids ? read_file(sealed_path, error) : std::nullopt;
  if (ids && !sealed_text) fmt::print(stderr, "caqa: {}\n", error);
  auto sealed = sealed_text ? parse_gold_text(sealed_path, sealed_text->text(), {}) : std::nullopt;
  if (!sealed) return std::nullopt;
  std::size_t found = 0;
  for (std::uint32_t i = 0; i < ids->gold.size(); ++i)
    found += sealed->gold.ids().find(ids->gold.ids().id(i)) != IdIndex::kAbsent;
  if (found != ids->gold.size() || sealed->gold.size() != ids->gold.size()) {
    fmt::print(stderr,
               "caqa: {}: holds {} samples, {} of the {} in this benchmark's ranked split: it is the sealed gold of "
               "another benchmark version (caqa leaderboard seal writes it)\n",
               sealed_path, sealed->gold.size(), found, ids->gold.size());
    return std::nullopt;
  }
  auto sub = factscore::read_sub_fact_gold(sealed_text->text(), sealed->gold, kDefaultMaxLineBytes);
  if (sub.diagnostics.has_errors()) {
    print_diagnostics(stderr, sealed_path, sub.diagnostics, 10);
    return std::nullopt;
  }
  return lb::BoardBenchmark{
      std::move(sealed->gold), std::move(s.train), "benchmark/ranked-gold.jsonl (sealed)", s.version, "ranked",
      s.split.n_public,        std::move(sub.gold)};
}

// Why path may not be read as part of a submission under root ("" when it may): a pull
// request could otherwise make check read any file the CI runner can (a link to
// /etc/passwd, /dev/zero). Nothing of the file is shown.
std::string unsafe_path(const fs::path& path, const fs::path& root) {
  std::error_code ec;
  const fs::file_status st = fs::symlink_status(path, ec);
  if (st.type() == fs::file_type::not_found) return "is missing";
  if (ec) return "cannot be inspected";
  if (fs::is_symlink(st)) return "is a symbolic link; a submission holds regular files and folders only";
  if (!fs::is_regular_file(st) && !fs::is_directory(st)) return "is not a regular file";
  std::error_code ec_top;
  const fs::path real = fs::canonical(path, ec), top = fs::canonical(root, ec_top);
  if (ec || ec_top) return "cannot be resolved";
  if (std::mismatch(real.begin(), real.end(), top.begin(), top.end()).second != top.end())
    return "resolves outside the submissions folder";
  return "";
}

// One submission file read within the limits, or nullopt with the problem added.
std::optional<FileBytes> read_submission_file(const fs::path& path, const fs::path& root, std::size_t max_bytes,
                                              std::vector<std::string>& problems) {
  if (std::string why = unsafe_path(path, root); !why.empty()) {
    problems.push_back(fmt::format("{}: error: {}", path.string(), why));
    return std::nullopt;
  }
  std::string error;
  auto bytes = read_file(path.string(), error, max_bytes);
  if (!bytes) problems.push_back(error);  // "cannot read PATH: why"
  return bytes;
}

// One submission folder, checked and scored; nullopt (problems printed) when invalid.
std::optional<lb::BoardEntry> load_submission(const fs::path& folder, const fs::path& root,
                                              lb::SubmissionChecker& checker, const lb::BoardBenchmark& b) {
  fs::path pred = folder / "predictions.jsonl";
  std::error_code ec;
  if (!fs::exists(fs::symlink_status(pred, ec)) && fs::exists(fs::symlink_status(folder / "predictions.jsonl.gz", ec)))
    pred = folder / "predictions.jsonl.gz";
  lb::SubmissionFiles files{folder.filename().string(), (folder / "meta.json").string(), {}, pred.string(), nullptr};
  std::vector<std::string> problems;
  auto meta = read_submission_file(files.meta_path, root, kMaxMetaBytes, problems);
  auto predictions = read_submission_file(pred, root, kMaxPredictionBytes, problems);
  if (fs::exists(fs::symlink_status(folder / "public-predictions.jsonl", ec)))
    read_submission_file(folder / "public-predictions.jsonl", root, kMaxPredictionBytes, problems);
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
  // Sub-fact judgments (optional; caqa factscore, issue 41), scored where the sealed
  // verdicts are known (publish), against the Table 6 population among others.
  const fs::path sub_path = folder / "subfacts.jsonl";
  if (fs::exists(fs::symlink_status(sub_path, ec)) && b.sub_facts.samples_with_sub_facts > 0) {
    auto sub = read_submission_file(sub_path, root, kMaxPredictionBytes, problems);
    std::optional<factscore::FactScoreOutcome> o;
    if (sub)
      o = factscore::score_sub_fact_file(b.test, b.sub_facts, sub->text(),
                                         {lb::board_request().bootstrap, false, kDefaultMaxLineBytes},
                                         files.folder + "/subfacts.jsonl");
    if (o) print_diagnostics(stderr, sub_path.string(), o->diagnostics, 20);
    if (!o || !o->report) {
      if (o) fmt::print(stderr, "caqa: {}\n", o->refusal);
      for (const auto& p : problems) fmt::print(stderr, "{}\n", p);
      fmt::print(stderr, "caqa: submission {} is invalid (its subfacts.jsonl)\n", files.folder);
      return std::nullopt;
    }
    check.entry->factscore = std::move(o->report);
  }
  return std::move(check.entry);
}

// Every folder under dir/submissions, in name order; false when any is invalid.
bool load_submissions(const fs::path& dir, const lb::BoardBenchmark& b, std::vector<lb::BoardEntry>& entries) {
  fs::path root = dir / "submissions";
  std::error_code ec;
  bool ok = true;
  std::vector<fs::path> folders;
  for (const auto& e : fs::directory_iterator(root, ec))
    if (std::string why = unsafe_path(e.path(), root); !why.empty())
      fmt::print(stderr, "{}: error: {}\n", e.path().string(), why), ok = false;
    else if (e.is_directory())
      folders.push_back(e.path());
    else
      fmt::print(stderr, "{}: error: only folders belong in {}\n", e.path().string(), root.string()), ok = false;
  std::sort(folders.begin(), folders.end());
  lb::SubmissionChecker checker(b);
  for (const auto& folder : folders)
    if (auto entry = load_submission(folder, root, checker, b))
      entries.push_back(std::move(*entry));
    else
      ok = false;
  return ok;
}

std::optional<lb::ReportedTable> read_reported(const fs::path& dir, const char* file = "caqa_table5.json") {
  const std::string path = (dir / "reported" / file).string();
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

// The public split, the ranked split's inputs and its sealed gold, as files.
int write_sealed(const SealedBenchmark& s, const fs::path& out) {
  std::error_code ec;
  fs::create_directories(out, ec);
  for (const auto& [name, text] : {std::pair<const char*, const std::string&>{"public.jsonl", s.split.public_gold},
                                   {"ranked-inputs.jsonl", s.split.ranked_inputs},
                                   {"ranked-gold.jsonl", s.split.ranked_gold}})
    if (!emit((out / name).string(), text)) return kExitUsage;
  fmt::print(
      "sealed benchmark version {}: {} public samples (public.jsonl, labels shipped with the site), {} ranked "
      "(ranked-inputs.jsonl without labels; ranked-gold.jsonl is the sealed file: keep it out of the "
      "repository and the site) in {}/\n",
      s.version, s.split.n_public, s.split.n_ranked, out.string());
  return kExitOk;
}

// Each verified entry's full score report on the ranked split, for its entry page.
bool write_entry_reports(const std::vector<lb::BoardEntry>& entries, const fs::path& dir) {
  std::error_code ec;
  fs::create_directories(dir, ec);
  for (const lb::BoardEntry& e : entries)
    if (!emit((dir / (e.meta.slug + ".json")).string(), report_json(*e.scored.report))) return false;
  return true;
}

class LeaderboardCommand : public Command {
 public:
  explicit LeaderboardCommand(CLI::App& parent) {
    CLI::App* app = parent.add_subcommand(
        "leaderboard", "Check the submissions under leaderboard/ or publish them, rescored, as leaderboard.json.");
    app->require_subcommand(1);
    check_ = app->add_subcommand("check",
                                 "Validate every submission without the sealed labels: meta.json fields and types, "
                                 "slug = folder and unique, predictions' format, ids and coverage of the ranked "
                                 "split, benchmark version, limits.\nExit 0 all valid, 1 a submission is invalid, 2 "
                                 "usage error or unusable benchmark.");
    publish_ = app->add_subcommand("publish",
                                   "Rescore every submission and the trivial baselines on the ranked split with its "
                                   "sealed labels, rank them with paired tests,\nwrite DIR/leaderboard.json "
                                   "(deterministic) and copy it into DIST when given.");
    seal_ = app->add_subcommand("seal",
                                "Write the test split's two parts: public.jsonl (labels public), ranked-inputs.jsonl "
                                "(no labels) and ranked-gold.jsonl (the sealed labels publish reads).");
    for (CLI::App* sub : {check_, publish_, seal_})
      sub->add_option("--benchmark", benchmark_,
                      "A built benchmark folder (test.jsonl, train.jsonl); default: build the default one now")
          ->type_name("DIR");
    for (CLI::App* sub : {check_, publish_})
      sub->add_option("--dir", dir_, "Leaderboard folder (submissions/, reported/)")->capture_default_str();
    publish_
        ->add_option("--sealed-gold", sealed_gold_,
                     "The ranked split's labels (ranked-gold.jsonl of caqa leaderboard seal); never commit it")
        ->envname("CAQA_SEALED_GOLD")
        ->type_name("FILE");
    publish_->add_option("--dist", dist_, "Also copy leaderboard.json into this site folder")->type_name("DIR");
    publish_->add_option("-o,--output", output_, "Write the board here instead of DIR/leaderboard.json")
        ->type_name("FILE");
    publish_->add_option("--entries", entries_, "Also write each verified entry's score report as DIR/<slug>.json")
        ->type_name("DIR");
    seal_->add_option("-o,--output", output_, "Folder for the three files")->type_name("DIR")->required();
  }

  int run() override {
    if (seal_->parsed()) {
      auto bench = obtain_benchmark(benchmark_);
      return bench ? write_sealed(*bench, output_) : kExitUsage;
    }
    // A --dir without submissions/ is a wrong argument (exit 2), not an invalid submission.
    std::error_code ec;
    if (!fs::is_directory(fs::path(dir_) / "submissions", ec)) {
      fmt::print(stderr, "caqa: {}: no submissions folder (--dir names the leaderboard folder)\n",
                 (fs::path(dir_) / "submissions").string());
      return kExitUsage;
    }
    if (publish_->parsed() && sealed_gold_.empty()) {
      fmt::print(stderr,
                 "caqa: publish scores the ranked split with its sealed labels: give --sealed-gold FILE or set "
                 "CAQA_SEALED_GOLD (caqa leaderboard seal -o DIR writes DIR/ranked-gold.jsonl)\n");
      return kExitUsage;
    }
    auto sealed = obtain_benchmark(benchmark_);
    if (!sealed) return kExitUsage;
    auto bench = check_->parsed() ? unlabelled_benchmark(*sealed) : sealed_benchmark(*sealed, sealed_gold_);
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
      fmt::print(
          "ok: {} submission(s) valid against benchmark version {} ({} ranked samples, checked without "
          "their labels)\n",
          entries.size(), bench->version, bench->test.size());
      return kExitOk;
    }
    const std::size_t submissions = entries.size();
    std::vector<std::string> problems;  // only with unusable gold
    for (lb::BoardEntry& e : lb::baseline_entries(*bench, problems)) entries.push_back(std::move(e));
    for (const auto& p : problems) fmt::print(stderr, "{}\n", p);
    if (!problems.empty()) return kExitUsage;
    // The paper's Table 6 (FActScore), shown beside the board's FActScore column when present.
    std::optional<lb::ReportedTable> table6;
    std::error_code exists_ec;
    if (fs::exists(fs::path(dir_) / "reported" / "caqa_table6.json", exists_ec)) {
      table6 = read_reported(dir_, "caqa_table6.json");
      if (!table6) return kExitInvalid;
    }
    std::string text = lb::board_json(entries, *bench, *reported, table6 ? &*table6 : nullptr);
    std::string out = output_.empty() ? (fs::path(dir_) / "leaderboard.json").string() : output_;
    if (!emit(out, text) || (!dist_.empty() && !emit((fs::path(dist_) / "leaderboard.json").string(), text)) ||
        (!entries_.empty() && !write_entry_reports(entries, entries_)))
      return kExitUsage;
    fmt::print("published {} verified submission(s) + {} baseline(s) to {}{}\n", submissions,
               entries.size() - submissions, out, dist_.empty() ? "" : " and " + dist_ + "/");
    return kExitOk;
  }

 private:
  CLI::App *check_ = nullptr, *publish_ = nullptr, *seal_ = nullptr;
  std::string dir_ = "leaderboard", benchmark_, dist_, output_, sealed_gold_, entries_;
};

}  // namespace

std::unique_ptr<Command> add_leaderboard_command(CLI::App& app) { return std::make_unique<LeaderboardCommand>(app); }

}  // namespace caqa::cli
