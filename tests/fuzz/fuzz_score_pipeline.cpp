// The whole classification pipeline (score_bytes: read, validate, blocking rule,
// score) on fuzzed predictions against a fixed small gold, four-way and binary.
// Checks: no crash; a blocked file has an error diagnostic; a scored report's counts
// add up (matched + missing = gold, the confusion matrix holds every scored sample,
// its missing and unparseable columns match the counts, nothing missing or
// unparseable is counted correct).
#include <cstdint>
#include <string_view>

#include "caqa/scoring/pipeline.h"
#include "fuzz_check.h"

namespace {

using caqa::fuzz::check;

// tests/corpus/gold.jsonl: three samples of each label and level, one integer-like id.
constexpr std::string_view kGold =
    R"({"id": "g01", "label": "supportive", "complexity": "single", "split": "test"}
{"id": "g02", "label": "partially_supportive", "complexity": "union", "split": "test"}
{"id": "g03", "label": "contradictory", "complexity": "intersection", "split": "test"}
{"id": "g04", "label": "irrelevant", "complexity": "concatenation", "split": "test"}
{"id": "g05", "label": "supportive", "complexity": "union", "split": "test"}
{"id": "g06", "label": "partially_supportive", "complexity": "intersection", "split": "test"}
{"id": "g07", "label": "contradictory", "complexity": "concatenation", "split": "test"}
{"id": "g08", "label": "irrelevant", "complexity": "single", "split": "test"}
{"id": "g09", "label": "supportive", "complexity": "intersection", "split": "test"}
{"id": "g10", "label": "partially_supportive", "complexity": "concatenation", "split": "test"}
{"id": "g11", "label": "contradictory", "complexity": "single", "split": "test"}
{"id": "g12", "label": "irrelevant", "complexity": "union", "split": "test"}
{"id": "42", "label": "supportive", "complexity": "concatenation", "split": "test"}
)";
constexpr std::uint64_t kGoldSamples = 13;

std::uint64_t column_sum(const caqa::ConfusionMatrix& m, int outcome) {
  std::uint64_t sum = 0;
  for (const auto& row : m.overall()) sum += row[outcome];
  return sum;
}

void check_report(const caqa::ScoredFile& file, const caqa::ScoreRequest& request) {
  const caqa::ScoreReport& report = *file.report;
  const caqa::ScoreCounts& c = report.counts;
  const caqa::ConfusionMatrix& m = report.confusion;
  check(c.gold == kGoldSamples, "the report's gold count is not the gold size");
  check(c.matched + c.missing == c.gold, "matched + missing != gold");
  check(c.matched <= c.prediction_lines, "more matched samples than prediction lines");
  check(c.responses_parsed <= c.responses, "more responses parsed than read");
  check(report.classification.n == m.total(), "n differs from the confusion matrix total");
  check(m.total() == (request.ignore_missing ? c.matched : c.gold), "the confusion matrix lost samples");
  if (!request.ignore_missing) check(column_sum(m, m.missing_column()) == c.missing, "missing column != missing");
  check(column_sum(m, m.unparseable_column()) == c.invalid_label + c.unparseable,
        "unparseable column != invalid labels + unparseable responses");
  check(file.outcomes.size() == kGoldSamples, "one outcome per gold sample");
  std::uint64_t labelled = 0;
  for (std::uint8_t outcome : file.outcomes) labelled += outcome < m.classes();
  check(report.classification.correct <= labelled, "missing or unparseable predictions counted correct");
  check(report.intervals.has_value() == (request.bootstrap.resamples > 0 && report.classification.n > 0),
        "intervals without resamples or samples");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const caqa::InputText gold(kGold);
  const caqa::InputText predictions(caqa::fuzz::as_text(data, size));
  caqa::ScoreRequest four_way;
  four_way.bootstrap.resamples = 20;  // enough to run the bootstrap, cheap enough to fuzz
  caqa::ScoreRequest binary = four_way;
  binary.scheme = caqa::find_label_scheme("binary");
  binary.duplicates = caqa::DuplicatePolicy::Last;
  binary.ignore_missing = true;
  binary.extract = caqa::ExtractMode::Strict;
  for (const caqa::ScoreRequest& request : {four_way, binary}) {
    const caqa::ScoredBytes scored = caqa::score_bytes(gold, predictions, request, {"pred", "gold", ""});
    check(scored.file.has_value(), "the fixed gold file was refused");
    const caqa::ScoredFile& file = *scored.file;
    caqa::fuzz::check_diagnostics(file.validation.diagnostics, predictions.bytes());
    if (file.blocked())
      check(!file.blocking().items.empty(), "a blocked file without an error diagnostic");
    else
      check_report(file, request);
  }
  return 0;
}
