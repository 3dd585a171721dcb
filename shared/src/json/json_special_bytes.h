// The bytes a JSON string cannot hold as they are (a quote, a backslash, a control byte)
// and the non-ASCII ones, 16 at a time (SSE2, WebAssembly SIMD128, or two 64-bit words):
// the flat-object reader (flat_json_object.cpp) and the JSON writer (json_string.cpp) skip
// the plain bytes between them. Internal to the core.
#pragma once

#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#elif defined(__wasm_simd128__)
#include <wasm_simd128.h>
#endif

namespace caqa::detail {

// Bit i set when byte i of the 16 at p is a quote, a backslash, a control byte or not
// ASCII. As signed bytes, "below 0x20" is both a control byte and a byte from 0x80 on.
inline std::uint32_t special_bytes(const char* p) {
#if defined(__SSE2__)
  __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
  __m128i special =
      _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))),
                   _mm_cmplt_epi8(v, _mm_set1_epi8(0x20)));
  return static_cast<std::uint32_t>(_mm_movemask_epi8(special));
#elif defined(__wasm_simd128__)
  v128_t v = wasm_v128_load(p);
  v128_t special =
      wasm_v128_or(wasm_v128_or(wasm_i8x16_eq(v, wasm_i8x16_splat('"')), wasm_i8x16_eq(v, wasm_i8x16_splat('\\'))),
                   wasm_i8x16_lt(v, wasm_i8x16_splat(0x20)));
  return static_cast<std::uint32_t>(wasm_i8x16_bitmask(special));
#else
  // Two little-endian words; each test's borrow only marks bytes above a true one, so the
  // lowest bit, all the callers read, is exact.
  constexpr std::uint64_t kOnes = 0x0101010101010101ull, kHigh = 0x8080808080808080ull;
  std::uint32_t mask = 0;
  for (int half = 0; half < 2; ++half) {
    std::uint64_t w;
    std::memcpy(&w, p + 8 * half, sizeof w);
    std::uint64_t quote = w ^ (kOnes * '"'), backslash = w ^ (kOnes * '\\');
    std::uint64_t bits =
        (((quote - kOnes) & ~quote) | ((backslash - kOnes) & ~backslash) | ((w - kOnes * 0x20) & ~w) | w) & kHigh;
    for (int i = 0; i < 8; ++i) mask |= static_cast<std::uint32_t>((bits >> (8 * i + 7)) & 1) << (8 * half + i);
  }
  return mask;
#endif
}

}  // namespace caqa::detail
