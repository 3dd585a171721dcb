#include "caqa/words.h"

namespace caqa {

namespace {
bool word_byte(unsigned char c) {
  return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c >= 0x80;
}
}  // namespace

std::vector<WordRange> word_ranges(std::string_view text) {
  std::vector<WordRange> out;
  std::size_t i = 0, n = text.size();
  while (i < n) {
    while (i < n && !word_byte(static_cast<unsigned char>(text[i]))) ++i;
    std::size_t start = i;
    while (i < n && word_byte(static_cast<unsigned char>(text[i]))) ++i;
    if (i > start) out.push_back({start, i});
  }
  return out;
}

std::string ascii_lower(std::string_view text) {
  std::string out(text);
  for (char& c : out)
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  return out;
}

}  // namespace caqa
