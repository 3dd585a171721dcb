// `--subfacts` of caqa predict and caqa eval (docs/factscore.md): a benchmark's sub-facts as
// samples of their own, judged by the command's usual path, folded back into one line per
// sample, {"id", "subfacts": [...]}.
#pragma once

#include <functional>
#include <string>
#include <string_view>

#include "caqa/vocab/label_scheme.h"

namespace caqa::cli {

struct SubFactRun {
  std::string bench, output;            // the benchmark read, the judgment file written
  bool marker = true;                   // the sub-fact as an answer, "... [1]" (factscore::sub_fact_inputs)
  const LabelScheme* scheme = nullptr;  // its first class is True (supportive, attributable)
  bool scores = false;                  // the line's "score" instead of true/false
  bool keep = false;    // keep OUT.subfact-pairs.jsonl and OUT.subfact-labels.jsonl (eval resumes from them)
  std::string command;  // "caqa predict", for messages
  bool quiet = false;
};

// Writes the pairs to OUT.subfact-pairs.jsonl, calls judge(pairs, OUT.subfact-labels.jsonl)
// and folds its labels into OUT. Returns the exit code.
int run_sub_facts(const SubFactRun& run, const std::function<int(const std::string&, const std::string&)>& judge);

}  // namespace caqa::cli
