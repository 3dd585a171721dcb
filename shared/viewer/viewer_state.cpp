#include "caqa/viewer/viewer_state.h"

#include <algorithm>

#include "caqa/formats/samples_reader.h"
#include "caqa/text.h"

namespace caqa::viewer {

namespace {

// Fills texts[g] for every sample whose id is in gold (the first line with that id);
// lines the reader rejected are skipped. Returns how many samples got their text.
std::size_t parse_texts(std::string_view text, const GoldSet& gold, std::vector<SampleText>& texts) {
  texts.assign(gold.size(), {});
  std::vector<bool> seen(gold.size(), false);
  std::size_t found = 0;
  SampleReadOptions options;
  options.texts = true;
  options.require_label = false;
  for (Sample& sample : read_samples(InputText(text), options).samples) {
    std::uint32_t g = gold.ids().find(sample.id);
    if (g == IdIndex::kAbsent || seen[g]) continue;
    seen[g] = true;
    ++found;
    SampleText& s = texts[g];
    s.question = std::move(sample.question);
    s.answer = std::move(sample.answer);
    s.citation = std::move(sample.citation);
    s.triples = std::move(sample.triples);
    s.search_key.reserve(sample.id.size() + s.question.size() + s.answer.size() + s.citation.size() + 3);
    for (std::string_view part : {std::string_view(sample.id), std::string_view(s.question), std::string_view(s.answer),
                                  std::string_view(s.citation)}) {
      s.search_key += ascii_lower(part);
      s.search_key += '\n';
    }
  }
  return found;
}

}  // namespace

std::string_view ViewerState::outcome_name(int outcome) const {
  const LabelScheme& scheme = gold_.scheme();
  if (outcome >= 0 && outcome < scheme.size()) return scheme.class_name(static_cast<ClassId>(outcome));
  return outcome == scheme.size() ? "missing" : "unparseable";
}

std::optional<LoadError> ViewerState::load_benchmark(std::string_view name, const std::string& text) {
  GoldParse parsed = parse_gold(InputText(text), request_.gold_options());
  for (const auto& d : parsed.diagnostics.items)
    if (d.severity == Severity::Error) return LoadError{format_diagnostic(name, d)};
  gold_ = std::move(parsed.gold);
  gold_name_ = std::string(name);
  texts_found_ = parse_texts(text, gold_, texts_);
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
