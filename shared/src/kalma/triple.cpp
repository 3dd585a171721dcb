#include "caqa/kalma/triple.h"

#include <algorithm>

namespace caqa::kalma {

std::string_view trim_space(std::string_view text) {
  while (!text.empty() && is_ascii_space(text.front())) text.remove_prefix(1);
  while (!text.empty() && is_ascii_space(text.back())) text.remove_suffix(1);
  return text;
}

std::string normalize_space(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  bool gap = false;
  for (char c : text) {
    if (is_ascii_space(c)) {
      gap = !out.empty();
      continue;
    }
    if (gap) out += ' ';
    gap = false;
    out += c;
  }
  return out;
}

Triple make_triple(std::string_view qid, std::string_view property, std::string_view value) {
  return Triple{normalize_space(qid), normalize_space(property), normalize_space(value)};
}

TripleSet::TripleSet(std::vector<Triple> triples) : items_(std::move(triples)) {
  std::sort(items_.begin(), items_.end());
  auto last = std::unique(items_.begin(), items_.end());
  duplicates_ = static_cast<std::size_t>(items_.end() - last);
  items_.erase(last, items_.end());
}

bool TripleSet::contains(const Triple& t) const { return std::binary_search(items_.begin(), items_.end(), t); }

}  // namespace caqa::kalma
