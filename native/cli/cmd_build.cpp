// caqa build: the benchmark from a knowledge graph and KGQA questions (CAQA paper, section 4).
// Flags -> read the inputs -> kg::build_benchmark -> write the four documents.
#include <optional>

#include <fmt/format.h>

#include "build_sources.h"
#include "command.h"
#include "inputs.h"
#include "progress.h"
#include "staged_directory.h"

namespace caqa::cli {

namespace {

constexpr const char* kBuildHelp =
    "Pipeline: collect single, path (<= 2 hops) and tree (<= 2 subjects) queries; extend them\n"
    "(single: union / head intersection / answer intersection / none, path and tree: the two\n"
    "intersections, equally likely); ground them; edit the supportive subgraph into partially\n"
    "supportive, contradictory and irrelevant ones; verbalise with relation templates; verify\n"
    "each label on its own subgraph; split train/test by source question. Same inputs and seed\n"
    "give byte-identical files. Outputs in OUT: train.jsonl, test.jsonl, manifest.json (versions,\n"
    "seed, SHA-256 of every input and output, counts, skipped inputs), statistics.md (Table 4).\n"
    "With no input flags the default KG and questions built into caqa (data/default) are used.\n"
    "OUT is replaced all-or-nothing: the files are written to a temporary sibling\n"
    "(.caqa-tmp-OUT-PID) that replaces OUT at the end; Ctrl-C leaves the old OUT whole. OUT must\n"
    "be new or hold only these four files. A build that gives no sample is an error (exit 1).";

// Why a build gave no sample: the skipped inputs by reason and the verification failures.
std::string no_samples_message(const kg::BuiltBenchmark& built) {
  std::string why;
  for (const auto& [reason, count] : built.problems.counts())
    why += fmt::format("{}{} skipped ({})", why.empty() ? "" : ", ", count, reason);
  if (!built.violations.empty())
    why += fmt::format("{}{} failed verification", why.empty() ? "" : ", ", built.violations.size());
  return fmt::format("no sample built from {} question(s) over a KG of {} triple(s): {}", built.stats.questions,
                     built.graph.triples, why.empty() ? "no question to build from" : why);
}

class BuildCommand : public Command {
 public:
  explicit BuildCommand(CLI::App& parent) {
    CLI::App* app =
        parent.add_subcommand("build", "Build the CAQA benchmark from a knowledge graph and KGQA questions.");
    inputs_.add_to(*app);
    app->add_option("-o,--out", out_, "Output folder")->capture_default_str();
    app->add_option("--seed", seed_, "Seed of every random choice")->capture_default_str();
    app->add_option("--test-fraction", test_fraction_,
                    "Share of source questions in the test split (default 0.15; 0.3 for the default benchmark)")
        ->check(CLI::Range(0.0, 1.0));
    app->add_option("--max-questions", options_.max_questions, "Use only the first N questions (0 = all)")
        ->capture_default_str();
    app->add_option("--sample-queries", sample_queries_,
                    "Also sample N questions from the KG (single triples, 2-hop paths, 2-branch trees with 1-3 "
                    "answers; text from --query-templates). Default 0; 4000 for the default benchmark");
    harden_ =
        app->add_flag("--harden,!--no-harden", harden_value_,
                      "Adversarial filtering (AFLite, docs/hardening.md): drop the samples a bag-of-n-grams model "
                      "predicts from many random splits. Default off; on for the default benchmark");
    app->add_flag("!--no-verify", options_.build.verify, "Skip re-deriving each label from its subgraph");
    app->add_flag("!--no-audit", options_.audit,
                  "Skip the shortcut audit (caqa audit's probes, written into statistics.md and the manifest)");
    app->add_flag("--strict", strict_, "Fail (exit 1) on any skipped input or verification violation");
    app->add_flag("-q,--quiet", quiet_, "No progress output");
    app->footer(kBuildHelp);
  }

  int run() override {
    std::string error;
    StagedDirectory out(out_);
    std::vector<std::string_view> outputs;
    for (const auto& document : kg::BuiltBenchmark{}.documents()) outputs.push_back(document.first);
    if (!out.can_replace(outputs, error)) {
      fmt::print(stderr, "caqa build: {}\n", error);
      return kExitUsage;
    }
    auto loaded = load_build_sources(inputs_, error);
    if (!loaded) {
      fmt::print(stderr, "caqa: {}\n", error);
      return kExitUsage;
    }
    Progress load("load", !quiet_);
    std::optional<Progress> ground;
    kg::BuildObserver observer;
    observer.loading = [&](std::size_t done, std::size_t total) { load.update(done, total); };
    observer.loaded = [&](const kg::GraphSummary& g) {
      load.finish(g.triples_added, fmt::format("triples ({} entities, {} relations, {:.1f} MB resident)", g.entities,
                                               g.relations, g.memory_bytes / 1e6));
    };
    if (!quiet_) observer.import_report = [](std::string_view text) { fmt::print(stderr, "{}", text); };
    observer.building = [&](std::size_t done, std::size_t total) {
      if (!ground) ground.emplace("build", !quiet_);
      ground->update(done, total);
    };
    kg::BuiltBenchmark built = kg::build_benchmark(loaded->sources, options(loaded->is_default), observer);
    if (!ground) ground.emplace("build", !quiet_);
    ground->finish(built.sample_count,
                   fmt::format("samples from {} of {} questions", built.stats.collected, built.stats.questions));

    if (built.sample_count == 0) {
      if (!quiet_) fmt::print("{}", kg::format_build_summary(built));
      fmt::print(stderr, "caqa build: {}; nothing written to {}\n", no_samples_message(built), out_);
      return kExitInvalid;
    }

    Progress write("write", !quiet_);
    bool written = out.open(error);
    for (const auto& [name, text] : built.documents()) written = written && out.write(name, *text, error);
    if (!written || !out.commit(error)) {
      fmt::print(stderr, "caqa build: {}\n", error);
      return kExitUsage;
    }
    write.finish(built.sample_count, "samples written to " + out_);

    if (!quiet_) fmt::print("{}", kg::format_build_summary(built));
    return strict_ && !built.clean() ? kExitInvalid : kExitOk;
  }

 private:
  // The flags given, over the default benchmark's recipe when no input is named.
  kg::BenchmarkOptions options(bool is_default) const {
    kg::BenchmarkOptions o = is_default ? kg::default_benchmark_options() : kg::BenchmarkOptions{};
    o.max_questions = options_.max_questions;
    o.audit = options_.audit;
    o.build.verify = options_.build.verify;
    o.build.seed = seed_;
    if (test_fraction_) o.build.test_fraction = *test_fraction_;
    if (sample_queries_) o.sample_queries = *sample_queries_;
    if (harden_->count() > 0) o.harden = harden_value_;
    return o;
  }

  BuildInputFlags inputs_;
  std::string out_ = "benchmark";
  kg::BenchmarkOptions options_;
  std::uint64_t seed_ = kg::BuildOptions{}.seed;
  std::optional<double> test_fraction_;
  std::optional<std::size_t> sample_queries_;
  CLI::Option* harden_ = nullptr;
  bool harden_value_ = false;
  bool strict_ = false, quiet_ = false;
};

}  // namespace

std::unique_ptr<Command> add_build_command(CLI::App& app) { return std::make_unique<BuildCommand>(app); }

}  // namespace caqa::cli
