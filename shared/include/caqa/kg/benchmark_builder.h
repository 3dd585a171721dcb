// The CAQA construction pipeline (paper, section 4): collect single/path/tree queries,
// extend them, ground them, edit the supportive subgraph into the other three labels,
// verbalise, verify each label on its subgraph, split by source question. Deterministic:
// every random choice comes from a generator seeded by (seed, question id).
#pragma once

#include <array>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "caqa/kg/claim_reading.h"
#include "caqa/kg/implied_facts.h"
#include "caqa/kg/problem_counts.h"
#include "caqa/kg/verbalizer.h"
#include "caqa/label.h"
#include "caqa/parallel.h"

namespace caqa::kg {

struct BuildOptions {
  std::uint64_t seed = 13;
  double test_fraction = 0.15;  // share of source questions in the test split
  bool verify = true;
  // Facts a reader infers from others (implied_facts.h); the label checks read them.
  ImpliedFacts implied_facts;
  // The levels built, indexed by index_of (`caqa build --levels`): all six by default; the
  // paper's four alone build what caqa built before the later levels existed.
  std::array<bool, kComplexityCount> levels = {true, true, true, true, true, true};
  // Relations the negation level asks along (BuildSources::negatable), indexed by RelationId.
  std::vector<bool> negatable;
};

// What a text rewriter's prompts and the text checks need (caqa/verbalize/text_rewriter.h):
// the same for every label of a question, so held once and shared by its samples.
struct QuestionTexts {
  std::string source_text;                // the source question's own words
  std::string query_text;                 // kg/query_text.h
  std::vector<std::string> query_names;   // the extended query's constants
  std::vector<std::string> answer_names;  // every answer the answer statement names
  // The names of G's entities as the texts write them (display_names.h): the answer
  // statement states every fact of G, so it names them all (lint: missing_claim).
  std::vector<std::string> claim_names;
  std::vector<Triple> claims;          // G: the facts the answer statement states
  std::string answer_type;             // the answers' KG type when they share one, else empty (lint: type_word)
  std::vector<std::string> sub_facts;  // each claim as one sentence (Verbalizer::sub_facts)
};

struct BenchmarkSample {
  std::string id;
  std::string question, answer, citation;
  Label label;
  Complexity complexity;
  bool test = false;
  std::vector<Triple> evidence;
  std::string source_question;
  Extension extension;
  ContradictionRule contradiction = ContradictionRule::AnswerSwap;  // which link a contradictory edit changed
  std::shared_ptr<const QuestionTexts> texts;                       // set for every sample the builder makes
  std::vector<ClaimVerdict> sub_fact_verdicts;  // what the citation does with each claim, in G's order
};

struct BuildStats {
  std::size_t questions = 0, collected = 0;
  std::array<std::size_t, 3> shapes{};                                      // collected, by QueryShape
  std::array<std::array<std::size_t, 2>, kLabelCount> labels{};             // [label][train=0/test=1]
  std::array<std::array<std::size_t, 2>, kComplexityCount> complexities{};  // [complexity][split]
  std::array<std::size_t, 2> samples{};
  // [label][complexity][split]: the cells a reader check stratifies by
  std::array<std::array<std::array<std::size_t, 2>, kComplexityCount>, kLabelCount> cells{};
  std::array<std::size_t, kExtensionCount> extensions{};  // by Extension
  std::size_t determinacy_checked = 0;                    // extended queries run over the whole KG
  std::size_t determinacy_failures = 0;                   // of those, answers not the stated ones (skipped)
  std::array<std::size_t, kContradictionRuleCount> contradiction_rules{};  // contradictory samples, by rule
  // Citation length in words, its markers ("[1]") left out, by split: nearest-rank
  // median, 10th and 90th percentiles (0 for an empty split).
  struct Lengths {
    std::size_t p10 = 0, median = 0, p90 = 0;
  };
  std::array<Lengths, 2> citation_words{};
  std::array<std::array<std::size_t, 2>, 2> passages{};  // [split][one passage, two or more]
  // Gold FActScores (issue 41): samples by their (supported, claimed) sub-fact counts,
  // [label][split].
  std::array<std::array<std::map<std::pair<std::size_t, std::size_t>, std::size_t>, 2>, kLabelCount> sub_facts{};

  // The levels a table of this build lists (complexity.h's shown_levels on both splits).
  std::vector<Complexity> shown_levels() const;
};

struct BuildResult {
  std::vector<BenchmarkSample> samples;  // by id
  BuildStats stats;
  ProblemCounts problems;                       // skipped inputs, by reason
  std::vector<std::string> violations;          // "sample-id: what failed"; samples that fail are not kept
  std::vector<RelationProfile::Row> relations;  // how each relation behaves in the KG (relation_profile.h)
};

using BuildProgress = std::function<void(std::size_t done, std::size_t total)>;

// Questions are built in parallel where `parallel` runs them so; the result is the same
// either way.
BuildResult build_benchmark(const KnowledgeGraph& kg, const std::vector<Question>& questions,
                            const Verbalizer& verbalizer, const BuildOptions& options,
                            const BuildProgress& progress = {}, const ParallelFor& parallel = {});

// Recounts the label, complexity and split counts of `stats` from `samples` (after a filter).
void count_samples(const std::vector<BenchmarkSample>& samples, BuildStats& stats);

// One benchmark sample as a JSON line (schema/benchmark_sample.schema.json), without the
// newline; append_sample_json writes it at the end of `out`.
std::string sample_json(const BenchmarkSample& sample, const KnowledgeGraph& kg);
void append_sample_json(std::string& out, const BenchmarkSample& sample, const KnowledgeGraph& kg);

// The paper's Table 4 layout: label x split and complexity x split, then label x
// complexity per split, as Markdown.
std::string statistics_markdown(const BuildStats& stats);

}  // namespace caqa::kg
