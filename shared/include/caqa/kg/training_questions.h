// More training samples from the same KG (issue 34, item 1; `caqa build --train-questions
// N`): N more questions sampled from the KG, built with the same pipeline, every sample in
// the train split, filtered on their own, and added after the benchmark is built, so that
// the test split stays byte for byte what it is without them. The rule that keeps them
// apart from the test split: a new question is one the build has not read (no query or
// text of an earlier question, sampled or given: query_sampler.h), and none of its facts
// of G is a claim of a test question, so a model never trains on a fact the test asks
// about. Entities may be shared: every question of a KG shares its entities with others.
#pragma once

#include <span>
#include <vector>

#include "caqa/hardening/aflite.h"
#include "caqa/kg/benchmark_builder.h"
#include "caqa/kg/query_templates.h"

namespace caqa::kg {

struct TrainingQuestionsReport {
  std::size_t asked = 0;               // --train-questions
  std::size_t sampled = 0;             // new questions the KG allowed
  std::size_t sharing_test_facts = 0;  // of their samples, those left out for a test claim
  std::size_t filtered = 0;            // removed by their own adversarial filtering
  std::size_t samples = 0;             // added to the train split
};

// The train samples of `count` new questions (sample ids distinct from `built`'s), in id
// order; `built` is the benchmark as built (its test samples' claims are kept apart).
// `harden` filters them on their own when set. Questions skipped are counted in `problems`
// under "train-questions: " and the builder's reason.
std::vector<BenchmarkSample> training_samples(const KnowledgeGraph& kg, const QueryTemplates& phrases,
                                              std::span<const Question> avoid,
                                              const std::vector<BenchmarkSample>& built, const Verbalizer& verbalizer,
                                              const BuildOptions& options, std::size_t count,
                                              const hardening::AfliteOptions* harden, const ParallelFor& parallel,
                                              ProblemCounts& problems, TrainingQuestionsReport& report);

}  // namespace caqa::kg
