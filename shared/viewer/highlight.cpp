#include "caqa/viewer/highlight.h"

#include "caqa/text.h"

#include <algorithm>
#include <unordered_set>

namespace caqa::viewer {

// The explorer ignores the same stop words as the baselines (caqa/text.h).
bool is_stop_word(std::string_view w) { return caqa::is_stop_word(w); }

std::vector<WordSpan> tokenize(std::string_view text) {
  std::vector<WordSpan> out;
  for (const WordRange& r : word_ranges(text))
    out.push_back(WordSpan{{r.begin, r.end}, ascii_lower(text.substr(r.begin, r.end - r.begin))});
  return out;
}

SharedWords shared_words(std::string_view a, std::string_view b) {
  auto ta = tokenize(a), tb = tokenize(b);
  auto keep = [](const WordSpan& w) { return w.word.size() > 1 && !is_stop_word(w.word); };
  std::unordered_set<std::string> in_a, in_b;
  for (const auto& w : ta)
    if (keep(w)) in_a.insert(w.word);
  for (const auto& w : tb)
    if (keep(w)) in_b.insert(w.word);
  SharedWords out;
  for (const auto& w : in_a)
    if (in_b.count(w)) out.words.push_back(w);
  std::sort(out.words.begin(), out.words.end());
  auto shared = [&](const WordSpan& w) { return std::binary_search(out.words.begin(), out.words.end(), w.word); };
  for (const auto& w : ta)
    if (shared(w)) out.in_a.push_back(w.span);
  for (const auto& w : tb)
    if (shared(w)) out.in_b.push_back(w.span);
  return out;
}

}  // namespace caqa::viewer
