// Sample ids interned in one arena, looked up through an open-addressing table.
// A JSON integer id is stored as its decimal text, so 5 and "5" are the same id.
//
// Bulk paths (append + build, find_all) probe a table of millions of ids, each probe a
// likely cache miss, in one of two orders (BulkOrder):
//  - Prefetched (native default): batch order, each slot prefetched a few ids ahead, so
//    the misses overlap;
//  - SlotStretches (WebAssembly default, which has no prefetch instruction): the ids'
//    hashes grouped by the stretch of the table their slot falls in (a counting sort),
//    so each stretch is read while cached. Natively the grouping costs more than
//    prefetching saves (bench/run_wasm_bench.sh measures the WebAssembly side).
// find_all then compares each id's bytes once, with the one entry whose hash tag matches:
// Prefetched prefetches that entry's bytes a few ids ahead; SlotStretches loads, eight ids
// at a time, their entries' offsets, then a byte of each entry, so that the misses overlap
// (a load's miss holds up the loads behind it only as far as the processor looks ahead).
// Both orders give the same results.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "caqa/same_bytes.h"

namespace caqa {

class IdIndex {
 public:
  static constexpr std::uint32_t kAbsent = 0xffffffffu;
  enum class BulkOrder { Prefetched, SlotStretches };
#if defined(__wasm__)
  static constexpr BulkOrder kDefaultBulkOrder = BulkOrder::SlotStretches;
#else
  static constexpr BulkOrder kDefaultBulkOrder = BulkOrder::Prefetched;
#endif
  // The order of build() and find_all() (tests run both natively).
  void set_bulk_order(BulkOrder order) { bulk_order_ = order; }

  // Adds id as entry size() and indexes it; returns kAbsent, or the existing entry
  // when the id is already there (nothing is added then).
  std::uint32_t insert(std::string_view id);
  // Adds id as entry size() without indexing it; call build() after the last one.
  std::uint32_t append(std::string_view id);
  // An appended entry whose id an earlier entry has: it stays in the arena, not indexed.
  struct Repeat {
    std::uint32_t entry;
    std::uint32_t first;  // the earlier entry, the one indexed
    bool operator==(const Repeat&) const = default;
  };
  // Indexes every appended entry; returns the repeats among them, in entry order.
  std::vector<Repeat> build();

  std::uint32_t find(std::string_view id) const;
  // out[i] = find(id_at(i)) for i < count.
  template <class IdAt>
  void find_all(std::size_t count, IdAt id_at, std::uint32_t* out) const;

  std::string_view id(std::uint32_t entry) const;
  std::size_t size() const { return offsets_.size(); }
  // Room for count appended ids of bytes in all (build() sizes the table).
  void reserve(std::size_t count, std::size_t bytes);
  std::size_t memory_bytes() const {
    return arena_.capacity() + offsets_.capacity() * sizeof(std::uint64_t) + slots_.capacity() * sizeof(Slot);
  }

 private:
  struct Slot {
    std::uint32_t tag = 0;    // upper hash bits, to skip most string compares
    std::uint32_t entry = 0;  // entry + 1, 0 = empty
  };
  struct Keyed {
    std::uint64_t hash;
    std::uint32_t position;  // in the batch whose hashes were grouped
  };
  // Slots per stretch of the table (32 KiB), and the table size from which SlotStretches
  // applies (a smaller table stays cached in any order).
  static constexpr unsigned kStretchBits = 12;
  static constexpr std::size_t kAhead = 16;  // ids between a prefetch and its use (Prefetched)
  static constexpr std::size_t kGroupFromSlots = std::size_t{1} << 17;
  bool groups_by_stretch() const { return bulk_order_ == BulkOrder::SlotStretches && slots_.size() >= kGroupFromSlots; }
  // The batch's hashes with their positions, in the order of their slots' stretches
  // (positions ascending within a stretch).
  std::vector<Keyed> by_stretch(const std::uint64_t* hashes, std::size_t count) const;
  // visit(i, hash_at(i)) for every i < count, in the bulk order: grouped by stretch, or
  // in batch order with each slot prefetched a few ids ahead. build and find_all probe so.
  template <class HashAt, class Visit>
  void for_each_hash(std::size_t count, HashAt hash_at, Visit visit) const;
  static std::uint64_t hash(std::string_view id);
  void rehash(std::size_t slot_count);
  // The slot of the entry whose hash is h and that is_id(entry) accepts, or the empty
  // slot where it would go. is_id runs only on a tag match: an entry's bytes are read then.
  template <class IsId>
  std::size_t probe(std::uint64_t h, IsId is_id) const;
  std::size_t probe(std::string_view id, std::uint64_t h) const;
  // The first entry whose slot carries h's tag, kAbsent when none: the id, if present.
  std::uint32_t candidate(std::uint64_t h) const;
  // out[i] = find(id_at(i)), given the candidates in out: SlotStretches' compare.
  template <class IdAt>
  void confirm_in_blocks(std::size_t count, IdAt id_at, std::uint32_t* out) const;
  static void prefetch_address(const void* address);
  void prefetch(std::uint64_t h) const;
  void prefetch_offset(std::uint32_t entry) const;  // kAbsent: nothing
  void prefetch_bytes(std::uint32_t entry) const;
  std::uint32_t place(std::uint32_t entry, std::uint64_t h);  // kAbsent or the existing entry

  static constexpr std::uint64_t kLengthBits = 24;  // offsets_: start << kLengthBits | length
  static constexpr std::uint64_t kLengthMask = (std::uint64_t{1} << kLengthBits) - 1;
  std::string arena_;
  std::vector<std::uint64_t> offsets_;  // start in arena_ (40 bits) and length (kLengthBits)
  std::vector<Slot> slots_;
  std::size_t indexed_ = 0;
  BulkOrder bulk_order_ = kDefaultBulkOrder;
};

// Inline: find_all calls these for every id.
inline void IdIndex::prefetch_address([[maybe_unused]] const void* address) {
#if defined(__wasm__)
  // No prefetch instruction: a load whose value nothing waits for starts the miss early.
  static_cast<void>(*static_cast<const volatile char*>(address));
#elif defined(__GNUC__) || defined(__clang__)
  __builtin_prefetch(address);
#endif
}

inline void IdIndex::prefetch(std::uint64_t h) const { prefetch_address(&slots_[h & (slots_.size() - 1)]); }

inline void IdIndex::prefetch_offset(std::uint32_t entry) const {
  if (entry != kAbsent) prefetch_address(&offsets_[entry]);
}

inline void IdIndex::prefetch_bytes(std::uint32_t entry) const {
  if (entry != kAbsent) prefetch_address(arena_.data() + (offsets_[entry] >> kLengthBits));
}

inline std::string_view IdIndex::id(std::uint32_t entry) const {
  std::uint64_t o = offsets_[entry];
  return std::string_view(arena_.data() + (o >> kLengthBits), o & kLengthMask);
}

template <class IsId>
std::size_t IdIndex::probe(std::uint64_t h, IsId is_id) const {
  std::size_t mask = slots_.size() - 1, slot = h & mask;
  auto tag = static_cast<std::uint32_t>(h >> 32);
  while (slots_[slot].entry != 0) {
    if (slots_[slot].tag == tag && is_id(slots_[slot].entry - 1)) return slot;
    slot = (slot + 1) & mask;
  }
  return slot;
}

inline std::uint32_t IdIndex::candidate(std::uint64_t h) const {
  // An empty slot's entry, 0, less one is kAbsent.
  return slots_[probe(h, [](std::uint32_t) { return true; })].entry - 1;
}

template <class HashAt, class Visit>
void IdIndex::for_each_hash(std::size_t count, HashAt hash_at, Visit visit) const {
  if (groups_by_stretch()) {
    std::vector<std::uint64_t> hashes(count);
    for (std::size_t i = 0; i < count; ++i) hashes[i] = hash_at(i);
    for (const Keyed& k : by_stretch(hashes.data(), count)) visit(k.position, k.hash);
    return;
  }
  std::uint64_t ahead[kAhead];
  for (std::size_t i = 0; i < count && i < kAhead; ++i) prefetch(ahead[i] = hash_at(i));
  for (std::size_t i = 0; i < count; ++i) {
    std::uint64_t h = ahead[i % kAhead];
    if (i + kAhead < count) prefetch(ahead[i % kAhead] = hash_at(i + kAhead));
    visit(i, h);
  }
}

template <class IdAt>
void IdIndex::find_all(std::size_t count, IdAt id_at, std::uint32_t* out) const {
  if (slots_.empty()) {
    for (std::size_t i = 0; i < count; ++i) out[i] = kAbsent;
    return;
  }
  // The table: each id's candidate, the first entry whose slot carries its hash's tag.
  for_each_hash(
      count, [&](std::size_t i) { return hash(id_at(i)); },
      [&](std::size_t i, std::uint64_t h) { out[i] = candidate(h); });
  if (groups_by_stretch()) return confirm_in_blocks(count, id_at, out);
  // The arena: an entry's offset 2 * kAhead ids ahead, its bytes kAhead ahead, then the compare.
  for (std::size_t i = 0; i < count; ++i) {
    if (i + 2 * kAhead < count) prefetch_offset(out[i + 2 * kAhead]);
    if (i + kAhead < count) prefetch_bytes(out[i + kAhead]);
    std::string_view s = id_at(i);
    if (out[i] != kAbsent && !same_bytes(id(out[i]), s)) out[i] = find(s);  // two ids with one tag: rare
  }
}

template <class IdAt>
void IdIndex::confirm_in_blocks(std::size_t count, IdAt id_at, std::uint32_t* out) const {
  constexpr std::size_t kBlock = 8;
  for (std::size_t b = 0; b < count; b += kBlock) {
    std::size_t n = count - b < kBlock ? count - b : kBlock;
    std::uint64_t at[kBlock];  // offsets_ of the candidates (0 for none: arena_[0] is readable)
    for (std::size_t k = 0; k < n; ++k) at[k] = out[b + k] == kAbsent ? 0 : offsets_[out[b + k]];
    char lead[kBlock];  // each candidate's first byte, loaded before any compare
    for (std::size_t k = 0; k < n; ++k) lead[k] = arena_[at[k] >> kLengthBits];
    for (std::size_t k = 0; k < n; ++k) {
      if (out[b + k] == kAbsent) continue;
      std::string_view s = id_at(b + k);
      std::string_view candidate_id(arena_.data() + (at[k] >> kLengthBits), at[k] & kLengthMask);
      if (s.empty() || lead[k] != s.front() || !same_bytes(candidate_id, s))
        out[b + k] = find(s);  // two ids with one tag: rare
    }
  }
}
}  // namespace caqa
