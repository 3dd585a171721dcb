// The meta-evaluation track's front door, for `caqa meta` and the wasm module: a
// prediction file with scores goes through the classification pipeline
// (scoring/pipeline.h: reading, validation, the blocking rule) on the CAQA scheme,
// then its scores are ranked against the support levels of the gold labels.
#pragma once

#include <optional>

#include "caqa/meta/meta_report.h"
#include "caqa/scoring/pipeline.h"

namespace caqa {

// The request the classification pipeline runs with for meta: the CAQA scheme, or the
// gold's own (support3) when its lines name it; repeated ids an error, no classification
// intervals.
ScoreRequest meta_score_request(ScoreRequest request);

// The gold schemes whose labels are support levels: caqa4 (supportive = full, partially
// supportive = partial, the rest = no) and support3.
bool meta_reads_scheme(const LabelScheme& scheme);

// The report of a file scored with meta_score_request; nullopt when it was blocked or
// the gold's scheme has no support levels.
std::optional<MetaReport> meta_of_scored(const GoldSet& gold, const ScoredFile& scored,
                                         const BootstrapOptions& bootstrap, const ScoreSources& sources,
                                         const MetaResampler& resampler = {});

}  // namespace caqa
