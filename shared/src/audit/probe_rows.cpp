#include "probe_rows.h"

#include <vector>

#include "caqa/audit/surface_cues.h"
#include "caqa/baseline/features.h"
#include "id_features.h"
#include "numeric_encoder.h"

namespace caqa::audit::detail {

namespace {

using baseline::InputView;

InputView text_view(Probe probe) {
  switch (probe) {
    case Probe::CitationOnly: return InputView::CitationOnly;
    case Probe::QuestionAnswerOnly: return InputView::QuestionAnswer;
    case Probe::AnswerOnly: return InputView::AnswerOnly;
    default: return InputView::Full;
  }
}

template <class Row>
void rows_of(std::span<const AuditSample> samples, baseline::SparseRows& out, Row row) {
  for (const AuditSample& s : samples) row(s, out);
}

// length_cues or presence_cues of every sample (one CueReader per split: the splits share
// no question).
std::vector<std::vector<double>> cues_of(std::span<const AuditSample> samples, Probe probe) {
  CueReader reader;
  std::vector<std::vector<double>> out;
  out.reserve(samples.size());
  for (const AuditSample& s : samples)
    out.push_back(probe == Probe::LengthsOnly ? reader.lengths(s) : reader.presence(s));
  return out;
}

}  // namespace

ProbeRows probe_rows(Probe probe, std::span<const AuditSample> train, std::span<const AuditSample> test,
                     const AuditOptions& options) {
  ProbeRows r;
  if (probe == Probe::IdOnly) {
    r.dim_bits = options.text_dim_bits;
    auto row = [&](const AuditSample& s, baseline::SparseRows& out) { id_features(s.id, r.dim_bits, out); };
    rows_of(train, r.train, row);
    rows_of(test, r.test, row);
  } else if (probe == Probe::LengthsOnly || probe == Probe::PresenceOnly) {
    const auto train_cues = cues_of(train, probe);
    const NumericEncoder encoder(train_cues);
    r.dim_bits = encoder.dim_bits();
    for (const auto& values : train_cues) encoder.encode(values, r.train);
    for (const auto& values : cues_of(test, probe)) encoder.encode(values, r.test);
  } else {
    r.dim_bits = options.text_dim_bits;
    const baseline::FeatureConfig config{options.text_dim_bits, text_view(probe)};
    // One featurizer per split: the splits share no question.
    for (auto [samples, out] : {std::pair(train, &r.train), std::pair(test, &r.test)}) {
      baseline::Featurizer featurizer(config);
      rows_of(samples, *out, [&](const AuditSample& s, baseline::SparseRows& rows) {
        featurizer.add({s.question, s.answer, s.citation}, rows);
      });
    }
  }
  return r;
}

}  // namespace caqa::audit::detail
