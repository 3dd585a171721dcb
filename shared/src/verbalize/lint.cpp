#include "caqa/verbalize/lint.h"

#include <algorithm>
#include <numeric>

#include "caqa/text.h"
#include "caqa/verbalize/english.h"
#include "caqa/verbalize/qualifiers.h"

namespace caqa::verbalize {

namespace {

bool is_alnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
         static_cast<unsigned char>(c) >= 0x80;
}

// Whole-word occurrences of `needle` in `haystack`, both already lower-cased.
std::size_t count_words(std::string_view haystack, std::string_view needle) {
  std::size_t n = 0;
  for (std::size_t at = haystack.find(needle); at != std::string_view::npos; at = haystack.find(needle, at + 1)) {
    bool left = at == 0 || !is_alnum(haystack[at - 1]);
    bool right = at + needle.size() == haystack.size() || !is_alnum(haystack[at + needle.size()]);
    if (left && right) ++n;
  }
  return n;
}

// Equal once A-Z are folded (`b` lower-cased already, or both as written).
bool same_lower(std::string_view a, std::string_view b) {
  return a.size() == b.size() &&
         std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) { return ascii_lower(x) == ascii_lower(y); });
}

bool only_spaces(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return c == ' ' || c == '\t' || c == '\n'; });
}

// Abbreviations whose period does not end a sentence ("U.S. films", "St. Louis").
bool is_abbreviation(std::string_view word) {
  static constexpr std::string_view kAbbreviations[] = {"vs", "etc", "mr",  "mrs", "ms", "dr",  "st", "jr",
                                                        "sr", "inc", "ltd", "co",  "no", "vol", "mt", "bros"};
  if (word.size() == 1) return true;  // an initial
  std::string lower = ascii_lower(word);
  return std::find(std::begin(kAbbreviations), std::end(kAbbreviations), lower) != std::end(kAbbreviations);
}

bool ends_with_name(std::string_view text, std::span<const std::string> names) {
  return std::any_of(names.begin(), names.end(), [&](const std::string& name) {
    return !name.empty() && text.size() >= name.size() && text.substr(text.size() - name.size()) == name;
  });
}

// Whether position `at` of `text` lies inside a name ("With Love... from the Age of Reason").
bool inside_name(std::string_view text, std::size_t at, std::span<const std::string> names) {
  return std::any_of(names.begin(), names.end(), [&](const std::string& name) {
    if (name.empty()) return false;
    for (auto from = text.find(name); from != std::string_view::npos; from = text.find(name, from + 1))
      if (from <= at && at < from + name.size()) return true;
    return false;
  });
}

// Whether word k starts a sentence: the first word, or the first after ". " (a citation's
// "[1]" marker is not a word of the sentence). A stop that ends a name ("Mamma Mia!",
// "Warner Bros.") or sits inside a quotation ("is "Who?" and") ends no sentence.
std::vector<bool> sentence_starts(std::string_view text, const std::vector<WordRange>& words,
                                  std::span<const std::string> names) {
  std::vector<bool> starts(words.size(), false);
  bool next_starts = true;
  for (std::size_t k = 0; k < words.size(); ++k) {
    const WordRange& w = words[k];
    std::string_view before = text.substr(k == 0 ? 0 : words[k - 1].end, w.begin - (k == 0 ? 0 : words[k - 1].end));
    bool marker = w.begin > 0 && text[w.begin - 1] == '[' && w.end < text.size() && text[w.end] == ']';
    if (k > 0 && !marker) {
      std::size_t stop = before.find_first_of(".!?");
      // A stop inside a quotation ("... is "Who?" and") does not end the sentence around it.
      bool continues = stop != std::string_view::npos && stop + 1 < before.size() && before[stop + 1] == '"';
      // "After... came out": the stops end a name, not the sentence.
      const std::size_t last_stop = before.find_last_of(".!?");
      if (stop != std::string_view::npos && (ends_with_name(text.substr(0, words[k - 1].end + last_stop + 1), names) ||
                                             inside_name(text, words[k - 1].end + stop, names)))
        continues = true;
      if (stop != std::string_view::npos && !continues && before.find_first_of(" \n", stop) != std::string_view::npos) {
        std::string_view previous = text.substr(words[k - 1].begin, words[k - 1].end - words[k - 1].begin);
        if (stop > 0 || before[0] != '.' || !is_abbreviation(previous)) next_starts = true;
      }
    }
    if (marker) continue;
    // "$ is in German": a sentence may open with a name of symbols, which is no word here.
    const std::size_t opened = before.find_last_of(".!?");
    const std::string_view lead = opened == std::string_view::npos ? before : before.substr(opened + 1);
    if (next_starts && lead.find_first_not_of(" \n\"'[]0123456789") != std::string_view::npos) next_starts = false;
    starts[k] = next_starts;
    next_starts = false;
  }
  return starts;
}

bool starts_with_name(std::string_view rest, std::span<const std::string> names) {
  return std::any_of(names.begin(), names.end(),
                     [&](const std::string& name) { return !name.empty() && rest.starts_with(name); });
}

}  // namespace

std::string_view lint_rule_name(LintRule rule) {
  switch (rule) {
    case LintRule::TemplateResidue: return "template_residue";
    case LintRule::EntitySuchThat: return "entity_such_that";
    case LintRule::DoubledWord: return "doubled_word";
    case LintRule::ArticleSound: return "a_an";
    case LintRule::LowercaseStart: return "lowercase_start";
    case LintRule::ItsApostrophe: return "its_apostrophe";
    case LintRule::MissingEntity: return "missing_entity";
    case LintRule::GivenThat: return "given_that";
    case LintRule::StackedRelative: return "stacked_relative";
    case LintRule::ExtraposedRelative: return "extraposed_relative";
    case LintRule::RepeatedNoun: return "repeated_noun";
    case LintRule::AmbiguousEcho: return "ambiguous_echo";
    case LintRule::MissingClaim: return "missing_claim";
    case LintRule::MissingQualifier: return "missing_qualifier";
    case LintRule::TypeWord: return "type_word";
    case LintRule::DanglingArticle: return "dangling_article";
    case LintRule::QuotedClause: return "quoted_clause";
    case LintRule::PluralSingular: return "plural_singular";
    case LintRule::TwoClauses: return "two_clauses";
    case LintRule::RestatedQualifier: return "restated_qualifier";
  }
  return "template_residue";
}

std::string_view lint_rule_description(LintRule rule) {
  switch (rule) {
    case LintRule::TemplateResidue: return "'{' or '}' left by a template";
    case LintRule::EntitySuchThat: return "\"the entity such that\"";
    case LintRule::DoubledWord: return "a word repeated (\"the the\")";
    case LintRule::ArticleSound: return "\"a\" before a vowel sound or \"an\" before a consonant sound";
    case LintRule::LowercaseStart: return "a sentence starting lower-case";
    case LintRule::ItsApostrophe: return "\"it's\" (written for \"its\")";
    case LintRule::MissingEntity: return "a name of the sample's triples absent from its citation";
    case LintRule::GivenThat: return "\"given that\" with a clause not about the answer";
    case LintRule::StackedRelative: return "a restrictive relative clause on another (\"that ... that\")";
    case LintRule::ExtraposedRelative: return "a relative clause after a question's verb, on no noun";
    case LintRule::RepeatedNoun: return "\"the X of the X\"";
    case LintRule::AmbiguousEcho: return "\", as is\" after a predicate ending in a particle";
    case LintRule::MissingClaim: return "a name of the answer's facts absent from the answer statement";
    case LintRule::MissingQualifier: return "a shared name without what tells it apart";
    case LintRule::TypeWord: return "\"Which <noun>\" not the answers' type";
    case LintRule::DanglingArticle: return "an article with no noun after it (\"won the.\")";
    case LintRule::QuotedClause: return "a relative clause inside a quoted name";
    case LintRule::PluralSingular: return "a plural verb before a singular noun (\"work as an actor\")";
    case LintRule::TwoClauses: return "a second relative clause in one sentence (\", who ..., which\")";
    case LintRule::RestatedQualifier:
      return "a qualifier whose value its sentence names (\"Tripoli (Libya) ... Libya\")";
  }
  return "";
}

std::size_t LintCounts::total() const { return std::accumulate(by_rule.begin(), by_rule.end(), std::size_t{0}); }

LintCounts& LintCounts::operator+=(const LintCounts& other) {
  for (std::size_t i = 0; i < by_rule.size(); ++i) by_rule[i] += other.by_rule[i];
  return *this;
}

bool contains_name(std::string_view text, std::string_view name) {
  return name.empty() || count_words(ascii_lower(text), ascii_lower(name)) > 0;
}

namespace {

// The sample's names in `lower` as spaces, so that a title says nothing ("You Are the
// Apple of My Eye"); a name's last period stays, since it may end the sentence too ("...
// directed by Michael Landon Jr.").
void blank_names(std::string& lower, std::span<const std::string> names) {
  for (const std::string& name : names) {
    const std::string n = ascii_lower(name);
    if (n.empty()) continue;
    const std::size_t kept = n.back() == '.' ? 1 : 0;
    for (std::size_t at = lower.find(n); at != std::string::npos; at = lower.find(n, at + n.size()))
      std::fill(lower.begin() + static_cast<std::ptrdiff_t>(at),
                lower.begin() + static_cast<std::ptrdiff_t>(at + n.size() - kept), ' ');
  }
}

// PluralSingular: a plural verb before a singular noun phrase ("A and B work as an actor",
// "were the spouse of", "are a city in"), what agreement leaves when subjects share a
// predicate, and a list of names in a singular role ("had A and B as a member"). The
// sample's names are set aside ("You Are the Apple of My Eye").
std::size_t plural_singular(std::string lower, std::span<const std::string> names) {
  blank_names(lower, names);
  std::size_t found = 0;
  for (std::string_view phrase : {" work as a ", " work as an ", " have worked as a ", " have worked as an ", " are a ",
                                  " are an ", " were a ", " were an "})
    for (std::size_t at = lower.find(phrase); at != std::string::npos; at = lower.find(phrase, at + 1)) ++found;
  for (std::string_view phrase : {" are the ", " were the "})
    for (std::size_t at = lower.find(phrase); at != std::string::npos; at = lower.find(phrase, at + 1)) {
      const std::size_t noun = at + phrase.size();
      const std::size_t end = lower.find(' ', noun);
      if (end != std::string::npos && end > noun && lower[end - 1] != 's' && lower.compare(end, 4, " of ") == 0)
        ++found;
    }
  // "had A and B as a member": a list of names in a singular role (the names are blank here).
  for (std::string_view phrase : {" as a ", " as an "})
    for (std::size_t at = lower.find(phrase); at != std::string::npos; at = lower.find(phrase, at + 1)) {
      std::size_t k = at;
      while (k > 0 && lower[k - 1] == ' ') --k;
      if (at - k >= 2 && k >= 4 && lower.compare(k - 4, 4, " and") == 0) ++found;
    }
  return found;
}

void lint_clauses(std::string_view text, std::string_view lower, const std::vector<WordRange>& words,
                  std::span<const std::string> names, LintCounts& out);

// TwoClauses: sentences with a second ", who" / ", which" / ", whose" (one clause may hold
// several predicates: "who directed Jaws and was born in Cincinnati"). Names set aside.
std::size_t two_clauses(std::string lower, std::span<const std::string> names) {
  blank_names(lower, names);
  std::size_t found = 0, in_sentence = 0;
  for (std::size_t i = 0; i < lower.size(); ++i) {
    if (lower[i] == '[' ||
        ((lower[i] == '.' || lower[i] == '?' || lower[i] == '!') && (i + 1 == lower.size() || lower[i + 1] == ' '))) {
      in_sentence = 0;
      continue;
    }
    if (lower[i] != ',') continue;
    const std::string_view rest = std::string_view(lower).substr(i);
    if (rest.starts_with(", who ") || rest.starts_with(", which ") || rest.starts_with(", whose "))
      found += ++in_sentence == 2 ? 1 : 0;
  }
  return found;
}

// lint_text of `text`, whose lower-cased bytes are `lower`.
LintCounts lint_lowered(std::string_view text, std::string_view lower, std::span<const std::string> names) {
  LintCounts out;
  out[LintRule::TemplateResidue] =
      static_cast<std::size_t>(std::count_if(text.begin(), text.end(), [](char c) { return c == '{' || c == '}'; }));
  out[LintRule::EntitySuchThat] = count_words(lower, "the entity such that");
  out[LintRule::PluralSingular] = plural_singular(std::string(lower), names);
  out[LintRule::TwoClauses] = two_clauses(std::string(lower), names);
  out[LintRule::RestatedQualifier] = restated_qualifiers(text);
  // 'tagged "good, which Goodbye, Columbus has an IMDb rating of,"': a clause inside quotes.
  for (std::size_t open = text.find('"'); open != std::string_view::npos;) {
    const std::size_t close = text.find('"', open + 1);
    if (close == std::string_view::npos) break;
    const std::string_view quoted = lower.substr(open + 1, close - open - 1);
    if (quoted.find(", which ") != std::string_view::npos || quoted.find(", who ") != std::string_view::npos)
      ++out[LintRule::QuotedClause];
    open = text.find('"', close + 1);
  }
  // A title such as "It's Pat" is a name, not the contraction written for "its".
  std::size_t in_names = 0;
  for (const std::string& name : names) {
    // Neither spelling of "it's" without an apostrophe's first byte.
    if (name.find_first_of("'\xE2") == std::string::npos) continue;
    const std::string lower_name = ascii_lower(name);
    const std::size_t per_name = count_words(lower_name, "it's") + count_words(lower_name, "it\xE2\x80\x99s");
    if (per_name > 0) in_names += per_name * count_words(lower, lower_name);
  }
  const std::size_t its = count_words(lower, "it's") + count_words(lower, "it\xE2\x80\x99s");
  out[LintRule::ItsApostrophe] = its > in_names ? its - in_names : 0;

  std::vector<WordRange> words = word_ranges(text);
  lint_clauses(text, lower, words, names, out);
  std::vector<bool> starts = sentence_starts(text, words, names);
  auto word_at = [&](std::size_t k) { return text.substr(words[k].begin, words[k].end - words[k].begin); };
  for (std::size_t k = 0; k < words.size(); ++k) {
    std::string_view w = word_at(k);
    if (starts[k] && is_ascii_lower(w[0]) && std::none_of(w.begin(), w.end(), is_ascii_upper) &&
        !starts_with_name(text.substr(words[k].begin), names) &&
        // "'night, Mother": a name may open with an apostrophe or a quote.
        !(words[k].begin > 0 && starts_with_name(text.substr(words[k].begin - 1), names)))
      ++out[LintRule::LowercaseStart];
    if (k + 1 >= words.size() || !only_spaces(text.substr(words[k].end, words[k + 1].begin - words[k].end))) continue;
    std::string_view next = word_at(k + 1);
    // A lower-case repeat, or a sentence's first word repeated ("The the"): "in In the
    // Name of the Father", "Duran Duran" and "The Rains Came came out" hold names.
    if (is_ascii_lower(next[0]) && same_lower(w, next) && (is_ascii_lower(w[0]) || starts[k]))
      ++out[LintRule::DoubledWord];
    // The article: lower-case anywhere, capitalised only where a sentence starts ("Vitamin A is").
    const bool an = same_lower(w, "an");
    bool is_article = (same_lower(w, "a") || an) && (is_ascii_lower(w[0]) || starts[k]);
    if (is_article && (words[k].end >= text.size() || text[words[k].end] != '.') && starts_with_vowel_sound(next) != an)
      ++out[LintRule::ArticleSound];
  }
  return out;
}

bool is_relative(std::string_view lower_word) {
  return lower_word == "that" || lower_word == "who" || lower_word == "which";
}

// GivenThat, StackedRelative, ExtraposedRelative, RepeatedNoun, AmbiguousEcho and
// DanglingArticle: read off the words and the punctuation between them, names set aside (a
// title may say anything).
void lint_clauses(std::string_view text, std::string_view lower, const std::vector<WordRange>& words,
                  std::span<const std::string> names, LintCounts& out) {
  for (std::size_t at = lower.find("given that "); at != std::string_view::npos; at = lower.find("given that ", at + 1))
    if (!inside_name(text, at, names) && lower.compare(at + 11, 3, "it ") != 0) ++out[LintRule::GivenThat];
  auto lower_word = [&](std::size_t k) { return lower.substr(words[k].begin, words[k].end - words[k].begin); };
  auto gap = [&](std::size_t k) {  // what lies between word k - 1 and word k
    return text.substr(words[k - 1].end, words[k].begin - words[k - 1].end);
  };
  bool open = false;        // a restrictive relative clause runs on
  bool do_support = false;  // "Which books did X write ...": the verb comes last
  std::size_t first = 0;    // the sentence's first word
  for (std::size_t k = 0; k < words.size(); ++k) {
    if (k > 0 && gap(k).find_first_of(".?!") != std::string_view::npos) {
      open = do_support = false;
      first = k;
    }
    if (k > 0 && gap(k).find(',') != std::string_view::npos) open = false;
    if (inside_name(text, words[k].begin, names)) continue;
    const std::string_view w = lower_word(k);
    if (w == "and" || w == "or") open = false;
    if (k > first && k <= first + 3 && (w == "did" || w == "does" || w == "do")) do_support = true;
    if (k > first && is_relative(w) && gap(k).find(',') == std::string_view::npos) {
      if (open) ++out[LintRule::StackedRelative];
      if (do_support && !open) ++out[LintRule::ExtraposedRelative];
      open = true;
    }
    // "which Brad Pitt won the. ": an article before a stop, a comma or the text's end.
    if ((w == "the" || w == "a" || w == "an") &&
        (k + 1 == words.size() || gap(k + 1).find_first_of(".,?!;[") != std::string_view::npos))
      ++out[LintRule::DanglingArticle];
    // "the city of the city"
    if (w == "the" && k + 4 < words.size() && lower_word(k + 2) == "of" && lower_word(k + 3) == "the" &&
        lower_word(k + 1) == lower_word(k + 4))
      ++out[LintRule::RepeatedNoun];
    // "came out, as is 2018"
    static constexpr std::string_view kParticles[] = {"out", "in", "on", "of", "at", "up", "to", "from", "by", "with"};
    if (w == "as" && k > 0 && k + 1 < words.size() && gap(k) == ", " && !inside_name(text, words[k - 1].begin, names) &&
        std::find(std::begin(kParticles), std::end(kParticles), lower_word(k - 1)) != std::end(kParticles)) {
      const std::string_view aux = lower_word(k + 1);
      if (aux == "is" || aux == "are" || aux == "was" || aux == "were" || aux == "did" || aux == "does")
        ++out[LintRule::AmbiguousEcho];
    }
  }
}

}  // namespace

std::size_t missing_names(std::string_view text, std::span<const std::string> names) {
  const std::string lower = ascii_lower(text);
  // A role said of several ("have worked as guitarists") names it in the plural.
  return static_cast<std::size_t>(std::count_if(names.begin(), names.end(), [&](const std::string& name) {
    const std::string n = ascii_lower(name);
    if (name.empty() || count_words(lower, n) > 0 || count_words(lower, plural_noun(n)) > 0) return false;
    // Named plainly where its sentence says what the qualifier would (qualifiers.h).
    const auto parts = split_qualified(name);
    return !parts || !told_in_a_sentence(text, parts->first, parts->second);
  }));
}

std::size_t type_word_findings(std::string_view question, std::string_view type, std::span<const std::string> types) {
  if (type.empty() || !question.starts_with("Which ")) return 0;
  const std::string rest = ascii_lower(question.substr(6));
  auto says = [&](std::string noun) {
    std::replace(noun.begin(), noun.end(), '_', ' ');
    for (const std::string& said : {noun, noun + "s", noun + "es", noun.substr(0, noun.size() - 1) + "ies",
                                    std::string(noun == "person" ? "people" : "")})
      if (!said.empty() && rest.starts_with(said) && (rest.size() == said.size() || !is_alnum(rest[said.size()])))
        return true;
    return false;
  };
  if (says(std::string(type))) return 0;
  return std::any_of(types.begin(), types.end(), [&](const std::string& t) { return !t.empty() && says(t); }) ? 1 : 0;
}

LintCounts lint_text(std::string_view text, std::span<const std::string> names) {
  return lint_lowered(text, ascii_lower(text), names);
}

LintCounts lint_citation(std::string_view citation, std::span<const std::string> names) {
  const std::string lower = ascii_lower(citation);
  LintCounts out = lint_lowered(citation, lower, names);
  // A role said of several people takes its plural ("have worked as film producers").
  for (const std::string& name : names)
    if (!name.empty() && count_words(lower, ascii_lower(name)) == 0 &&
        !(is_ascii_lower(name[0]) && count_words(lower, plural_noun_phrase(name)) > 0))
      ++out[LintRule::MissingEntity];
  return out;
}

}  // namespace caqa::verbalize
