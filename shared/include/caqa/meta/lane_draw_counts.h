// The CPU twin's replicates, kLaneCount at a time in vector lanes (GCC/Clang vector
// extensions: AVX2 natively, wasm SIMD or scalar code elsewhere): the lane types of the
// per-cell code (resample_kernels.h), and how often each item was drawn in each lane.
// Each lane runs the one-lane arithmetic in the same order, so its sums have the bits of
// the one-replicate twins.
#pragma once

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <vector>

#include "caqa/meta/resample_kernels.h"

namespace caqa::resample {

inline constexpr int kLaneCount = 4;
using Ints = std::int64_t __attribute__((vector_size(8 * kLaneCount)));
using Reals = double __attribute__((vector_size(8 * kLaneCount)));
template <>
struct Lanes<Ints> {
  using Real = Reals;
  static Reals real(Ints x) { return __builtin_convertvector(x, Reals); }
};

// Per item one byte per lane, so that a million items stay in the cache while the draws hit
// them at random. A byte that wraps past 255 is listed (item, lane) once per wrap; only
// degenerate inputs get there, and the counts stay exact either way.
class LaneDrawCounts {
 public:
  void reset(std::uint64_t items) {
    bytes_.assign(items * kLaneCount, 0);
    wrapped_.clear();
    next_wrap_ = 0;
  }
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

  // The draws of an item in every lane, without its wraps.
  Ints of(std::uint64_t item) const {
    Bytes b;
    std::memcpy(&b, &bytes_[item * kLaneCount], sizeof b);
    return __builtin_convertvector(b, Ints);
  }
  Ints sum(std::uint64_t begin, std::uint64_t end) const {
    Ints total{};
    for (std::uint64_t i = begin; i < end; ++i) total += of(i);
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
  std::vector<std::uint8_t> bytes_;
  std::vector<std::uint64_t> wrapped_;
  std::size_t next_wrap_ = 0;
};

}  // namespace caqa::resample
