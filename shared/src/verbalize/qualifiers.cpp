#include "caqa/verbalize/qualifiers.h"

#include <cctype>

namespace caqa::verbalize {

namespace {

bool word_byte(char c) { return std::isalnum(static_cast<unsigned char>(c)) || static_cast<unsigned char>(c) >= 0x80; }

bool ends_sentence(std::string_view text, std::size_t i) {
  return std::string_view(".?!").find(text[i]) != std::string_view::npos &&
         (i + 1 == text.size() || text[i + 1] == ' ' || text[i + 1] == '[');
}

// The sentence of `text` around byte `at`: between sentence ends and passage markers
// ("[2]"). A period inside a name ("J. R. R. Tolkien") only shortens it, which keeps a
// qualifier.
std::string_view sentence_around(std::string_view text, std::size_t at, std::size_t& begin) {
  begin = 0;
  for (std::size_t i = at; i > 0; --i)
    if (text[i - 1] == '[' || (i >= 2 && text[i - 1] == ' ' && ends_sentence(text, i - 2))) {
      begin = i;
      break;
    }
  std::size_t end = text.size();
  for (std::size_t i = at; i < text.size(); ++i)
    if (text[i] == '[' || ends_sentence(text, i)) {
      end = i;
      break;
    }
  return text.substr(begin, end - begin);
}

bool whole_word_at(std::string_view text, std::size_t at, std::size_t size) {
  const std::size_t after = at + size;
  return (at == 0 || !word_byte(text[at - 1])) && (after == text.size() || !word_byte(text[after]));
}

// Whether `sentence` names `value` as a word outside parentheses, apart from the bytes
// [skip, skip + skip_size).
bool names_outside(std::string_view sentence, std::string_view value, std::size_t skip, std::size_t skip_size) {
  if (value.empty()) return false;
  for (std::size_t at = sentence.find(value); at != std::string_view::npos; at = sentence.find(value, at + 1))
    if ((at < skip || at >= skip + skip_size) && whole_word_at(sentence, at, value.size()) &&
        (at == 0 || sentence[at - 1] != '('))
      return true;
  return false;
}

}  // namespace

std::optional<std::pair<std::string_view, std::string_view>> split_qualified(std::string_view name) {
  const std::size_t open = name.rfind(" (");
  if (open == std::string_view::npos || !name.ends_with(')') || open + 3 > name.size() - 1) return std::nullopt;
  return std::pair{name.substr(0, open), name.substr(open + 2, name.size() - open - 3)};
}

bool told_in_a_sentence(std::string_view text, std::string_view plain, std::string_view value) {
  if (plain.empty()) return false;
  for (std::size_t at = text.find(plain); at != std::string_view::npos; at = text.find(plain, at + 1)) {
    if (!whole_word_at(text, at, plain.size()) || text.substr(at + plain.size()).starts_with(" (")) continue;
    std::size_t begin = 0;
    const std::string_view sentence = sentence_around(text, at, begin);
    if (names_outside(sentence, value, at - begin, plain.size())) return true;
  }
  return false;
}

std::string plain_where_told(std::string text, std::string_view qualified, std::string_view plain,
                             std::string_view value, bool namesake) {
  for (std::size_t at = text.find(qualified); at != std::string::npos; at = text.find(qualified, at + 1)) {
    std::size_t begin = 0;
    const std::string_view sentence = sentence_around(text, at, begin);
    if (!names_outside(sentence, value, at - begin, qualified.size())) continue;
    if (namesake && sentence.find(plain) != sentence.rfind(plain)) continue;
    text.replace(at, qualified.size(), plain);
  }
  return text;
}

std::string in_writers_form(std::string text, std::string_view qualified, std::string_view written,
                            std::string_view lead) {
  for (std::size_t at = text.find(qualified); at != std::string::npos; at = text.find(qualified, at)) {
    std::size_t begin = at;
    if (!lead.empty() && at >= lead.size()) {
      const std::string_view before = std::string_view(text).substr(at - lead.size(), lead.size());
      const bool same = before.substr(1) == lead.substr(1) &&
                        std::tolower(static_cast<unsigned char>(before[0])) == lead[0] &&
                        (at == lead.size() || !word_byte(text[at - lead.size() - 1]));
      if (same) begin = at - lead.size();
    }
    // A sentence starts at the text's start, after a passage marker or after a sentence's end.
    std::size_t k = begin;
    while (k > 0 && text[k - 1] == ' ') --k;
    const bool starts = k == 0 || text[k - 1] == ']' || ends_sentence(text, k - 1);
    std::string form(written);
    if (starts && !form.empty()) form[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(form[0])));
    text.replace(begin, at + qualified.size() - begin, form);
    at = begin + form.size();
  }
  return text;
}

std::size_t restated_qualifiers(std::string_view text) {
  std::size_t found = 0;
  for (std::size_t open = text.find(" ("); open != std::string_view::npos; open = text.find(" (", open + 1)) {
    const std::size_t close = text.find(')', open);
    if (close == std::string_view::npos) break;
    std::size_t begin = 0;
    const std::string_view sentence = sentence_around(text, open, begin);
    if (names_outside(sentence, text.substr(open + 2, close - open - 2), open - begin, close + 1 - open)) ++found;
  }
  return found;
}

}  // namespace caqa::verbalize
