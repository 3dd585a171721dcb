#include "caqa/id_index.h"

#include <algorithm>

#define XXH_INLINE_ALL
#include <xxhash.h>

namespace caqa {

std::uint64_t IdIndex::hash(std::string_view id) { return XXH3_64bits(id.data(), id.size()); }

void IdIndex::reserve(std::size_t count, std::size_t bytes) {
  arena_.reserve(bytes);
  offsets_.reserve(count);
}

void IdIndex::rehash(std::size_t slot_count) {
  slots_.assign(slot_count, Slot{});
  for (std::uint32_t e = 0; e < indexed_; ++e) place(e, hash(id(e)));
}

std::size_t IdIndex::probe(std::string_view s, std::uint64_t h) const {
  return probe(h, [&](std::uint32_t e) { return same_bytes(id(e), s); });
}

std::uint32_t IdIndex::place(std::uint32_t entry, std::uint64_t h) {
  // The entry's own bytes only on a tag match: in slot order its offset is a cache miss.
  std::size_t slot = probe(h, [&](std::uint32_t e) { return same_bytes(id(e), id(entry)); });
  if (slots_[slot].entry != 0) return slots_[slot].entry - 1;
  slots_[slot] = Slot{static_cast<std::uint32_t>(h >> 32), entry + 1};
  return kAbsent;
}

std::uint32_t IdIndex::append(std::string_view s) {
  auto entry = static_cast<std::uint32_t>(offsets_.size());
  offsets_.push_back((static_cast<std::uint64_t>(arena_.size()) << kLengthBits) | (s.size() & kLengthMask));
  arena_.append(s);
  return entry;
}

std::vector<IdIndex::Keyed> IdIndex::by_stretch(const std::uint64_t* hashes, std::size_t count) const {
  const std::size_t mask = slots_.size() - 1;
  std::vector<std::uint32_t> start((slots_.size() >> kStretchBits) + 1, 0);
  for (std::size_t i = 0; i < count; ++i) ++start[((hashes[i] & mask) >> kStretchBits) + 1];
  for (std::size_t b = 1; b < start.size(); ++b) start[b] += start[b - 1];
  std::vector<Keyed> out(count);
  for (std::size_t i = 0; i < count; ++i)
    out[start[(hashes[i] & mask) >> kStretchBits]++] = Keyed{hashes[i], static_cast<std::uint32_t>(i)};
  return out;
}

std::vector<IdIndex::Repeat> IdIndex::build() {
  std::size_t want = 16;
  while (want < offsets_.size() * 2) want *= 2;
  if (want > slots_.size()) rehash(want);
  std::size_t first = indexed_, count = offsets_.size() - first;
  std::vector<Repeat> repeats;
  // Two entries with one id share a hash, so a stretch places them in entry order too: the
  // first stays indexed, as in entry order.
  for_each_hash(
      count, [&](std::size_t i) { return hash(id(static_cast<std::uint32_t>(first + i))); },
      [&](std::size_t i, std::uint64_t h) {
        auto entry = static_cast<std::uint32_t>(first + i);
        if (std::uint32_t earlier = place(entry, h); earlier != kAbsent) repeats.push_back({entry, earlier});
      });
  // In stretch order they come out of entry order.
  std::sort(repeats.begin(), repeats.end(), [](const Repeat& a, const Repeat& b) { return a.entry < b.entry; });
  indexed_ = offsets_.size();
  return repeats;
}

std::uint32_t IdIndex::find(std::string_view s) const {
  if (slots_.empty()) return kAbsent;
  std::size_t slot = probe(s, hash(s));
  return slots_[slot].entry == 0 ? kAbsent : slots_[slot].entry - 1;
}

std::uint32_t IdIndex::insert(std::string_view s) {
  if ((offsets_.size() + 1) * 2 > slots_.size()) rehash(slots_.empty() ? 16 : slots_.size() * 2);
  std::uint64_t h = hash(s);
  std::size_t slot = probe(s, h);
  if (slots_[slot].entry != 0) return slots_[slot].entry - 1;
  std::uint32_t entry = append(s);
  slots_[slot] = Slot{static_cast<std::uint32_t>(h >> 32), entry + 1};
  indexed_ = offsets_.size();
  return kAbsent;
}

}  // namespace caqa
