#include "caqa/verbalize/entity_name_index.h"

#include "caqa/text.h"

namespace caqa::verbalize {

EntityNameIndex::EntityNameIndex(std::span<const std::string> names) {
  for (const std::string& name : names) add(name);
}

EntityNameIndex::EntityNameIndex(const kg::KnowledgeGraph& kg) {
  for (kg::EntityId e = 0; e < kg.entity_count(); ++e)
    if (kg.has_name(e)) add(kg.entity_name(e));
}

std::string EntityNameIndex::key(std::string_view name) {
  std::string out;
  for (const WordRange& w : word_ranges(name)) {
    if (!out.empty()) out += ' ';
    out.append(name.substr(w.begin, w.end - w.begin));
  }
  return out;
}

void EntityNameIndex::add(std::string_view name) {
  std::string prefix;
  std::vector<WordRange> words = word_ranges(name);
  // A one-word name that is a function word (the films "Her", "It", "Up") is left out: it
  // would be found in every sentence.
  if (words.empty() ||
      (words.size() == 1 && is_stop_word(ascii_lower(name.substr(words[0].begin, words[0].end - words[0].begin)))))
    return;
  for (const WordRange& w : words) {
    if (!prefix.empty()) prefix += ' ';
    prefix.append(name.substr(w.begin, w.end - w.begin));
    prefixes_.try_emplace(prefix, false);
  }
  bool& whole = prefixes_[prefix];
  if (!whole) ++names_;
  whole = true;
}

std::vector<std::string_view> EntityNameIndex::find(std::string_view text) const {
  std::vector<std::string_view> found;
  std::vector<WordRange> words = word_ranges(text);
  std::string prefix;
  for (std::size_t k = 0; k < words.size();) {
    prefix.clear();
    std::size_t longest = 0;  // words in the longest name starting at k
    for (std::size_t j = k; j < words.size(); ++j) {
      if (j > k) prefix += ' ';
      prefix.append(text.substr(words[j].begin, words[j].end - words[j].begin));
      auto it = prefixes_.find(prefix);
      if (it == prefixes_.end()) break;
      if (it->second) longest = j - k + 1;
    }
    if (longest == 0) {
      ++k;
      continue;
    }
    found.push_back(text.substr(words[k].begin, words[k + longest - 1].end - words[k].begin));
    k += longest;
  }
  return found;
}

}  // namespace caqa::verbalize
