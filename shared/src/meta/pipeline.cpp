#include "caqa/meta/pipeline.h"

#include "caqa/meta/meta_items.h"

namespace caqa {

ScoreRequest meta_score_request(ScoreRequest request) {
  // CAQA gold, unless the gold names support3 (full / partial / no) on its lines.
  request.scheme = &caqa_scheme();
  request.scheme_given = false;
  request.gold_scheme_read = false;
  request.duplicates = DuplicatePolicy::Error;
  request.bootstrap.resamples = 0;
  return request;
}

bool meta_reads_scheme(const LabelScheme& scheme) {
  return &scheme == &caqa_scheme() || &scheme == find_label_scheme("support3");
}

std::optional<MetaReport> meta_of_scored(const GoldSet& gold, const ScoredFile& scored,
                                         const BootstrapOptions& bootstrap, const ScoreSources& sources,
                                         const MetaResampler& resampler) {
  if (scored.blocked() || !meta_reads_scheme(gold.scheme())) return std::nullopt;
  MetaItems items = meta_items_from_predictions(scored.predictions, gold, scored.validation);
  return meta_report(items, bootstrap, sources.prediction_name, sources.gold_name, sources.gold_sha256, resampler);
}

}  // namespace caqa
