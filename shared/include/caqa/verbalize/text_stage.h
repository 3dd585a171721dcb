// The build stage of the texts, between building the samples and hardening them
// (caqa/kg/build.h): an optional rewrite through a TextRewriter, every returned text
// checked before it replaces the grammar text, and the lint of every final text.
#pragma once

#include <array>
#include <cstddef>
#include <string>
#include <utility>
#include <vector>

#include "caqa/kg/benchmark_builder.h"
#include "caqa/parallel.h"
#include "caqa/verbalize/text_rewriter.h"

namespace caqa::verbalize {

// One task's generated texts, in the layout of the paper's Table 8 plus what fell back.
struct TaskChecks {
  std::size_t requested = 0, returned = 0;
  std::array<std::size_t, kCoverageCount> coverage{};  // of the returned texts
  std::size_t fell_back = 0;                           // requested but not used: the grammar text stayed
  LintCounts lint;                                     // of the returned texts
  std::vector<std::string> examples;                   // the first few failures: "sample-id: reasons"
};

struct TextCheckReport {
  std::string verbalizer = "grammar";
  std::vector<std::pair<std::string, std::string>> about;  // TextRewriter::about
  bool rewritten = false;                                  // a rewriter ran: `generated` is filled
  std::array<TaskChecks, kTextTaskCount> generated{};      // by TextTask
  // The lint of the texts written, by TextTask; a question and its answer statement count
  // once per question (its four labels share them).
  std::array<LintCounts, kTextTaskCount> lint{};
};

// Sends one request per sample's citation and per question (and extension), then one per
// answer statement (about the question as finally written); keeps each reply that passes
// check_text, else the grammar text. Questions and answers stay identical across the
// labels of a question.
void rewrite_texts(std::vector<kg::BenchmarkSample>& samples, const kg::KnowledgeGraph& kg,
                   const EntityNameIndex& index, const TextRewriter& rewriter, TextCheckReport& report);

// Fills report.lint from the samples as written (in parallel where `parallel` runs so);
// with `display_names`, a shared name must carry what tells it apart (missing_qualifier).
void lint_samples(const std::vector<kg::BenchmarkSample>& samples, const kg::KnowledgeGraph& kg,
                  TextCheckReport& report, const ParallelFor& parallel = {},
                  const kg::DisplayNames* display_names = nullptr);

// The names of the entities a sample's evidence triples mention, each once.
std::vector<std::string> evidence_names(const kg::BenchmarkSample& sample, const kg::KnowledgeGraph& kg);

}  // namespace caqa::verbalize
