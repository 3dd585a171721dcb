#include "caqa/meta/pipeline.h"

#include "caqa/meta/meta_items.h"

namespace caqa {

ScoreRequest meta_score_request(ScoreRequest request) {
  request.scheme = &caqa_scheme();
  request.scheme_given = true;  // the meta track reads CAQA gold, whatever a line's "scheme" says
  request.duplicates = DuplicatePolicy::Error;
  request.bootstrap.resamples = 0;
  return request;
}

std::optional<MetaReport> meta_of_scored(const GoldSet& gold, const ScoredFile& scored,
                                         const BootstrapOptions& bootstrap, const ScoreSources& sources) {
  if (scored.blocked()) return std::nullopt;
  MetaItems items = meta_items_from_predictions(scored.predictions, gold, scored.validation);
  return meta_report(items, bootstrap, sources.prediction_name, sources.gold_name, sources.gold_sha256);
}

}  // namespace caqa
