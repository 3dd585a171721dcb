// Knowledge triples of the KaLMA track (Li et al., Findings ACL 2024, section 2.1):
// [center entity QID, property label, value label], e.g. ["Q212657", "place of birth", "Rome"].
// Two triples match when their three parts are equal after normalize_space(): the
// paper's "exactly matches", made blind to spacing only.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <tuple>
#include <vector>

namespace caqa::kalma {

inline bool is_ascii_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v'; }
// Without leading and trailing ASCII white space.
std::string_view trim_space(std::string_view text);
// Trims ASCII white space and turns every inner run of it into one space.
std::string normalize_space(std::string_view text);

struct Triple {
  std::string qid, property, value;

  // All three parts present: only a complete citation can be correct (section 4.2).
  bool complete() const { return !qid.empty() && !property.empty() && !value.empty(); }
  // The NLI hypothesis of appendix B.3: "property: value".
  std::string hypothesis() const { return property + ": " + value; }
  // Spelled out: Emscripten 3.1.6's libc++ has no operator<=> for std::string.
  friend bool operator==(const Triple& a, const Triple& b) {
    return a.qid == b.qid && a.property == b.property && a.value == b.value;
  }
  friend bool operator<(const Triple& a, const Triple& b) {
    return std::tie(a.qid, a.property, a.value) < std::tie(b.qid, b.property, b.value);
  }
};

// Builds a triple from raw parts, normalizing each with normalize_space().
Triple make_triple(std::string_view qid, std::string_view property, std::string_view value);

// A set of distinct triples (sorted), for "is this citation in the KG / minimum set?".
class TripleSet {
 public:
  TripleSet() = default;
  // Keeps one copy of each triple; duplicates() says how many were dropped.
  explicit TripleSet(std::vector<Triple> triples);
  bool contains(const Triple& t) const;
  std::size_t size() const { return items_.size(); }
  bool empty() const { return items_.empty(); }
  std::size_t duplicates() const { return duplicates_; }
  std::vector<Triple>::const_iterator begin() const { return items_.begin(); }
  std::vector<Triple>::const_iterator end() const { return items_.end(); }

 private:
  std::vector<Triple> items_;
  std::size_t duplicates_ = 0;
};

}  // namespace caqa::kalma
