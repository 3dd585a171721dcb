// Every entity name of a KG, indexed so that the names a text mentions are found in one
// pass: a hash of token sequences (a token trie flattened into one table: each name's
// every prefix is a key, marked when it is a whole name), so a scan from each word
// extends only while some name still starts that way. Built once per build.
#pragma once

#include <cstddef>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "caqa/kg/graph.h"

namespace caqa::verbalize {

class EntityNameIndex {
 public:
  EntityNameIndex() = default;
  explicit EntityNameIndex(std::span<const std::string> names);
  // The names of every entity that has one (an entity known only by its key is left out:
  // keys are not text).
  explicit EntityNameIndex(const kg::KnowledgeGraph& kg);

  // A one-word name that is a stop word (caqa/text.h) is not indexed.
  void add(std::string_view name);

  // The names found in `text`, left to right, the longest at each position, none
  // overlapping. Matching is on words (caqa/text.h) and case-sensitive, so "comedy" in a
  // sentence is not the genre "Comedy". Each is returned as it is spelt in the text.
  std::vector<std::string_view> find(std::string_view text) const;

  std::size_t size() const { return names_; }

  // The index's form of a name: its words joined by one space.
  static std::string key(std::string_view name);

 private:
  std::unordered_map<std::string, bool> prefixes_;  // word-sequence prefix -> is a whole name
  std::size_t names_ = 0;
};

}  // namespace caqa::verbalize
