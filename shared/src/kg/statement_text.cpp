// The English of answer statements (statement_text.h).
#include "statement_text.h"

#include <algorithm>
#include <cctype>

#include "caqa/verbalize/english.h"

namespace caqa::kg {

using verbalize::RelationPhrasing;
using verbalize::Slot;

std::string tidy(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (char c : s) {
    if (c == ',' && !out.empty() && (out.back() == ',' || out.ends_with(", "))) {
      while (out.back() == ' ') out.pop_back();
      continue;
    }
    out.push_back(c);
  }
  while (!out.empty() && (out.back() == ',' || out.back() == ' ')) out.pop_back();
  return out;
}

std::string sentence_without_stop(const RelationPhrasing& phrasing, const std::string& head, const std::string& tail) {
  std::string s = phrasing.sentence(0, head, tail);
  const bool name_ends_it = (head.ends_with('.') && s.ends_with(head)) || (tail.ends_with('.') && s.ends_with(tail));
  if (!name_ends_it && s.ends_with('.')) s.pop_back();
  return s;
}

void append_sentence(std::string& out, const std::string& sentence) {
  if (sentence.empty() || (!out.empty() && out.find(verbalize::capitalized(sentence)) != std::string::npos)) return;
  if (!out.empty()) out += out.ends_with('.') ? " " : ". ";
  out += out.empty() ? sentence : verbalize::capitalized(sentence);
}

std::string fill_list(std::string text, const std::vector<std::string>& names) {
  const std::size_t gap = text.find(kListGap);
  if (gap == std::string::npos) return text;
  const bool quoted = gap > 0 && gap + 1 < text.size() && text[gap - 1] == '"' && text[gap + 1] == '"';
  std::vector<std::string> said = names;
  std::size_t from = quoted ? gap - 1 : gap, to = quoted ? gap + 2 : gap + 1;
  // "has worked as {a tail}": each name takes its own article ("an actor and a singer").
  std::size_t article = 0;
  if (from >= 3 && text.compare(from - 3, 3, "an ") == 0 && (from == 3 || text[from - 4] == ' '))
    article = 3;
  else if (from >= 2 && text.compare(from - 2, 2, "a ") == 0 && (from == 2 || text[from - 3] == ' '))
    article = 2;
  if (article > 0) {
    from -= article;
    for (auto& n : said) n = verbalize::with_article(n);
  }
  if (quoted)
    for (auto& n : said) n = "\"" + n + "\"";
  // "had A and B as members", not "as a member".
  if (names.size() > 1 && !quoted) {
    const std::string_view rest = std::string_view(text).substr(to);
    if (rest.starts_with(" as a ") || rest.starts_with(" as an "))
      text = text.substr(0, to) + verbalize::plural_role(rest);
  }
  std::string list = verbalize::join_list(said);
  if (names.size() > 1 && !quoted && gap >= 4 && text.compare(gap - 4, 4, "the ") == 0 && to < text.size() &&
      text[to] == ' ') {
    const std::size_t noun_end = std::min(text.find_first_of(" .,", to + 1), text.size());
    const std::string noun = text.substr(to + 1, noun_end - to - 1);
    if (!noun.empty() && std::islower(static_cast<unsigned char>(noun[0]))) {
      list += " " + verbalize::plural_noun(noun);
      to = noun_end;
    }
  }
  return text.replace(from, to - from, list);
}

std::string predicate_of_all(const RelationPhrasing& phrasing, Slot about, const std::vector<std::string>& objects) {
  if (objects.size() == 1) return phrasing.predicate_about(about, objects.front());
  return fill_list(phrasing.predicate_about(about, kListGap), objects);
}

std::string list_sentence(const RelationPhrasing& phrasing, Slot list_slot, const std::vector<std::string>& names,
                          const std::vector<std::string>& others) {
  const std::string other = fill_list(std::string(kListGap), others);
  if (phrasing.subject(0) == list_slot) {
    const std::string pred =
        others.size() > 1 ? fill_list(phrasing.predicate(0, kListGap), others) : phrasing.predicate(0, other);
    return fill_list(std::string(kListGap), names) + " " +
           (names.size() > 1 ? verbalize::plural_predicate(pred) : pred);
  }
  const std::string gap(kListGap);
  return fill_list(
      sentence_without_stop(phrasing, list_slot == Slot::Head ? gap : other, list_slot == Slot::Tail ? gap : other),
      names);
}

}  // namespace caqa::kg
