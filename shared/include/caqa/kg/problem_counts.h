// Bad input met while building a benchmark (malformed lines, unknown relations,
// queries that ground to nothing...), counted per reason with a few examples, so
// that a run reports them instead of stopping at the first (or, with --strict, fails).
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

namespace caqa::kg {

struct ProblemExample {
  std::string where;  // "file:line" or a question id
  std::string detail;
};

class ProblemCounts {
 public:
  static constexpr std::size_t kExamplesPerReason = 3;
  void add(const std::string& reason, std::string where, std::string detail = {});
  void merge(const ProblemCounts& other);
  std::size_t total() const;
  bool empty() const { return counts_.empty(); }
  // reason -> count, in reason order (deterministic output)
  const std::map<std::string, std::size_t>& counts() const { return counts_; }
  const std::vector<ProblemExample>& examples(const std::string& reason) const;

 private:
  std::map<std::string, std::size_t> counts_;
  std::map<std::string, std::vector<ProblemExample>> examples_;
};

}  // namespace caqa::kg
