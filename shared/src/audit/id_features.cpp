#include "id_features.h"

#include <algorithm>
#include <cmath>
#include <string>
#include <vector>

#include "caqa/hash.h"
#include "caqa/text.h"

namespace caqa::audit::detail {

namespace {
bool is_separator(char c) { return c == '-' || c == '_' || c == '.' || c == '/'; }
}  // namespace

void id_features(std::string_view id, std::uint32_t dim_bits, baseline::SparseRows& out) {
  const std::uint32_t mask = (1u << dim_bits) - 1;
  std::vector<std::uint32_t> buckets;
  auto kind_of = [](char tag, std::size_t n) {
    std::string kind(1, tag);
    kind += std::to_string(n);
    return kind;
  };
  auto add = [&](std::string_view kind, std::string_view text) {
    const std::uint64_t h = fnv1a64(text, fnv1a64(kind));
    buckets.push_back(static_cast<std::uint32_t>(h ^ (h >> 29)) & mask);
  };
  std::string marked = "<";  // built by appends: GCC 12 warns wrongly on "<" + std::string&&
  marked += ascii_lower(id);
  marked += '>';
  for (std::size_t n = 2; n <= 4; ++n)
    for (std::size_t i = 0; i + n <= marked.size(); ++i) add("c", std::string_view(marked).substr(i, n));
  std::vector<std::string_view> pieces;
  const std::string_view lower(marked.data() + 1, marked.size() - 2);
  for (std::size_t b = 0; b <= lower.size();) {
    std::size_t e = b;
    while (e < lower.size() && !is_separator(lower[e])) ++e;
    if (e > b) pieces.push_back(lower.substr(b, e - b));
    b = e + 1;
  }
  for (std::size_t k = 0; k < pieces.size(); ++k) {
    add("p", pieces[k]);
    if (k < 3) add(kind_of('s', k), pieces[k]);
    if (pieces.size() - k <= 3) add(kind_of('e', pieces.size() - k), pieces[k]);
  }
  std::sort(buckets.begin(), buckets.end());
  buckets.erase(std::unique(buckets.begin(), buckets.end()), buckets.end());
  const float value = 1.0f / std::sqrt(static_cast<float>(buckets.size()));
  for (std::uint32_t b : buckets) {
    out.indices.push_back(b);
    out.values.push_back(value);
  }
  out.offsets.push_back(out.indices.size());
}

}  // namespace caqa::audit::detail
