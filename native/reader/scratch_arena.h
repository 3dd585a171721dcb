// Scratch memory for one reader pass: chunks handed out in order and rewound, never freed
// between passes, so a pass allocates nothing once the largest batch has been seen.
// `Allocate` gets or frees a chunk of the device's memory (host or CUDA).
#pragma once

#include <cstddef>
#include <vector>

namespace caqa::reader {

template <class Allocate, class Free>
class ScratchArena {
 public:
  ScratchArena(Allocate allocate, Free release) : allocate_(allocate), release_(release) {}
  ScratchArena(const ScratchArena&) = delete;
  ScratchArena& operator=(const ScratchArena&) = delete;
  ~ScratchArena() {
    for (Chunk& c : chunks_) release_(c.base);
  }

  void* take(std::size_t bytes) {
    bytes = (bytes + 255) / 256 * 256;  // aligned for any element type and for coalesced access
    while (current_ < chunks_.size() && chunks_[current_].used + bytes > chunks_[current_].size) ++current_;
    if (current_ == chunks_.size()) {
      const std::size_t size = bytes > kChunk ? bytes : kChunk;
      chunks_.push_back({static_cast<std::byte*>(allocate_(size)), size, 0});
    }
    Chunk& c = chunks_[current_];
    void* out = c.base + c.used;
    c.used += bytes;
    return out;
  }

  void rewind() {
    for (Chunk& c : chunks_) c.used = 0;
    current_ = 0;
  }

 private:
  static constexpr std::size_t kChunk = std::size_t{64} << 20;
  struct Chunk {
    std::byte* base;
    std::size_t size, used;
  };
  Allocate allocate_;
  Free release_;
  std::vector<Chunk> chunks_;
  std::size_t current_ = 0;
};

}  // namespace caqa::reader
