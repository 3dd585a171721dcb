#include "caqa/kg/problem_counts.h"

namespace caqa::kg {

void ProblemCounts::add(const std::string& reason, std::string where, std::string detail) {
  ++counts_[reason];
  auto& examples = examples_[reason];
  if (examples.size() < kExamplesPerReason) examples.push_back({std::move(where), std::move(detail)});
}

void ProblemCounts::merge(const ProblemCounts& other) {
  for (const auto& [reason, n] : other.counts_) {
    counts_[reason] += n;
    auto& mine = examples_[reason];
    for (const auto& e : other.examples(reason))
      if (mine.size() < kExamplesPerReason) mine.push_back(e);
  }
}

std::size_t ProblemCounts::total() const {
  std::size_t n = 0;
  for (const auto& [reason, count] : counts_) n += count;
  return n;
}

const std::vector<ProblemExample>& ProblemCounts::examples(const std::string& reason) const {
  static const std::vector<ProblemExample> kNone;
  auto it = examples_.find(reason);
  return it == examples_.end() ? kNone : it->second;
}

}  // namespace caqa::kg
