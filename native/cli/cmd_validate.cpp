// caqa validate: every problem of a prediction file, each with file, line and column.
#include <fmt/format.h>

#include "caqa/errors.h"
#include "caqa/report.h"
#include "caqa/validate.h"
#include "command.h"
#include "inputs.h"
#include "scoring.h"

namespace caqa::cli {

namespace {

std::string codes_help() {
  std::string s = "Problems reported (code: meaning):\n";
  for (int i = 0; i < kErrorCodeCount; ++i) {
    auto code = static_cast<ErrorCode>(i);
    s += fmt::format("  {:<22} {}\n", error_code_name(code), error_code_summary(code));
  }
  return s;
}

class ValidateCommand : public Command {
 public:
  explicit ValidateCommand(CLI::App& parent) {
    CLI::App* app = parent.add_subcommand(
        "validate",
        "Check a prediction file against a benchmark split and report every problem.\n"
        "Exit 0 when it can be scored (warnings are scored as documented), 1 when an error blocks scoring,\n"
        "2 on usage or I/O errors. The rule: docs/scoring.md \"What blocks scoring\".");
    app->add_option("predictions", path_,
                    "Prediction file: JSON Lines {\"id\", \"label\"|\"response\", \"score\"?} or CSV")
        ->required()
        ->type_name("PRED");
    gold_.add_to(*app);
    predictions_.add_to(*app);
    app->add_flag("--json", json_, "Print the validation report as JSON");
    app->footer(codes_help());
  }

  int run() override {
    // validate always checks with --dup error; the blocking rule decides the exit code.
    ScoreRequest request = score_request(gold_, predictions_, nullptr);
    request.bootstrap.resamples = 0;
    // score's loader and join (two threads); the validation names no gold hash.
    LoadedInputs inputs = load_inputs(gold_.path, {path_}, request, GoldHash::Skip);
    if (!inputs.gold || !inputs.predictions[0]) return kExitUsage;
    std::string name = inputs.predictions[0]->name;
    ScoredFile f = score_joined(std::move(*inputs.predictions[0]), *inputs.gold, request);
    const Validation& v = f.validation;
    ValidationSummary summary{name, f.predictions.lines_read, inputs.gold->gold.size(), f.predictions.responses,
                              f.predictions.responses_parsed};
    if (json_) {
      fmt::print("{}\n", validation_json(summary, v));
    } else {
      print_diagnostics(stdout, name, v.diagnostics, predictions_.max_errors);
      std::string parse_rate =
          summary.responses == 0 ? std::string()
                                 : fmt::format(", {}/{} responses parsed", summary.responses_parsed, summary.responses);
      fmt::print("{}: {} lines, {} gold samples, {} predicted, {} error(s), {} warning(s){}: {}\n", name, summary.lines,
                 summary.gold, summary.gold - v.missing, v.diagnostics.error_count(), v.diagnostics.warning_count(),
                 parse_rate, v.valid() ? "valid" : "INVALID");
    }
    return v.valid() ? kExitOk : kExitInvalid;
  }

 private:
  std::string path_;
  GoldFlags gold_;
  PredictionFlags predictions_;
  bool json_ = false;
};

}  // namespace

std::unique_ptr<Command> add_validate_command(CLI::App& app) { return std::make_unique<ValidateCommand>(app); }

}  // namespace caqa::cli
