#include "sub_fact_runs.h"

#include <filesystem>
#include <optional>

#include <fmt/format.h>

#include "caqa/factscore/sub_fact_inputs.h"
#include "exit_codes.h"
#include "files.h"

namespace caqa::cli {

int run_sub_facts(const SubFactRun& run, const std::function<int(const std::string&, const std::string&)>& judge) {
  std::string error;
  auto file = read_file(run.bench, error);
  std::optional<factscore::SubFactInputs> inputs;
  if (file) inputs = factscore::sub_fact_inputs(file->bytes(), run.marker, error);
  if (inputs && inputs->ids.empty())
    error = run.bench + " has no \"subfacts\" (benchmarks built by caqa build carry them)";
  if (!inputs || inputs->ids.empty()) {
    fmt::print(stderr, "{}: {}\n", run.command, error);
    return kExitUsage;
  }
  const std::string pairs = run.output + ".subfact-pairs.jsonl", labels = run.output + ".subfact-labels.jsonl";
  if (!write_file_atomic(pairs, inputs->jsonl, error)) {
    fmt::print(stderr, "{}: {}\n", run.command, error);
    return kExitUsage;
  }
  int code = judge(pairs, labels);
  std::optional<factscore::FoldedJudgments> folded;
  if (code == kExitOk) {
    auto predicted = read_file(labels, error);
    if (predicted)
      folded = factscore::fold_sub_fact_labels(predicted->bytes(), *inputs, *run.scheme, run.scores, error);
    if (folded && folded->unread > 0)
      fmt::print(stderr, "{}: note: {} response(s) named no class of {}: judged false (any answer but {} is false)\n",
                 run.command, folded->unread, run.scheme->name, run.scheme->class_name(0));
    if (!folded || !write_file_atomic(run.output, folded->jsonl, error)) {
      fmt::print(stderr, "{}: {}\n", run.command, error);
      code = kExitUsage;
    }
  } else if (run.keep) {
    fmt::print(stderr, "{}: {} not written: rerun the same command to judge what is left\n", run.command, run.output);
  }
  if (!run.keep || code == kExitOk) {
    std::error_code ec;
    std::filesystem::remove(pairs, ec);
    if (!run.keep) std::filesystem::remove(labels, ec);
  }
  if (code == kExitOk && !run.quiet)
    fmt::print(stderr, "{}: wrote {} (sub-fact judgments of {} samples; {} without sub-facts left out)\n", run.command,
               run.output, inputs->ids.size(), inputs->without);
  return code;
}

}  // namespace caqa::cli
