#include "tokens.h"

#include "caqa/text.h"

namespace caqa::baseline::detail {

std::vector<Token> tokenize(std::string_view text) {
  const std::vector<WordRange> ranges = word_ranges(text);
  std::vector<Token> out;
  out.reserve(ranges.size());
  for (const WordRange& r : ranges) {
    if (is_citation_marker(text, r)) continue;
    Token& t = out.emplace_back();
    t.text = text.substr(r.begin, r.end - r.begin);
    t.lower.assign(t.text);
    ascii_lower_in_place(t.lower);
    t.stop = is_stop_word(t.lower);
    unsigned char first = static_cast<unsigned char>(t.text[0]);
    bool capital = (first >= 'A' && first <= 'Z') || (first >= '0' && first <= '9') || first >= 0x80;
    t.entity = capital && !t.stop;
  }
  return out;
}

}  // namespace caqa::baseline::detail
