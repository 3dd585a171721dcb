// caqa audit: is the benchmark solvable from a cue that is not attribution? Reads the
// train and test files and runs the core's shortcut audit (caqa/audit/audit.h), the same
// one `caqa build` runs in-process: shallow probes (id, lengths, presence of answer and
// question words, partial inputs) next to the majority class and full-input models.
#include <future>

#include <fmt/format.h>

#include "baseline/dataset.h"
#include "caqa/audit/audit_render.h"
#include "command.h"
#include "thread_runner.h"

namespace caqa::cli {

namespace {

using namespace caqa::audit;

// An id as the file spells it, without the quotes of a JSON string token.
std::string_view bare_id(std::string_view token) {
  if (token.size() >= 2 && token.front() == '"' && token.back() == '"') return token.substr(1, token.size() - 2);
  return token;
}

std::vector<AuditSample> audit_samples(const baseline::Dataset& data) {
  std::vector<AuditSample> out;
  for (std::size_t i = 0; i < data.size(); ++i)
    out.push_back({bare_id(data.ids[i]),
                   data.question[i],
                   data.answer[i],
                   data.citation[i],
                   data.labels[i],
                   data.complexity[i],
                   {}});
  return out;
}

// Words of text in lines of at most width columns, later lines indented by indent.
std::string wrapped(std::string_view text, std::size_t indent, std::size_t width) {
  std::string out;
  std::size_t column = indent;
  for (std::size_t b = 0; b < text.size();) {
    std::size_t e = text.find(' ', b);
    if (e == std::string_view::npos) e = text.size();
    const std::string_view word = text.substr(b, e - b);
    if (column > indent && column + 1 + word.size() > width) {
      out += "\n" + std::string(indent, ' ');
      column = indent;
    } else if (column > indent) {
      out += ' ';
      ++column;
    }
    out += word;
    column += word.size();
    b = e + 1;
  }
  return out;
}

std::string probe_help() {
  std::string out =
      "Each probe is trained on --train and scored on --test like `caqa score` (micro-F1, F1 per label,\n"
      "micro-F1 per level). A shallow probe that beats the majority class by more than its margin means\n"
      "the label is readable from that cue without reading whether the citation supports the answer:\n"
      "a bug in the benchmark (it rewards the cue), not a good evaluator.\n\n";
  for (const ProbeInfo& p : probes()) out += fmt::format("  {:<21} {}\n", p.name, wrapped(p.meaning, 24, 100));
  out +=
      "\nExit status: 0 when the audit ran (warnings or not), 1 with --fail-on-warning and a warning,\n"
      "2 for unreadable files or an input the audit cannot use (empty, or a single label).";
  return out;
}

class AuditCommand : public Command {
 public:
  explicit AuditCommand(CLI::App& parent) {
    CLI::App* app = parent.add_subcommand("audit", "Shortcut audit: can shallow cues predict the label?");
    app->add_option("--train", train_, "Training samples (train.jsonl)")->required()->type_name("FILE");
    app->add_option("--test", test_, "Test samples (test.jsonl)")->required()->type_name("FILE");
    app->add_option("--margin", options_.shallow_margin,
                    "Warn when a shallow probe's micro-F1 exceeds majority + MARGIN")
        ->capture_default_str();
    app->add_option("--citation-margin", options_.citation_margin, "The margin of the citation-only probe")
        ->capture_default_str();
    app->add_option("--seed", options_.train.seed, "Seed of the minibatch order (same seed, same report bytes)")
        ->capture_default_str();
    app->add_option("--epochs", options_.train.epochs, "Passes over the training data")
        ->capture_default_str()
        ->check(CLI::NonNegativeNumber);
    app->add_option("--dim-bits", options_.text_dim_bits, "Hashed text and id features: 2^BITS buckets")
        ->capture_default_str()
        ->check(CLI::Range(4, 26));
    app->add_option("--format", format_, "text (the table), markdown (statistics.md's section), json (manifest's)")
        ->capture_default_str()
        ->check(CLI::IsMember({"text", "markdown", "json"}));
    app->add_flag("--fail-on-warning", fail_on_warning_, "Exit 1 when any probe warns (for CI)");
    app->add_option("--threads", threads_, "Probes trained at once (0 = one per core); the report is the same for any")
        ->capture_default_str();
    app->footer(probe_help());
  }

  int run() override {
    std::string error, test_error;
    // The test file read beside the train file, unless one thread was asked for.
    auto test_read = std::async(threads_ == 1 ? std::launch::deferred : std::launch::async,
                                [&] { return baseline::read_dataset(test_, test_error); });
    auto train = baseline::read_dataset(train_, error);
    auto test = test_read.get();
    if (train && !test) error = test_error;
    if (!train || !test) {
      fmt::print(stderr, "error: {}\n", error);
      return kExitUsage;
    }
    if (!train->has_labels || !test->has_labels) {
      fmt::print(stderr, "error: {} needs a canonical \"label\" on every line\n", train->has_labels ? test_ : train_);
      return kExitUsage;
    }
    const auto train_samples = audit_samples(*train), test_samples = audit_samples(*test);
    const AuditResult result = run_audit(train_samples, test_samples, options_, thread_runner(threads_));
    if (!result.ok()) {
      fmt::print(stderr, "error: {} ({})\n", to_string(result.error), result.message);
      return kExitUsage;
    }
    if (format_ == "json")
      fmt::print("{}\n", to_json(result.report).dump(2));
    else if (format_ == "markdown")
      fmt::print("{}", render_markdown(result.report));
    else
      fmt::print("caqa audit: train {}, test {}\n{}", train_, test_, render_text(result.report));
    return fail_on_warning_ && result.report.any_warning() ? kExitInvalid : kExitOk;
  }

 private:
  std::string train_, test_, format_ = "text";
  AuditOptions options_;
  bool fail_on_warning_ = false;
  unsigned threads_ = 0;
};

}  // namespace

std::unique_ptr<Command> add_audit_command(CLI::App& app) { return std::make_unique<AuditCommand>(app); }

}  // namespace caqa::cli
