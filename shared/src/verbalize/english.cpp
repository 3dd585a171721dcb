#include "caqa/verbalize/english.h"

#include <algorithm>
#include <array>
#include <cctype>

#include "caqa/text.h"

namespace caqa::verbalize {

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

std::string_view first_word(std::string_view s) {
  const auto end = s.find_first_of(" ,.;:");
  return s.substr(0, end);
}

}  // namespace

bool starts_with_vowel_sound(std::string_view word) {
  if (word.empty()) return false;
  // An acronym is read letter by letter: "an MBA", "an FBI agent", "a UN body".
  bool acronym = word.size() >= 2 && is_ascii_upper(word[0]) && std::none_of(word.begin(), word.end(), is_ascii_lower);
  if (acronym) return std::string_view("AEFHILMNORSX").find(word[0]) != std::string_view::npos;
  // Numbers: "an 8", "an 11", "an 18"; every other number starts with a consonant sound.
  if (word[0] >= '0' && word[0] <= '9') return word[0] == '8' || word == "11" || word == "18";
  const std::string w = lower(word);
  for (std::string_view silent_h : {"hour", "honest", "honor", "honour", "heir"})
    if (w.starts_with(silent_h)) return true;
  // A vowel letter read as a consonant: "a university", "a one", "a European", "a user".
  if (w.starts_with("uni") && w.size() > 3 && std::string_view("nmd").find(w[3]) == std::string_view::npos)
    return false;
  if (w == "one" || w == "once" || w.starts_with("one-")) return false;
  for (std::string_view yoo : {"eu", "ewe", "use", "usu", "uti", "uk", "ubiq"})
    if (w.starts_with(yoo)) return false;
  return std::string_view("aeiou").find(w[0]) != std::string_view::npos;
}

std::string_view indefinite_article(std::string_view phrase) {
  return starts_with_vowel_sound(first_word(phrase)) ? "an" : "a";
}

std::string with_article(std::string_view phrase) {
  return std::string(indefinite_article(phrase)) + " " + std::string(phrase);
}

std::string join_list(const std::vector<std::string>& items, std::string_view conjunction) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += i + 1 == items.size() ? " " + std::string(conjunction) + " " : std::string(", ");
    out += items[i];
  }
  return out;
}

std::string capitalized(std::string text) {
  if (!text.empty()) text[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  return text;
}

bool takes_the(std::string_view n) {
  // "the United States", "the University of Oxford", "the Netherlands", "the Czech Republic".
  // Asked for every name of every drafted citation: the prefixes only where the first
  // letter can start one, the inner " University of " only in a name long enough to hold it.
  constexpr std::string_view kInner = " University of ";
  if (const char first = n.empty() ? '\0' : n[0]; first == 'U' || first == 'R' || first == 'K' || first == 'D')
    for (std::string_view prefix : {"United ", "University of ", "Republic of ", "Kingdom of ", "Democratic Republic"})
      if (n.starts_with(prefix)) return true;
  if (n.size() >= kInner.size() && n.find(kInner) != std::string_view::npos) return true;
  for (std::string_view whole : {"Netherlands", "Philippines", "Bahamas", "Maldives", "Czech Republic",
                                 "Dominican Republic", "Central African Republic", "Gambia", "Vatican City"})
    if (n == whole) return true;
  return false;
}

std::string definite_name(std::string_view name) {
  return takes_the(name) ? "the " + std::string(name) : std::string(name);
}

std::string end_sentence(std::string text) {
  if (text.empty() || text.back() != '.') text += '.';
  return text;
}

std::string plural_noun(std::string_view noun) {
  if (noun.ends_with("person")) return std::string(noun.substr(0, noun.size() - 6)) + "people";
  std::string out(noun);
  auto ends_with = [&](std::string_view end) { return out.size() >= end.size() && out.ends_with(end); };
  bool consonant_y = out.size() >= 2 && out.back() == 'y' &&
                     std::string_view("aeiou").find(out[out.size() - 2]) == std::string_view::npos;
  if (consonant_y) return out.substr(0, out.size() - 1) + "ies";
  if (ends_with("s") || ends_with("x") || ends_with("ch") || ends_with("sh")) return out + "es";
  return out + "s";
}

std::string plural_noun_phrase(std::string_view phrase) {
  const std::size_t last = phrase.rfind(' ') == std::string_view::npos ? 0 : phrase.rfind(' ') + 1;
  return std::string(phrase.substr(0, last)) + plural_noun(phrase.substr(last));
}

bool is_past_participle(std::string_view word) {
  static constexpr std::string_view kIrregular[] = {"been", "won", "born", "written", "known",
                                                    "made", "set", "shot", "sung"};
  return (word.size() > 3 && word.ends_with("ed")) ||
         std::find(std::begin(kIrregular), std::end(kIrregular), word) != std::end(kIrregular);
}

// " worked as a songwriter" -> " worked as songwriters": a role taken by several.
std::string plural_role(std::string_view rest) {
  // Only in the predicate itself: a relative clause inside it (", who has worked as a
  // composer,") keeps its own number. The role ends at the predicate's end or an "and".
  const std::string_view own = rest.substr(0, rest.find(','));
  for (std::string_view as : {" as a ", " as an "}) {
    const std::size_t at = own.find(as);
    if (at == std::string_view::npos || at + as.size() >= own.size() || !is_ascii_lower(own[at + as.size()])) continue;
    const std::size_t begin = at + as.size();
    const std::size_t end = std::min(own.find(" and ", begin), own.size());
    return std::string(rest.substr(0, at)) + " as " + plural_noun_phrase(own.substr(begin, end - begin)) +
           std::string(rest.substr(end));
  }
  return std::string(rest);
}

std::string plural_predicate(std::string_view predicate) {
  const std::string_view verb = first_word(predicate);
  const std::string_view rest = predicate.substr(verb.size());
  // "is a city in X" -> "are cities in X": the article goes, the noun takes its plural
  // (a common noun only: "is a Drama film" is left to the "is" -> "are" below).
  if ((verb == "is" || verb == "was") && (rest.starts_with(" a ") || rest.starts_with(" an ")) &&
      is_ascii_lower(rest[rest.starts_with(" a ") ? 3 : 4])) {
    const std::string_view after = rest.substr(rest.starts_with(" a ") ? 3 : 4);
    const std::string_view noun = first_word(after);
    return std::string(verb == "is" ? "are " : "were ") + plural_noun(noun) + std::string(after.substr(noun.size()));
  }
  static constexpr std::array<std::pair<std::string_view, std::string_view>, 4> kIrregular = {
      {{"is", "are"}, {"was", "were"}, {"has", "have"}, {"does", "do"}}};
  for (const auto& entry : kIrregular)
    if (verb == entry.first) return std::string(entry.second) + plural_role(rest);
  // "belongs" -> "belong", "uses" -> "use"; "-sses", "-ches", "-shes", "-xes" drop "es".
  if (verb.size() > 3 && verb.back() == 's' && verb[verb.size() - 2] != 's' && verb[verb.size() - 2] != 'u') {
    const std::string_view stem = verb.substr(0, verb.size() - 1);
    if (stem.size() > 3 && stem.back() == 'e' &&
        (stem.substr(stem.size() - 3) == "sse" || stem.substr(stem.size() - 3) == "che" ||
         stem.substr(stem.size() - 3) == "she" || stem.substr(stem.size() - 2) == "xe"))
      return std::string(stem.substr(0, stem.size() - 1)) + plural_role(rest);
    return std::string(stem) + plural_role(rest);
  }
  return std::string(predicate);
}

std::string_view echo_auxiliary(std::string_view predicate, bool plural) {
  const std::string_view verb = first_word(predicate);
  if (verb == "is" || verb == "are") return plural ? "are" : "is";
  if (verb == "was" || verb == "were") return plural ? "were" : "was";
  if (verb == "has" || verb == "have") {
    // "has worked as" repeats as "has"; "has music by", a main verb, as "does".
    const std::string_view next = first_word(predicate.substr(std::min(predicate.size(), verb.size() + 1)));
    if (is_past_participle(next)) return plural ? "have" : "has";
    return plural ? "do" : "does";
  }
  if (verb.size() > 2 && verb.substr(verb.size() - 2) == "ed") return "did";
  // Irregular pasts the templates use.
  for (std::string_view past : {"won", "wrote", "made", "led", "sang", "took", "held", "became", "grew", "came", "had",
                                "was", "began", "went", "gave", "met", "saw"})
    if (verb == past) return "did";
  return plural ? "do" : "does";
}

std::string with_also(std::string_view predicate) {
  const std::string_view verb = first_word(predicate);
  // After an auxiliary or "is"/"was" ("is also"), before a main verb ("also comes").
  if (echo_auxiliary(predicate, false) == verb)
    return std::string(verb) + " also" + std::string(predicate.substr(verb.size()));
  return "also " + std::string(predicate);
}

std::string fronted_relative(std::string_view clause, bool person) {
  const std::size_t space = clause.rfind(' ');
  const std::string_view last = space == std::string_view::npos ? clause : clause.substr(space + 1);
  const std::string_view body = space == std::string_view::npos ? std::string_view() : clause.substr(0, space);
  // A place: "where" ("the University of Cambridge, where Eddie Redmayne was educated").
  if (!person && (last == "in" || last == "at")) return "where " + std::string(body);
  for (std::string_view preposition : {"of", "to", "by", "for", "with", "from"})
    if (last == preposition && !body.empty())
      return std::string(preposition) + (person ? " whom " : " which ") + std::string(body);
  return (person ? "who " : "which ") + std::string(clause);
}

bool shares_content_word(std::string_view a, std::string_view b) {
  static constexpr std::string_view kFunctionWords[] = {"with", "from",  "that",  "this",  "have", "been", "into",
                                                        "also", "which", "their", "where", "were", "what", "than"};
  auto words = [](std::string_view s) {
    std::vector<std::string_view> out;
    for (std::size_t i = 0; i < s.size();) {
      const std::size_t end = std::min(s.find_first_of(" ,.", i), s.size());
      const std::string_view w = s.substr(i, end - i);
      if (w.size() >= 4 &&
          std::find(std::begin(kFunctionWords), std::end(kFunctionWords), w) == std::end(kFunctionWords))
        out.push_back(w);
      i = end + 1;
    }
    return out;
  };
  const auto in_a = words(a), in_b = words(b);
  return std::any_of(in_a.begin(), in_a.end(),
                     [&](std::string_view w) { return std::find(in_b.begin(), in_b.end(), w) != in_b.end(); });
}

}  // namespace caqa::verbalize
