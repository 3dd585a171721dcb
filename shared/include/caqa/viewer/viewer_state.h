// The explorer's view model: a benchmark split, one or two scored prediction files,
// the filters and the selection. Plain C++ (no Dear ImGui, no file I/O): the entry
// files read the bytes, the panels (panel_*.cpp) draw this state. Every number comes
// from the core (parse_gold, read_predictions, validate, score, compare_paired).
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "caqa/gold_set.h"
#include "caqa/metrics/paired.h"
#include "caqa/prediction.h"
#include "caqa/score.h"
#include "caqa/scoring/pipeline.h"
#include "caqa/validate.h"

namespace caqa::viewer {

// The text fields of one benchmark sample (GoldSet keeps only id, label, complexity).
struct SampleText {
  std::string question, answer, citation;
  std::vector<std::array<std::string, 3>> triples;  // evidence.triples
  std::string search_key;  // lower-cased id + question + answer + citation, for the text filter
};

// One prediction file as the core's pipeline read, validated and scored it.
struct Submission {
  std::string name;
  ScoredFile scored;  // never blocked: add_submission refuses those
  const ScoreReport& report() const { return *scored.report; }
};

// Two-submission filter on per-sample correctness.
enum class Agreement : std::uint8_t { Any, BothCorrect, OnlyACorrect, OnlyBCorrect, BothWrong };

struct Filters {
  int gold_label = -1;                   // -1 any, else a class of the scheme
  int outcome = -1;                      // -1 any, else an outcome column of the active submission
  int complexity = -1;                   // -1 any, else index_of(Complexity)
  Agreement agreement = Agreement::Any;  // needs two submissions
  std::string text;                      // case-insensitive substring of id, question, answer or citation
  bool operator==(const Filters&) const = default;
};

// Paired difference A - B for one metric (compare_paired over the joint outcomes).
struct PairedRow {
  CompareMetric metric;
  PairedResult result;
};

// A problem loading a file, in the core's words ("file:line:col: error[code]: ...").
struct LoadError {
  std::string message;
};

class ViewerState {
 public:
  explicit ViewerState(ScoreRequest request = {}) : request_(std::move(request)) {}

  // text: the whole benchmark file. Replaces gold, texts and submissions.
  std::optional<LoadError> load_benchmark(std::string_view name, const std::string& text);
  // Adds a prediction file (at most two); scoring-blocking errors come back as LoadError.
  std::optional<LoadError> add_submission(std::string_view name, const std::string& text);

  const GoldSet& gold() const { return gold_; }
  const std::string& gold_name() const { return gold_name_; }
  const std::vector<SampleText>& texts() const { return texts_; }
  std::size_t texts_found() const { return texts_found_; }  // samples with a question, answer or citation
  const std::vector<Submission>& submissions() const { return submissions_; }
  const std::vector<PairedRow>& paired() const { return paired_; }
  const ScoreRequest& request() const { return request_; }
  // Column title of an outcome: a class name of the scheme, "missing" or "unparseable".
  std::string_view outcome_name(int outcome) const;
  int outcome_count() const { return gold_.scheme().size() + 2; }

  // The submission whose outcomes the heatmap and the outcome filter use.
  int active() const { return active_; }
  void set_active(int index);

  const Filters& filters() const { return filters_; }
  void set_filters(const Filters& filters);
  // Click on a heatmap cell: gold label row, outcome column of the active submission.
  void select_cell(int gold_label, int outcome);
  void clear_filters() { set_filters(Filters{}); }

  // Gold indices passing the filters, in file order (recomputed on change only).
  const std::vector<std::uint32_t>& visible() const { return visible_; }

  std::uint32_t selected_sample() const { return selected_; }
  void select_sample(std::uint32_t gold_index) { selected_ = gold_index; }

  // Outcome of gold sample g for submission s.
  int outcome(int s, std::uint32_t g) const { return submissions_[s].scored.outcomes[g]; }

 private:
  void refilter();
  void recompare();

  ScoreRequest request_;
  GoldSet gold_;
  std::string gold_name_;
  std::vector<SampleText> texts_;
  std::size_t texts_found_ = 0;
  std::vector<Submission> submissions_;
  std::vector<PairedRow> paired_;
  Filters filters_;
  std::vector<std::uint32_t> visible_;
  int active_ = 0;
  std::uint32_t selected_ = IdIndex::kAbsent;
};

}  // namespace caqa::viewer
