// caqa meta: how well a faithfulness metric's scores track human support levels.
#include <fmt/format.h>

#include "caqa/meta/meta_report.h"
#include "caqa/meta/pipeline.h"
#include "command.h"
#include "files.h"
#include "inputs.h"
#include "meta/resample_backend.h"
#include "scoring.h"
#include "thread_runner.h"

namespace caqa::cli {

namespace {

constexpr const char* kMetaHelp =
    "Levels: full = 2, partial = 1, no = 0 (CAQA: supportive = full, partially_supportive = partial,\n"
    "contradictory and irrelevant = no); a higher score should mean more support.\n"
    "  Pearson, Spearman (average ranks), Kendall tau-b (tie-corrected on both sides)\n"
    "  ROC-AUC one-vs-one: FS vs NS, FS vs PS, PS vs NS on the items of the two levels,\n"
    "          P(score_pos > score_neg) + P(tie)/2, and their mean\n"
    "  NDCG@5/10/20 per group (relevance = level, linear gain, 1/log2(rank+1) discount), averaged\n"
    "          over groups with 2+ items; tied scores share their mean gain (never broken by id)\n"
    "  95% CI  percentile bootstrap: the pairs drawn with replacement (index resampling) for the\n"
    "          correlations and AUC, the groups for NDCG; the same numbers on the CPU and the GPU\n"
    "Groups: the pairs file's \"group\" (or \"qid\"); with --gold, the gold \"qid\" when every sample\n"
    "has one, else the complexity level.\n"
    "Levels in PAIRS are support3 spellings: full/partial/no, FS/PS/NS, WiCE's supported/\n"
    "partially_supported/not_supported, attributable (full) and not attributable (no).\n"
    "Numeric levels in PAIRS: 2/1/0 = full/partial/no. A file whose levels are all numeric and\n"
    "never 2 (ALCE-style 1/0) is refused until --levels says what they mean: --levels binary\n"
    "(1 = full, 0 = no) or --levels 012 (1 = partial, 0 = no).";

class MetaCommand : public Command {
 public:
  explicit MetaCommand(CLI::App& parent) {
    CLI::App* app = parent.add_subcommand(
        "meta",
        "Meta-evaluate a faithfulness metric: correlation, one-vs-one ROC-AUC and NDCG@k of its scores\n"
        "against human support levels (Zhang et al., INLG 2024).\n"
        "  caqa meta PAIRS                  JSON Lines {\"id\", \"level\", \"score\", \"group\"?} or CSV "
        "id,level,score[,group]\n"
        "  caqa meta PRED --gold BENCH      CAQA predictions with a \"score\"; levels from the gold labels");
    app->add_option("input", path_, "Pairs file, or a CAQA prediction file when --gold is given")
        ->required()
        ->type_name("FILE");
    auto* gold = app->add_option("--gold", gold_.path, "Benchmark split: score CAQA predictions against its labels")
                     ->type_name("FILE");
    app->add_option("--levels", levels_,
                    "What numeric levels in PAIRS mean: 012 (2 full, 1 partial, 0 no; the default) or binary "
                    "(1 full, 0 no)")
        ->type_name("012|binary")
        ->check(CLI::IsMember({"012", "binary"}))
        ->excludes(gold);
    app->add_option("--split", gold_.split, "With --gold: use only samples of this split")->type_name("NAME");
    predictions_.add_to(*app, false);
    add_bootstrap_flags(*app, bootstrap_.resamples, bootstrap_.seed);
    app->add_option("--backend", backend_,
                    "Where the bootstrap replicates run: auto (the GPU when CUDA finds one, else the CPU), cpu, or "
                    "cuda (fails without a GPU); every backend gives the same bits")
        ->capture_default_str()
        ->check(CLI::IsMember({"auto", "cpu", "cuda", "gpu"}));
    app->add_option("--threads", threads_, "CPU threads for the bootstrap (0 = one per core)")->capture_default_str();
    auto* json = app->add_flag("--json", json_, "Print the versioned JSON report");
    app->add_flag("--markdown", markdown_, "Print a Markdown table")->excludes(json);
    app->add_option("-o,--output", output_, "Write the report to FILE (atomically)")->type_name("FILE");
    app->footer(kMetaHelp);
  }

  int run() override {
    meta::ResamplerChoice choice =
        meta::choose_resampler(*compute::parse_backend_request(backend_), thread_runner(threads_));
    if (!choice.resampler) {
      fmt::print(stderr, "caqa meta: {}\nhint: use --backend auto or cpu to run on the CPU\n", choice.reason);
      return kExitUsage;
    }
    resampler_ = *choice.resampler;
    std::optional<MetaReport> report = gold_.path.empty() ? from_pairs() : from_predictions();
    if (!report) return exit_code_;
    if (report->intervals) {
      if (report->resample_fallback.empty())
        fmt::print(stderr, "caqa meta: bootstrap on {} ({})\n", report->resampled_by, choice.reason);
      else
        fmt::print(stderr, "caqa meta: bootstrap on the CPU: the {} backend failed ({})\n", resampler_.name,
                   report->resample_fallback);
    }
    if (report->n == 0) {  // no number was computed: an error, never a report of blanks
      fmt::print(stderr, "caqa: {}: no pair has both a support level and a finite score; nothing to evaluate\n",
                 report->source_name);
      return kExitInvalid;
    }
    std::string text = json_       ? meta_report_json(*report) + "\n"
                       : markdown_ ? render_meta_markdown(*report)
                                   : render_meta_table(*report);
    return emit(output_, text) ? kExitOk : kExitUsage;
  }

 private:
  std::optional<MetaReport> from_pairs() {
    std::string error;
    auto file = read_file(path_, error);
    if (!file) {
      fmt::print(stderr, "caqa: {}\n", error);
      exit_code_ = kExitUsage;
      return std::nullopt;
    }
    LevelCoding coding = levels_.empty() ? LevelCoding::Unstated : *parse_level_coding(levels_);
    MetaPairsRead read = read_meta_pairs(file->text(), predictions_.max_line_bytes, coding);
    if (read.diagnostics.has_errors()) {
      print_diagnostics(stderr, display_name(path_), read.diagnostics, predictions_.max_errors);
      fmt::print(stderr, "caqa: {} was not evaluated: {} problem(s) above\n", display_name(path_),
                 read.diagnostics.error_count());
      exit_code_ = kExitInvalid;
      return std::nullopt;
    }
    return meta_report(read.items, bootstrap_, display_name(path_), {}, {}, resampler_);
  }

  std::optional<MetaReport> from_predictions() {
    ScoreRequest request = meta_score_request(score_request(gold_, predictions_, nullptr));
    LoadedInputs inputs = load_inputs(gold_.path, {path_}, request);
    if (!inputs.gold || !inputs.predictions[0]) {
      exit_code_ = kExitUsage;
      return std::nullopt;
    }
    if (!meta_reads_scheme(*request.scheme)) {
      fmt::print(stderr,
                 "caqa meta: {} names the {} scheme; meta needs support levels: caqa4 gold (supportive = full, "
                 "partially supportive = partial, the rest = no) or support3 gold (full / partial / no)\n",
                 gold_.path, request.scheme->name);
      exit_code_ = kExitUsage;
      return std::nullopt;
    }
    ScoredFile scored =
        score_loaded(std::move(*inputs.predictions[0]), *inputs.gold, request, predictions_.max_errors, false);
    if (scored.blocked()) {
      exit_code_ = kExitInvalid;
      return std::nullopt;
    }
    return meta_of_scored(inputs.gold->gold, scored, bootstrap_, scored.report->sources, resampler_);
  }

  std::string path_, output_, levels_, backend_ = "auto";
  unsigned threads_ = 0;
  MetaResampler resampler_;
  GoldFlags gold_;
  PredictionFlags predictions_;
  BootstrapOptions bootstrap_{};
  bool json_ = false, markdown_ = false;
  int exit_code_ = kExitOk;
};

}  // namespace

std::unique_ptr<Command> add_meta_command(CLI::App& app) { return std::make_unique<MetaCommand>(app); }

}  // namespace caqa::cli
