#include "caqa/kg/query_templates.h"

#include <cctype>
#include <vector>

namespace caqa::kg {

namespace {

constexpr std::size_t kPhraseColumns = 6;

std::vector<std::string_view> split_tabs(std::string_view text) {
  std::vector<std::string_view> out;
  for (std::size_t start = 0;;) {
    std::size_t tab = text.find('\t', start);
    out.push_back(text.substr(start, tab == std::string_view::npos ? std::string_view::npos : tab - start));
    if (tab == std::string_view::npos) return out;
    start = tab + 1;
  }
}

std::string phrase(std::string_view column) { return column == "-" ? std::string() : std::string(column); }

void replace_all(std::string& text, std::string_view from, std::string_view to) {
  for (std::size_t at = text.find(from); at != std::string::npos; at = text.find(from, at + to.size()))
    text.replace(at, from.size(), to);
}

}  // namespace

QueryTemplates QueryTemplates::parse(const TextSource& source, ProblemCounts& problems) {
  QueryTemplates out;
  for (auto& [key, rest] : read_two_column_table(source, problems)) {
    if (key == "the") {
      out.definite_names_.insert(rest);
      continue;
    }
    auto columns = split_tabs(rest);
    if (columns.size() != kPhraseColumns) {
      problems.add("query template line without relation and six phrases", source.name, key);
      continue;
    }
    RelationPhrases& p = out.relations_[key];
    for (Side side : {Side::Tail, Side::Head}) {
      auto i = static_cast<std::size_t>(side);
      p.question[i] = phrase(columns[i]);
      p.noun_phrase[i] = phrase(columns[2 + i]);
      p.clause[i] = phrase(columns[4 + i]);
    }
  }
  return out;
}

const RelationPhrases* QueryTemplates::find(std::string_view relation) const {
  auto it = relations_.find(std::string(relation));
  return it == relations_.end() ? nullptr : &it->second;
}

std::string QueryTemplates::mention(std::string_view name) const {
  return definite_names_.contains(name) ? "the " + std::string(name) : std::string(name);
}

std::string_view indefinite_article(std::string_view word) {
  // Spelled with a vowel but said with a consonant ("a university", "a European").
  for (std::string_view prefix : {"uni", "use", "eu", "one"})
    if (word.size() >= prefix.size() && word.substr(0, prefix.size()) == prefix) return "a";
  bool vowel = !word.empty() && std::string_view("aeiouAEIOU").find(word[0]) != std::string_view::npos;
  return vowel ? "an" : "a";
}

std::optional<std::string> fill(std::string_view phrase, std::string_view x, bool noun_phrase, bool plural) {
  if (phrase.empty()) return std::nullopt;
  std::string out(phrase);
  if (out.find("{a x}") != std::string::npos) {
    if (noun_phrase) return std::nullopt;
    replace_all(out, "{a x}", std::string(indefinite_article(x)) + " {x}");
  }
  // "{a citizen}", "{the birthplace}": a noun that agrees with the subject ("a citizen",
  // "citizens"; "the birthplace", "the birthplaces").
  for (std::string_view article : {"a", "the"}) {
    const std::string open = "{" + std::string(article) + " ";
    for (std::size_t at = out.find(open); at != std::string::npos; at = out.find(open, at)) {
      const std::size_t end = out.find('}', at);
      if (end == std::string::npos) break;
      const std::string noun = out.substr(at + open.size(), end - at - open.size());
      const std::string agreed = article == "the" ? (plural ? "the " + plural_noun(noun) : "the " + noun)
                                 : plural         ? plural_noun(noun)
                                                  : std::string(indefinite_article(noun)) + " " + noun;
      out.replace(at, end - at + 1, agreed);
      at += agreed.size();
    }
  }
  if (noun_phrase) replace_all(out, " the {x}", " {x}");
  replace_all(out, "{be}", plural ? "were" : "was");
  replace_all(out, "{is}", plural ? "are" : "is");
  replace_all(out, "{has}", plural ? "have" : "has");
  replace_all(out, "{s}", plural ? "" : "s");
  replace_all(out, "{x}", x);
  return out;
}

}  // namespace caqa::kg
