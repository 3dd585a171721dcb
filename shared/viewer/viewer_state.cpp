#include "caqa/viewer/viewer_state.h"

#include <algorithm>

#include "caqa/formats/samples_reader.h"
#include "caqa/text.h"

namespace caqa::viewer {

namespace {

// The explorer's text of one gold sample, with the lower-cased key the text filter searches.
SampleText sample_text(const SampleView& view) {
  Sample sample = owned_sample(view);
  SampleText s{
      std::move(sample.question), std::move(sample.answer), std::move(sample.citation), std::move(sample.triples), {}};
  for (std::string_view part : {std::string_view(sample.id), std::string_view(s.question), std::string_view(s.answer),
                                std::string_view(s.citation)}) {
    s.search_key += ascii_lower(part);
    s.search_key += '\n';
  }
  return s;
}

}  // namespace

std::string_view ViewerState::outcome_name(int outcome) const {
  const LabelScheme& scheme = gold_.scheme();
  if (outcome >= 0 && outcome < scheme.size()) return scheme.class_name(static_cast<ClassId>(outcome));
  return outcome == scheme.size() ? "missing" : "unparseable";
}

std::optional<LoadError> ViewerState::load_benchmark(std::string_view name, const std::string& text) {
  GoldOptions options = request_.gold_options();
  options.texts = true;
  std::vector<SampleText> texts;
  GoldParse parsed = parse_gold(InputText(text), options, [&](std::uint32_t g, const SampleView& sample) {
    texts.resize(g + 1);
    texts[g] = sample_text(sample);
  });
  for (const auto& d : parsed.diagnostics.items)
    if (d.severity == Severity::Error) return LoadError{format_diagnostic(name, d)};
  gold_ = std::move(parsed.gold);
  request_.scheme = &gold_.scheme();  // a gold that names its scheme reads the submissions through it
  gold_name_ = std::string(name);
  texts_ = std::move(texts);
  texts_found_ = std::count_if(texts_.begin(), texts_.end(), [](const SampleText& t) {
    return !t.question.empty() || !t.answer.empty() || !t.citation.empty();
  });
  submissions_.clear();
  paired_.clear();
  active_ = 0;
  selected_ = IdIndex::kAbsent;
  filters_ = {};
  refilter();
  return std::nullopt;
}

std::optional<LoadError> ViewerState::add_submission(std::string_view name, const std::string& text) {
  if (gold_.size() == 0) return LoadError{std::string(name) + ": load a benchmark before its predictions"};
  if (submissions_.size() >= 2) return LoadError{std::string(name) + ": the explorer compares at most two files"};
  Submission s{std::string(name),
               score_file(gold_, InputText(text), request_, ScoreSources{std::string(name), gold_name_, ""})};
  if (s.scored.blocked()) return LoadError{format_diagnostic(name, s.scored.blocking().items.front())};
  submissions_.push_back(std::move(s));
  recompare();
  refilter();
  return std::nullopt;
}

void ViewerState::set_active(int index) {
  if (index < 0 || index >= static_cast<int>(submissions_.size()) || index == active_) return;
  active_ = index;
  refilter();
}

void ViewerState::set_filters(const Filters& filters) {
  if (filters == filters_) return;
  filters_ = filters;
  refilter();
}

void ViewerState::select_cell(int gold_label, int outcome) {
  Filters f = filters_;
  f.gold_label = gold_label;
  f.outcome = outcome;
  set_filters(f);
}

void ViewerState::refilter() {
  visible_.clear();
  const std::string needle = ascii_lower(filters_.text);
  const bool two = submissions_.size() == 2;
  const std::vector<std::uint8_t>* active = submissions_.empty() ? nullptr : &submissions_[active_].scored.outcomes;
  for (std::uint32_t g = 0; g < gold_.size(); ++g) {
    const int gold_label = gold_.label(g);
    if (filters_.gold_label >= 0 && gold_label != filters_.gold_label) continue;
    if (filters_.complexity >= 0 && index_of(gold_.complexity(g)) != filters_.complexity) continue;
    if (filters_.outcome >= 0 && active && (*active)[g] != filters_.outcome) continue;
    if (two && filters_.agreement != Agreement::Any) {
      bool a = outcome(0, g) == gold_label, b = outcome(1, g) == gold_label;
      Agreement got = a && b ? Agreement::BothCorrect
                      : a    ? Agreement::OnlyACorrect
                      : b    ? Agreement::OnlyBCorrect
                             : Agreement::BothWrong;
      if (got != filters_.agreement) continue;
    }
    if (!needle.empty() && texts_[g].search_key.find(needle) == std::string::npos) continue;
    visible_.push_back(g);
  }
}

void ViewerState::recompare() {
  paired_.clear();
  if (submissions_.size() != 2) return;
  PairedCounts counts = paired_counts(gold_, submissions_[0].scored, submissions_[1].scored, request_.ignore_missing);
  // Every measure with an interval, then each class's F1.
  std::vector<CompareMetric> metrics;
  for (std::size_t m = 0; m < measures().size(); ++m)
    if (measures()[m].interval) metrics.push_back({static_cast<int>(m), 0});
  for (int l = 0; l < gold_.scheme().size(); ++l) metrics.push_back({-1, static_cast<ClassId>(l)});
  BootstrapOptions boot = request_.bootstrap;
  if (boot.resamples == 0) boot.resamples = kDefaultResamples;
  for (const auto& m : metrics) paired_.push_back({m, compare_paired(counts, m, boot)});
}

}  // namespace caqa::viewer
