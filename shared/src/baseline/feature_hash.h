// The baselines' feature hash: caqa's FNV-1a (caqa/hash.h) started from FNV's standard
// offset basis, the seed every trained model and lexical index so far was hashed with
// (hash.h's default seed is another one; changing either changes model bytes).
#pragma once

#include <cstdint>
#include <string_view>

#include "caqa/hash.h"

namespace caqa::baseline::detail {

inline constexpr std::uint64_t kFeatureHashSeed = 14695981039346656037ull;

inline std::uint64_t feature_hash(std::string_view bytes, std::uint64_t h = kFeatureHashSeed) {
  return fnv1a64(bytes, h);
}

}  // namespace caqa::baseline::detail
