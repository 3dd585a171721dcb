// caqa factscore: the fine-grained evaluation of partial support (issue 41; CAQA section
// 6.3, Table 6): an evaluator's sub-fact judgments against the benchmark's gold sub-facts.
#include <fmt/format.h>

#include "caqa/factscore/factscore_report.h"
#include "command.h"
#include "files.h"
#include "inputs.h"
#include "scoring.h"

namespace caqa::cli {

namespace {

constexpr const char* kFactScoreHelp =
    "The paper's definitions (CAQA section 6.3, Appendix D.2; FActScore, Min et al. 2023): an answer is\n"
    "split into sub-facts; FActScore is the share of them the evaluator finds supported by the citation.\n"
    "Table 6 reports its mean over partially supportive samples and the gap to the human figure (0.58).\n"
    "Ours: the sub-facts are the facts the answer claims (the benchmark's \"subfacts\", one sentence each);\n"
    "the gold says whether the citation supports each (states it or implies it) and the gold FActScore\n"
    "is supported / claimed, computed from the graph as the paper does. For each file and population\n"
    "(all, partially_supportive, each level, each label):\n"
    "  FActScore   mean over samples of the evaluator's share of sub-facts judged True (a probability\n"
    "              counts as its value); a bare \"factscore\" is taken as given\n"
    "  Gold        the same from the gold verdicts;  Gap = |FActScore - Gold| (Table 6's Hum-Gap)\n"
    "  MAE         mean |predicted - gold| per sample;  Pearson, Spearman (average ranks) per sample\n"
    "  Sub-fact acc., F1 True   over judged sub-facts, True at probability 0.5 or above\n"
    "  CIs         percentile bootstrap over the population's samples; '-' (null in JSON) where a\n"
    "              statistic is undefined (no judged sub-fact, a constant side of a correlation)\n"
    "Predictions: one JSON line per sample, {\"id\": ..., \"subfacts\": [true, false, ...]} in the order\n"
    "of the gold's \"subfacts\" (or probabilities of True), or {\"id\": ..., \"factscore\": 0.5}.\n"
    "A malformed line, a judgment count that differs from the gold's, or a repeated id is an error;\n"
    "a sample without a prediction is an error unless --ignore-missing.\n"
    "Examples:\n"
    "  caqa factscore subfacts.jsonl --gold benchmark/test.jsonl\n"
    "  caqa factscore a.jsonl b.jsonl --gold benchmark/test.jsonl --markdown -o factscore.md";

class FactScoreCommand : public Command {
 public:
  explicit FactScoreCommand(CLI::App& parent) {
    CLI::App* app = parent.add_subcommand(
        "factscore", "FActScore of an evaluator's sub-fact judgments against the gold sub-facts (CAQA Table 6)");
    app->add_option("predictions", paths_, "Sub-fact prediction files (JSON Lines)")
        ->required()
        ->type_name("PRED.jsonl...");
    gold_.add_to(*app);
    app->add_flag("--ignore-missing", ignore_missing_,
                  "Score only gold samples that have a prediction (default: a missing one is an error)");
    add_bootstrap_flags(*app, bootstrap_.resamples, bootstrap_.seed);
    app->add_option("--level", bootstrap_.level, "Confidence level of the intervals")
        ->check(CLI::Range(0.5, 0.999))
        ->capture_default_str();
    auto* json = app->add_flag("--json", json_, "Print the versioned JSON report");
    auto* markdown = app->add_flag("--markdown", markdown_, "Print Markdown tables")->excludes(json);
    app->add_flag("--csv", csv_, "Print CSV, one row per file and population")->excludes(json)->excludes(markdown);
    app->add_option("--max-line-bytes", max_line_bytes_, "Longest line read")->capture_default_str();
    app->add_option("--max-errors", max_errors_, "Problems printed per file (0 = all)")->capture_default_str();
    app->add_option("-o,--output", output_, "Write the report to FILE (atomically)")->type_name("FILE");
    app->footer(kFactScoreHelp);
  }

  int run() override {
    std::string error;
    auto gold_file = read_file(gold_.path, error);
    if (!gold_file) {
      fmt::print(stderr, "caqa: {}\n", error);
      return kExitUsage;
    }
    GoldOptions options;
    if (!gold_.split.empty()) options.split = gold_.split;
    auto gold = parse_gold_text(gold_.path, gold_file->text(), options);
    if (!gold) return kExitUsage;
    factscore::SubFactGoldRead sub = factscore::read_sub_fact_gold(gold_file->text(), gold->gold, max_line_bytes_);
    if (sub.diagnostics.has_errors()) {
      print_diagnostics(stderr, gold->name, sub.diagnostics, max_errors_);
      return kExitInvalid;
    }
    if (sub.gold.samples_with_sub_facts == 0) {
      fmt::print(stderr,
                 "caqa factscore: {} has no \"subfacts\": only benchmarks built by `caqa build` carry sub-facts "
                 "(and `caqa export-gold` of them); nothing to score\n",
                 gold->name);
      return kExitUsage;
    }
    std::vector<factscore::FactScoreReport> reports;
    int code = kExitOk;
    for (const std::string& path : paths_) {
      auto file = read_file(path, error);
      if (!file) {
        fmt::print(stderr, "caqa: {}\n", error);
        return kExitUsage;
      }
      const std::string name = display_name(path);
      factscore::FactScoreOutcome o = factscore::score_sub_fact_file(
          gold->gold, sub.gold, file->text(), {bootstrap_, ignore_missing_, max_line_bytes_}, name);
      print_diagnostics(stderr, name, o.diagnostics, max_errors_);
      if (!o.report) {
        fmt::print(stderr, "caqa: {}\n", o.refusal);
        code = kExitInvalid;
        continue;
      }
      reports.push_back(std::move(*o.report));
    }
    if (reports.empty()) return code;
    const std::string text = json_       ? factscore::factscore_json(reports)
                             : markdown_ ? factscore::factscore_markdown(reports)
                             : csv_      ? factscore::factscore_csv(reports)
                                         : factscore::factscore_text(reports);
    return emit(output_, text) ? code : kExitUsage;
  }

 private:
  std::vector<std::string> paths_;
  GoldFlags gold_;
  BootstrapOptions bootstrap_{};
  bool ignore_missing_ = false, json_ = false, markdown_ = false, csv_ = false;
  std::size_t max_line_bytes_ = kDefaultMaxLineBytes, max_errors_ = 50;
  std::string output_;
};

}  // namespace

std::unique_ptr<Command> add_factscore_command(CLI::App& app) { return std::make_unique<FactScoreCommand>(app); }

}  // namespace caqa::cli
