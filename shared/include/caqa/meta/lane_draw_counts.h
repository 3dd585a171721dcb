// The CPU twin's replicates, kLaneCount at a time in vector lanes (GCC/Clang vector
// extensions: AVX2 natively, wasm SIMD or scalar code elsewhere): the lane types of the
// per-cell code (resample_kernels.h), and how often each item was drawn in each lane.
// Each lane runs the one-lane arithmetic in the same order, so its sums have the bits of
// the one-replicate twins. The integer sums are held as int64 (Ints) or, while every one
// of them stays below 2^53, as doubles (Reals: exact there, and AVX2 multiplies doubles in
// one instruction but int64 in seven).
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "caqa/meta/resample_kernels.h"

namespace caqa::resample {

inline constexpr int kLaneCount = 4;
using Ints = std::int64_t __attribute__((vector_size(8 * kLaneCount)));
using Reals = double __attribute__((vector_size(8 * kLaneCount)));
template <>
struct Lanes<Ints> {
  using Real = Reals;
  // x added to the bits of 1.5 * 2^52 is the double 1.5 * 2^52 + x, exactly, for |x| < 2^51
  // (counts and ranks are below 2^34: items are 32-bit). AVX2 has no int64 -> double
  // conversion: __builtin_convertvector converts lane by lane, a third of the cell pass.
  static Reals real(Ints x) {
    constexpr std::int64_t kBits = 0x4338000000000000;
    constexpr double kValue = 0x1.8p52;
    return reinterpret_cast<Reals>(x + kBits) - kValue;
  }
};
template <>
struct Lanes<Reals> {
  using Real = Reals;
  static Reals real(Reals x) { return x; }
};

// Ints as lanes of I (Ints or Reals).
template <class I>
I lanes_of(Ints x) {
  if constexpr (std::is_same_v<I, Ints>)
    return x;
  else
    return Lanes<Ints>::real(x);
}

// x where keep, else zero, in every lane (a bit mask: no multiply, no branch).
template <class I>
I only_if(I x, bool keep) {
  return reinterpret_cast<I>(reinterpret_cast<Ints>(x) & (Ints{} - static_cast<std::int64_t>(keep)));
}

// Per item one byte per lane, so that a million items stay in the cache while the draws hit
// them at random. A byte that wraps past 255 is listed (item, lane) once per wrap; only
// degenerate inputs get there, and the counts stay exact either way.
class LaneDrawCounts {
 public:
  // All counts zero. The pass that reads the counts takes them (reads and zeroes, take()),
  // so after a pass that took every item (all_taken()) there is nothing to clear: the bytes
  // are zeroed while they are in the cache, not by a second sweep over megabytes.
  void reset(std::uint64_t items) {
    if (bytes_.size() != items * kLaneCount || !all_taken_) bytes_.assign(items * kLaneCount, 0);
    all_taken_ = false;
    wrapped_.clear();
    next_wrap_ = 0;
  }
  void all_taken() { all_taken_ = true; }
  void add(std::uint64_t item, int lane) {
    if (++bytes_[item * kLaneCount + lane] == 0) note_wrap(item, lane);
  }
  // The hot loop's way in: item i's byte of lane l is data()[i * kLaneCount + l]; a byte
  // incremented to 0 must be reported with note_wrap. (A loop over a local pointer keeps
  // its other variables in registers: stores through a member would reload them.)
  std::uint8_t* data() { return bytes_.data(); }
  void note_wrap(std::uint64_t item, int lane) { wrapped_.push_back(item * kLaneCount + lane); }
  // After the last add, before the first read.
  void finish() { std::sort(wrapped_.begin(), wrapped_.end()); }

  // The draws of an item in every lane, as lanes of I, without its wraps, read from data()
  // (a local pointer: a store through a member would reload it); its counts are zero
  // afterwards.
  template <class I>
  static I take(std::uint8_t* bytes, std::uint64_t item) {
    Bytes b;
    std::uint8_t* at = bytes + item * kLaneCount;
    std::memcpy(&b, at, sizeof b);
    std::memset(at, 0, sizeof b);
    return __builtin_convertvector(__builtin_convertvector(b, Int32s), I);
  }
  template <class I>
  static I take_sum(std::uint8_t* bytes, std::uint64_t begin, std::uint64_t end) {
    I total{};
    for (std::uint64_t i = begin; i < end; ++i) total += take<I>(bytes, i);
    return total;
  }
  bool any_wrapped() const { return !wrapped_.empty(); }
  // 256 per wrap of an item before end, in its lane; ends must come in increasing order.
  Ints wraps_before(std::uint64_t end) {
    Ints total{};
    for (; next_wrap_ < wrapped_.size() && wrapped_[next_wrap_] < end * kLaneCount; ++next_wrap_)
      total[wrapped_[next_wrap_] % kLaneCount] += 256;
    return total;
  }

 private:
  using Bytes = std::uint8_t __attribute__((vector_size(kLaneCount)));
  using Int32s = std::int32_t __attribute__((vector_size(4 * kLaneCount)));
  std::vector<std::uint8_t> bytes_;
  bool all_taken_ = false;  // since the last reset, by the caller's word
  std::vector<std::uint64_t> wrapped_;
  std::size_t next_wrap_ = 0;
};

}  // namespace caqa::resample
