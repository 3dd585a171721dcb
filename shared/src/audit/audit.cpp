#include "caqa/audit/audit.h"

#include <fmt/format.h>

#include <algorithm>
#include <array>
#include <limits>

#include "caqa/baseline/evaluate.h"
#include "caqa/baseline/lexical.h"
#include "caqa/baseline/logreg_cpu.h"
#include "probe_rows.h"

namespace caqa::audit {

bool AuditReport::any_warning() const {
  for (const ProbeRow& r : rows)
    if (r.warns) return true;
  return false;
}

std::string_view to_string(AuditError error) {
  switch (error) {
    case AuditError::None: return "no error";
    case AuditError::EmptyTrain: return "the train split has no samples; the probes have nothing to learn from";
    case AuditError::EmptyTest: return "the test split has no samples; the probes have nothing to be scored on";
    case AuditError::OneLabelTrain:
      return "the train split has a single label; a probe cannot beat the majority class, so the audit would "
             "prove nothing (build more samples or check the split)";
    case AuditError::OneLabelTest:
      return "the test split has a single label; every probe's score would only say how often it predicts that "
             "label (build more samples or check the split)";
    case AuditError::BadOptions: return "invalid audit options";
  }
  return "unknown audit error";
}

namespace {

std::size_t distinct_labels(std::span<const AuditSample> samples) {
  std::array<bool, kLabelCount> seen{};
  for (const AuditSample& s : samples) seen[index_of(s.label)] = true;
  return static_cast<std::size_t>(std::count(seen.begin(), seen.end(), true));
}

std::string check_options(const AuditOptions& o) {
  if (!(o.shallow_margin >= 0) || !(o.citation_margin >= 0))
    return fmt::format("margins must be non-negative numbers (shallow {}, citation {})", o.shallow_margin,
                       o.citation_margin);
  if (o.text_dim_bits < 4 || o.text_dim_bits > 26)
    return fmt::format("text_dim_bits {} is outside 4..26", o.text_dim_bits);
  if (o.train.epochs < 0 || o.train.batch <= 0)
    return fmt::format("epochs ({}) must be non-negative and batch ({}) positive", o.train.epochs, o.train.batch);
  return {};
}

std::vector<Label> predict_logreg(const detail::ProbeRows& rows, const std::vector<std::uint8_t>& train_labels,
                                  const baseline::TrainOptions& options) {
  baseline::LogRegModel model;
  model.reset(rows.dim_bits, 0);
  std::string error;  // the CPU twin fails only on options check_options has refused
  baseline::cpu::logreg_train(baseline::view_of(rows.train), train_labels.data(), options, model, error);
  std::vector<float> probs(rows.test.rows() * baseline::kClasses);
  baseline::cpu::logreg_predict(baseline::view_of(rows.test), model, probs.data(), error);
  std::vector<Label> out;
  for (std::size_t i = 0; i < rows.test.rows(); ++i) {
    const float* p = probs.data() + i * baseline::kClasses;
    out.push_back(kLabels[std::max_element(p, p + baseline::kClasses) - p]);
  }
  return out;
}

std::vector<Label> predict_lexical(std::span<const AuditSample> train, std::span<const AuditSample> test,
                                   const std::vector<Label>& train_labels) {
  std::vector<baseline::TextFields> fields;
  for (const AuditSample& s : train) fields.push_back({s.question, s.answer, s.citation});
  const baseline::LexicalModel model = baseline::fit_lexical(fields, train_labels);
  std::vector<Label> out;
  for (const AuditSample& s : test)
    out.push_back(baseline::lexical_label(model, baseline::lexical_score(model, {s.question, s.answer, s.citation})));
  return out;
}

// The probes by decreasing time on MetaQA (full input about a third of the whole), so that
// a runner handing them out in this order ends with short ones on every thread.
constexpr std::array<Probe, kProbeCount> kLongestFirst = {
    Probe::FullInput,   Probe::CitationOnly, Probe::PresenceOnly, Probe::QuestionAnswerOnly, Probe::AnswerOnly,
    Probe::LengthsOnly, Probe::Lexical,      Probe::IdOnly,       Probe::Majority,
};

double margin_of(const ProbeInfo& info, const AuditOptions& o) {
  switch (info.margin) {
    case ProbeMargin::Shallow: return o.shallow_margin;
    case ProbeMargin::Citation: return o.citation_margin;
    case ProbeMargin::None: break;
  }
  return std::numeric_limits<double>::quiet_NaN();
}

}  // namespace

AuditResult run_audit(std::span<const AuditSample> train, std::span<const AuditSample> test,
                      const AuditOptions& options, const ParallelFor& parallel) {
  AuditResult result;
  auto fail = [&](AuditError error, std::string message) {
    result.error = error;
    result.message = std::move(message);
    return result;
  };
  if (std::string bad = check_options(options); !bad.empty()) return fail(AuditError::BadOptions, bad);
  if (train.empty()) return fail(AuditError::EmptyTrain, "0 train samples");
  if (test.empty()) return fail(AuditError::EmptyTest, "0 test samples");
  if (distinct_labels(train) < 2) return fail(AuditError::OneLabelTrain, fmt::format("{} train samples", train.size()));
  if (distinct_labels(test) < 2) return fail(AuditError::OneLabelTest, fmt::format("{} test samples", test.size()));

  std::vector<Label> train_labels, test_labels;
  std::vector<std::uint8_t> train_classes;
  std::vector<Complexity> test_levels;
  for (const AuditSample& s : train) {
    train_labels.push_back(s.label);
    train_classes.push_back(static_cast<std::uint8_t>(index_of(s.label)));
  }
  for (const AuditSample& s : test) {
    test_labels.push_back(s.label);
    test_levels.push_back(s.complexity);
  }
  AuditReport& report = result.report;
  report.options = options;
  report.train_size = train.size();
  report.test_size = test.size();
  report.majority = baseline::majority_label(train_labels);
  // Every probe's predictions, in parallel where the runner allows (each probe builds its
  // own rows and model from the same inputs); the rows are then scored in probes() order.
  std::array<std::vector<Label>, kProbeCount> predicted;
  run_each(parallel, kProbeCount, [&](std::size_t i) {
    const Probe probe = kLongestFirst[i];
    std::vector<Label>& out = predicted[static_cast<int>(probe)];
    if (probe == Probe::Majority)
      out.assign(test.size(), report.majority);
    else if (probe == Probe::Lexical)
      out = predict_lexical(train, test, train_labels);
    else
      out = predict_logreg(detail::probe_rows(probe, train, test, options), train_classes, options.train);
  });
  double floor = 0;
  for (const ProbeInfo& info : probes()) {
    ProbeRow row{info.probe,
                 baseline::classify_predictions(test_labels, test_levels, predicted[static_cast<int>(info.probe)])};
    row.micro_f1 = row.scores.value("micro_f1");
    if (info.probe == Probe::Majority) floor = row.micro_f1;
    row.over_majority = row.micro_f1 - floor;
    row.margin = margin_of(info, options);
    row.warns = row.over_majority > row.margin;  // false for NaN: reference rows never warn
    report.rows.push_back(std::move(row));
  }
  return result;
}

std::vector<std::string> audit_warnings(const AuditReport& report) {
  std::vector<std::string> out;
  const double floor = report.rows.empty() ? 0 : report.rows.front().micro_f1;
  for (const ProbeRow& r : report.rows) {
    if (!r.warns) continue;
    const ProbeInfo& info = probe_info(r.probe);
    out.push_back(fmt::format(
        "warning: {} reaches micro-F1 {:.3f}, {:.3f} above the majority class ({:.3f}, margin {:.2f}): the label is "
        "predictable from {}, so scores on this benchmark partly measure that cue, not attribution",
        info.name, r.micro_f1, r.over_majority, floor, r.margin, info.cue));
  }
  return out;
}

}  // namespace caqa::audit
