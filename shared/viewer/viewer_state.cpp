#include "caqa/viewer/viewer_state.h"

#include <algorithm>

#include "caqa/formats/samples_reader.h"
#include "caqa/metrics/confusion.h"

namespace caqa::viewer {

namespace {

void append_lower(std::string& out, std::string_view text) {
  for (char c : text) out += (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

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
    for (std::string_view part : {std::string_view(sample.id), std::string_view(s.question),
                                  std::string_view(s.answer), std::string_view(s.citation)}) {
      append_lower(s.search_key, part);
      s.search_key += '\n';
    }
  }
  return found;
}

const Diagnostic* first_error(const Diagnostics& d, const DuplicatePolicy* policy) {
  for (const auto& item : d.items)
    if (item.severity == Severity::Error && (!policy || blocks_scoring(item.code, *policy))) return &item;
  return nullptr;
}

}  // namespace

int outcome_of(const PredictionSet& predictions, const Validation& validation, std::uint32_t gold_index) {
  std::uint32_t r = validation.row_of_gold[gold_index];
  if (r == IdIndex::kAbsent) return kMissingColumn;
  const PredictionRow& row = predictions.rows[r];
  return row.kind == PredictedKind::Label ? index_of(row.label) : kUnparseableColumn;
}

std::string_view outcome_name(int outcome) {
  if (outcome >= 0 && outcome < kLabelCount) return label_name(kLabels[outcome]);
  return outcome == kMissingColumn ? "missing" : "unparseable";
}

std::optional<LoadError> ViewerState::load_benchmark(std::string_view name, const std::string& text) {
  GoldParse parsed = parse_gold(InputText(text), options_.gold);
  if (const Diagnostic* d = first_error(parsed.diagnostics, nullptr))
    return LoadError{format_diagnostic(name, *d)};
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
  Submission s;
  s.name = std::string(name);
  PredictionOptions popts = options_.predictions;
  popts.extract = options_.score.extract;
  popts.binary = options_.score.binary;
  s.predictions = read_predictions(InputText(text), popts);
  s.validation = validate(s.predictions, gold_, options_.score.duplicates);
  if (const Diagnostic* d = first_error(s.validation.diagnostics, &options_.score.duplicates))
    return LoadError{format_diagnostic(name, *d)};
  s.report = score(s.predictions, gold_, s.validation, options_.score, ScoreSources{s.name, gold_name_, ""});
  s.outcome.resize(gold_.size());
  for (std::uint32_t g = 0; g < gold_.size(); ++g)
    s.outcome[g] = static_cast<std::uint8_t>(outcome_of(s.predictions, s.validation, g));
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
  std::string needle;
  append_lower(needle, filters_.text);
  const bool two = submissions_.size() == 2;
  const Submission* active = submissions_.empty() ? nullptr : &submissions_[active_];
  for (std::uint32_t g = 0; g < gold_.size(); ++g) {
    const int gold_label = index_of(gold_.label(g));
    if (filters_.gold_label >= 0 && gold_label != filters_.gold_label) continue;
    if (filters_.complexity >= 0 && index_of(gold_.complexity(g)) != filters_.complexity) continue;
    if (filters_.outcome >= 0 && active && active->outcome[g] != filters_.outcome) continue;
    if (two && filters_.agreement != Agreement::Any) {
      bool a = submissions_[0].outcome[g] == gold_label, b = submissions_[1].outcome[g] == gold_label;
      Agreement got = a && b ? Agreement::BothCorrect : a ? Agreement::OnlyACorrect
                      : b    ? Agreement::OnlyBCorrect : Agreement::BothWrong;
      if (got != filters_.agreement) continue;
    }
    if (!needle.empty() && texts_[g].search_key.find(needle) == std::string::npos) continue;
    visible_.push_back(g);
  }
}

void ViewerState::recompare() {
  paired_.clear();
  if (submissions_.size() != 2) return;
  // Same joint counts as `caqa compare`: --ignore-missing keeps samples both predicted.
  PairedCounts counts;
  for (std::uint32_t g = 0; g < gold_.size(); ++g) {
    int oa = submissions_[0].outcome[g], ob = submissions_[1].outcome[g];
    if (options_.score.ignore_missing && (oa == kMissingColumn || ob == kMissingColumn)) continue;
    counts.joint[index_of(gold_.label(g))][oa][ob] += 1;
  }
  std::vector<CompareMetric> metrics = {{CompareMetric::Kind::MicroF1}, {CompareMetric::Kind::MacroF1}};
  for (Label l : kLabels) metrics.push_back({CompareMetric::Kind::LabelF1, l});
  BootstrapOptions boot = options_.score.bootstrap;
  if (boot.resamples == 0) boot.resamples = 1000;
  for (const auto& m : metrics) paired_.push_back({m, compare_paired(counts, m, boot)});
}

}  // namespace caqa::viewer
