// Sample ids interned in one arena, looked up through an open-addressing table.
// A JSON integer id is stored as its decimal text, so 5 and "5" are the same id.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace caqa {

class IdIndex {
 public:
  static constexpr std::uint32_t kAbsent = 0xffffffffu;

  void reserve(std::size_t count, std::size_t bytes);
  // Adds id as entry size(); returns kAbsent, or the existing entry when id is already there.
  std::uint32_t insert(std::string_view id);
  std::uint32_t find(std::string_view id) const;
  std::string_view id(std::uint32_t entry) const;
  std::size_t size() const { return offsets_.size(); }

 private:
  void grow();
  std::size_t slot_of(std::string_view id, std::uint64_t hash) const;

  std::string arena_;
  std::vector<std::uint64_t> offsets_;  // start in arena_ (40 bits) and length (24 bits)
  std::vector<std::uint32_t> slots_;    // entry + 1, 0 = empty
  std::vector<std::uint32_t> tags_;     // upper hash bits per slot, to skip string compares
};

}  // namespace caqa
