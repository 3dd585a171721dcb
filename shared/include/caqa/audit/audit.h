// The shortcut audit: is the benchmark solvable from a cue that is not attribution?
// Every probe of probe.h is trained on train (the core's logistic regression, so the
// build, the CLI and the browser run the same audit) and scored on test like `caqa
// score` does (micro-F1, per-label F1, micro-F1 per level). A shallow probe more than
// its margin above the majority class is a warning naming its cue. The probes train in
// parallel where the caller passes a runner (caqa/parallel.h); the same samples and
// options give the same report, bit for bit, for any runner.
#pragma once

#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "caqa/audit/audit_sample.h"
#include "caqa/audit/probe.h"
#include "caqa/baseline/logreg.h"
#include "caqa/metrics/classification.h"
#include "caqa/parallel.h"

namespace caqa::audit {

struct AuditOptions {
  double shallow_margin = 0.05;   // id, lengths, presence, question+answer, answer
  double citation_margin = 0.10;  // citation only: it may legitimately say something
  std::uint32_t text_dim_bits = 16;
  // Adam's defaults with a few more epochs; modest, so a 15,000-sample audit takes seconds.
  baseline::TrainOptions train = {.seed = 13, .epochs = 8};
};

struct ProbeRow {
  Probe probe;
  Classification scores;
  double micro_f1 = 0;
  double over_majority = 0;  // micro_f1 - majority's micro_f1
  double margin = 0;         // the margin it is held to; NaN for reference rows
  bool warns = false;
};

struct AuditReport {
  AuditOptions options;
  std::size_t train_size = 0, test_size = 0;
  Label majority = Label::Supportive;  // most frequent train label
  std::vector<ProbeRow> rows;          // in probes() order
  bool any_warning() const;
};

enum class AuditError : std::uint8_t { None, EmptyTrain, EmptyTest, OneLabelTrain, OneLabelTest, BadOptions };
std::string_view to_string(AuditError error);  // what is wrong and what to do

struct AuditResult {
  AuditError error = AuditError::None;
  std::string message;  // details for the error (counts, the offending option)
  AuditReport report;   // meaningful when ok()
  bool ok() const { return error == AuditError::None; }
};

AuditResult run_audit(std::span<const AuditSample> train, std::span<const AuditSample> test,
                      const AuditOptions& options = {}, const ParallelFor& parallel = {});

// "warning: id only reaches micro-F1 0.998, 0.738 above the majority class ..." per warning row.
std::vector<std::string> audit_warnings(const AuditReport& report);

}  // namespace caqa::audit
