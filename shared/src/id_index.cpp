#include "caqa/id_index.h"

#define XXH_INLINE_ALL
#include <xxhash.h>

namespace caqa {

namespace {
constexpr std::uint64_t kLengthBits = 24;
constexpr std::uint64_t kLengthMask = (1ull << kLengthBits) - 1;
}  // namespace

void IdIndex::reserve(std::size_t count, std::size_t bytes) {
  arena_.reserve(bytes);
  offsets_.reserve(count);
  std::size_t want = 16;
  while (want < count * 2) want *= 2;
  if (want > slots_.size()) {
    slots_.assign(want, 0);
    tags_.assign(want, 0);
    for (std::uint32_t e = 0; e < offsets_.size(); ++e) {
      std::string_view s = id(e);
      std::uint64_t h = XXH3_64bits(s.data(), s.size());
      std::size_t mask = slots_.size() - 1, slot = h & mask;
      while (slots_[slot] != 0) slot = (slot + 1) & mask;
      slots_[slot] = e + 1;
      tags_[slot] = static_cast<std::uint32_t>(h >> 32);
    }
  }
}

void IdIndex::grow() { reserve(slots_.empty() ? 8 : slots_.size(), arena_.capacity()); }

std::string_view IdIndex::id(std::uint32_t entry) const {
  std::uint64_t o = offsets_[entry];
  return std::string_view(arena_.data() + (o >> kLengthBits), o & kLengthMask);
}

std::size_t IdIndex::slot_of(std::string_view s, std::uint64_t h) const {
  std::size_t mask = slots_.size() - 1, slot = h & mask;
  auto tag = static_cast<std::uint32_t>(h >> 32);
  while (slots_[slot] != 0) {
    if (tags_[slot] == tag && id(slots_[slot] - 1) == s) return slot;
    slot = (slot + 1) & mask;
  }
  return slot;
}

std::uint32_t IdIndex::find(std::string_view s) const {
  if (slots_.empty()) return kAbsent;
  std::size_t slot = slot_of(s, XXH3_64bits(s.data(), s.size()));
  return slots_[slot] == 0 ? kAbsent : slots_[slot] - 1;
}

std::uint32_t IdIndex::insert(std::string_view s) {
  if ((offsets_.size() + 1) * 2 > slots_.size()) grow();
  std::uint64_t h = XXH3_64bits(s.data(), s.size());
  std::size_t slot = slot_of(s, h);
  if (slots_[slot] != 0) return slots_[slot] - 1;
  auto entry = static_cast<std::uint32_t>(offsets_.size());
  offsets_.push_back((static_cast<std::uint64_t>(arena_.size()) << kLengthBits) | (s.size() & kLengthMask));
  arena_.append(s);
  slots_[slot] = entry + 1;
  tags_[slot] = static_cast<std::uint32_t>(h >> 32);
  return kAbsent;
}

}  // namespace caqa
