#include "caqa/kg/training_questions.h"

#include <algorithm>
#include <set>
#include <unordered_set>

#include "caqa/kg/query_sampler.h"

namespace caqa::kg {

namespace {

// Mixed into the seed so that the new questions are not the ones the recipe sampled.
constexpr std::uint64_t kTrainingSeed = 0x7452414e51554553ull;

}  // namespace

std::vector<BenchmarkSample> training_samples(const KnowledgeGraph& kg, const QueryTemplates& phrases,
                                              std::span<const Question> avoid,
                                              const std::vector<BenchmarkSample>& built, const Verbalizer& verbalizer,
                                              const BuildOptions& options, std::size_t count,
                                              const hardening::AfliteOptions* harden, const ParallelFor& parallel,
                                              ProblemCounts& problems, TrainingQuestionsReport& report) {
  report = {};
  report.asked = count;
  std::vector<Question> questions = sample_questions(kg, phrases, avoid, count, options.seed ^ kTrainingSeed);
  report.sampled = questions.size();
  BuildOptions train_only = options;
  train_only.test_fraction = 0.0;
  BuildResult result = build_benchmark(kg, questions, verbalizer, train_only, {}, parallel);
  for (const auto& [reason, n] : result.problems.counts())
    for (std::size_t i = 0; i < n; ++i) problems.add("train-questions: " + reason, "--train-questions");
  // The test split's claims, and every id the benchmark has.
  std::set<Triple> test_claims;
  std::unordered_set<std::string_view> ids;
  for (const BenchmarkSample& s : built) {
    ids.insert(s.id);
    if (s.test) test_claims.insert(s.texts->claims.begin(), s.texts->claims.end());
  }
  std::vector<BenchmarkSample> kept;
  for (BenchmarkSample& s : result.samples) {
    const auto& claims = s.texts->claims;
    if (ids.contains(s.id) ||
        std::any_of(claims.begin(), claims.end(), [&](const Triple& t) { return test_claims.contains(t); })) {
      ++report.sharing_test_facts;
      continue;
    }
    kept.push_back(std::move(s));
  }
  if (harden && !kept.empty()) {
    std::vector<hardening::FilterSample> samples;
    for (const auto& s : kept) samples.push_back({s.question, s.answer, s.citation, s.label, s.complexity});
    const hardening::AfliteResult filtered = hardening::aflite_filter(samples, *harden, parallel);
    if (filtered.error == hardening::AfliteError::None) {
      std::vector<BenchmarkSample> left;
      for (std::size_t i = 0; i < kept.size(); ++i)
        if (filtered.keep[i]) left.push_back(std::move(kept[i]));
      report.filtered = kept.size() - left.size();
      kept = std::move(left);
    }
  }
  report.samples = kept.size();
  return kept;
}

}  // namespace caqa::kg
