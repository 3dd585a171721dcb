// Sample ids interned in one arena, looked up through an open-addressing table.
// A JSON integer id is stored as its decimal text, so 5 and "5" are the same id.
//
// Bulk paths (append + build, find_all) hash everything first and prefetch table
// slots a few ids ahead: a million random probes then overlap their cache misses.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace caqa {

class IdIndex {
 public:
  static constexpr std::uint32_t kAbsent = 0xffffffffu;

  // Adds id as entry size() and indexes it; returns kAbsent, or the existing entry
  // when the id is already there (nothing is added then).
  std::uint32_t insert(std::string_view id);
  // Adds id as entry size() without indexing it; call build() after the last one.
  std::uint32_t append(std::string_view id);
  // Indexes every appended entry; returns, per entry, kAbsent or the earlier entry
  // with the same id (that later entry stays in the arena but is not indexed).
  std::vector<std::uint32_t> build();

  std::uint32_t find(std::string_view id) const;
  // out[i] = find(id_at(i)) for i < count.
  template <class IdAt>
  void find_all(std::size_t count, IdAt id_at, std::uint32_t* out) const;

  std::string_view id(std::uint32_t entry) const;
  std::size_t size() const { return offsets_.size(); }
  void reserve(std::size_t count, std::size_t bytes);
  std::size_t memory_bytes() const {
    return arena_.capacity() + offsets_.capacity() * sizeof(std::uint64_t) + slots_.capacity() * sizeof(Slot);
  }

 private:
  struct Slot {
    std::uint32_t tag = 0;    // upper hash bits, to skip most string compares
    std::uint32_t entry = 0;  // entry + 1, 0 = empty
  };
  static std::uint64_t hash(std::string_view id);
  void rehash(std::size_t slot_count);
  std::size_t probe(std::string_view id, std::uint64_t h) const;
  void prefetch(std::uint64_t h) const;
  std::uint32_t place(std::uint32_t entry, std::uint64_t h);  // kAbsent or the existing entry

  std::string arena_;
  std::vector<std::uint64_t> offsets_;  // start in arena_ (40 bits) and length (24 bits)
  std::vector<Slot> slots_;
  std::size_t indexed_ = 0;
};

template <class IdAt>
void IdIndex::find_all(std::size_t count, IdAt id_at, std::uint32_t* out) const {
  if (slots_.empty()) {
    for (std::size_t i = 0; i < count; ++i) out[i] = kAbsent;
    return;
  }
  constexpr std::size_t kAhead = 12;
  std::vector<std::uint64_t> hashes(count);
  for (std::size_t i = 0; i < count; ++i) hashes[i] = hash(id_at(i));
  for (std::size_t i = 0; i < count; ++i) {
    if (i + kAhead < count) prefetch(hashes[i + kAhead]);
    std::size_t slot = probe(id_at(i), hashes[i]);
    out[i] = slots_[slot].entry == 0 ? kAbsent : slots_[slot].entry - 1;
  }
}

}  // namespace caqa
