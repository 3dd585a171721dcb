// The KaLMA track's one front door: the bytes of the questions, answers and (optional)
// judgments files in, the report (or the pairs to judge) out, with every file's
// diagnostics. `caqa kalma` and the wasm module call it and only read files and print.
#pragma once

#include <optional>
#include <string>

#include "caqa/errors.h"
#include "caqa/input_text.h"
#include "caqa/kalma/inputs.h"
#include "caqa/kalma/report.h"

namespace caqa::kalma {

struct KalmaRequest {
  KalmaSources sources;  // file names shown in the report; sources.judgments is ignored without judgments
  ReadOptions read;
  bool pairs = false;  // list the sentence-knowledge pairs to judge instead of scoring
};

// What stopped the track: an error in the questions file stops before the answers and
// judgments are read (they are matched against the questions); an error in either of
// those stops before scoring.
enum class KalmaBlock { None, Questions, AnswersOrJudgments };

struct KalmaOutcome {
  Diagnostics questions, answers, judgments;  // per input, warnings included; judgments empty when not given
  KalmaBlock blocked = KalmaBlock::None;
  std::optional<KalmaReport> report;  // set when nothing blocks and !request.pairs
  std::string pairs_jsonl;            // kalma_pairs_jsonl(...) when nothing blocks and request.pairs
  bool ok() const { return blocked == KalmaBlock::None; }
};

// Without judgments (no judgments file) alignment and [NA] scores stay undefined.
KalmaOutcome score_kalma(const InputText& questions, const InputText& answers,
                         const std::optional<InputText>& judgments, const KalmaRequest& request);

}  // namespace caqa::kalma
