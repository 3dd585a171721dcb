// One hash for ids and features: FNV-1a, 64 bits. Stable across platforms and runs
// (the wasm build and the CLI must agree, and trained models store hashed features).
#pragma once

#include <cstdint>
#include <string_view>

namespace caqa {

inline constexpr std::uint64_t kFnv1aOffset = 14695981039346656037ull;  // FNV's 64-bit offset basis
inline constexpr std::uint64_t kFnv1aPrime = 1099511628211ull;

inline std::uint64_t fnv1a64(std::string_view bytes, std::uint64_t h = kFnv1aOffset) {
  for (unsigned char c : bytes) {
    h ^= c;
    h *= kFnv1aPrime;
  }
  return h;
}

}  // namespace caqa
