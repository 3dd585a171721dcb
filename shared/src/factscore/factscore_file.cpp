// One sub-fact prediction file scored (factscore_report.h): the CLI and the browser share it.
#include <fmt/format.h>

#include "caqa/factscore/factscore_report.h"

namespace caqa::factscore {

FactScoreOutcome score_sub_fact_file(const GoldSet& gold, const SubFactGold& sub_facts, const InputText& predictions,
                                     const FactScoreRequest& request, std::string source) {
  FactScoreOutcome out;
  SubFactPredictions p = read_sub_fact_predictions(predictions, gold, sub_facts, request.max_line_bytes);
  out.diagnostics = std::move(p.diagnostics);
  if (out.diagnostics.has_errors()) {
    out.refusal = fmt::format("{} was not scored: {} problem(s) above", source, out.diagnostics.error_count());
    return out;
  }
  if (p.missing > 0 && !request.ignore_missing) {
    std::vector<std::string> first;
    for (std::uint32_t g : p.first_missing) first.push_back(fmt::format("\"{}\"", gold.ids().id(g)));
    out.refusal = fmt::format(
        "{} was not scored: {} of {} gold samples with sub-facts have no prediction (first: {})\nhint: judge every "
        "sample, or pass --ignore-missing to score those present",
        source, p.missing, sub_facts.samples_with_sub_facts, fmt::join(first, ", "));
    return out;
  }
  FactScoreReport r = factscore_report(gold, sub_facts, p, request.bootstrap, source);
  if (r.scored == 0) {  // nothing computed: an error, never a report of blanks
    out.refusal = fmt::format("{}: no sample with sub-facts has a prediction; nothing to score", source);
    return out;
  }
  out.report = std::move(r);
  return out;
}

}  // namespace caqa::factscore
