#include "tokens.h"

#include "caqa/text.h"

namespace caqa::baseline::detail {

std::vector<Token> tokenize(std::string_view text) {
  std::vector<Token> out;
  for (const WordRange& r : word_ranges(text)) {
    if (is_citation_marker(text, r)) continue;
    Token t;
    t.text = text.substr(r.begin, r.end - r.begin);
    t.lower = ascii_lower(t.text);
    t.stop = is_stop_word(t.lower);
    unsigned char first = static_cast<unsigned char>(t.text[0]);
    bool capital = (first >= 'A' && first <= 'Z') || (first >= '0' && first <= '9') || first >= 0x80;
    t.entity = capital && !t.stop;
    out.push_back(std::move(t));
  }
  return out;
}

}  // namespace caqa::baseline::detail
