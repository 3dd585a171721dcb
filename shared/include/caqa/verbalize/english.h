// The small English grammar the verbaliser needs, in one place (issue 14): articles,
// lists, capitals, subject-verb agreement of a predicate and the auxiliary
// that stands for it ("as did B"). Rules of thumb with their exceptions listed in
// english.cpp; no dictionary.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace caqa::verbalize {

// Whether `word` starts with a vowel sound, so that it takes "an": the first letter,
// with the few exceptions English needs (docs/verbalize.md lists them). The lint checks
// articles with the same rule.
bool starts_with_vowel_sound(std::string_view word);
// "a" or "an" for the phrase as it is said: "an actor", "a university", "an MBA", "an hour".
std::string_view indefinite_article(std::string_view phrase);
// "a film director", "an actor".
std::string with_article(std::string_view phrase);

// "A", "A and B", "A, B and C" ("A, B or C" with conjunction "or").
std::string join_list(const std::vector<std::string>& items, std::string_view conjunction = "and");

// The first letter upper-cased (a sentence start); the rest as written.
std::string capitalized(std::string text);

// A proper name as said mid-sentence: "the United States", "the University of Oxford",
// "the Netherlands"; other names as they are. takes_the: whether it gets the "the".
std::string definite_name(std::string_view name);
bool takes_the(std::string_view name);

// The text with a full stop, unless it ends with one already ("... founded Apple Inc.").
std::string end_sentence(std::string text);

// The plural of an English noun ("film" -> "films", "city" -> "cities", "person" -> "people").
std::string plural_noun(std::string_view noun);
// The plural of a noun phrase, its last word ("film producer" -> "film producers").
std::string plural_noun_phrase(std::string_view phrase);
// Whether a word is a past participle the templates use ("directed", "born", "written").
bool is_past_participle(std::string_view word);
// " as a songwriter" -> " as songwriters", " had ... as an official language" -> "... as
// official languages": a role taken by several (a list of names before it, or plural
// subjects). Only up to the first comma or " and "; `rest` unchanged without such a role.
std::string plural_role(std::string_view rest);

// The predicate with its first word, a verb, agreeing with a plural subject: "is" ->
// "are", "was" -> "were", "has" -> "have", "belongs" -> "belong"; past tenses stay; "is a
// city in" -> "are cities in".
std::string plural_predicate(std::string_view predicate);

// Whether two phrases share a content word, a verb or noun of four letters or more
// ("was founded in" and "was founded by", "came out in" and "came out on the label").
bool shares_content_word(std::string_view a, std::string_view b);

// The predicate said again of another subject: "is a city in X" -> "is also a city in X",
// "has worked as" -> "has also worked as", "comes from X" -> "also comes from X".
std::string with_also(std::string_view predicate);

// A relative clause on an object, its preposition moved before the pronoun as writers do:
// "Lund is a city in" -> "where Lund is a city", "Omar Sharif is a citizen of" -> "of
// which Omar Sharif is a citizen", "Britt Ekland was married to" (a person) -> "to whom
// Britt Ekland was married"; without one, "which ..." ("who ...").
std::string fronted_relative(std::string_view clause, bool person);

// The auxiliary that repeats the predicate after "as": "was directed by X" -> "was",
// "starred in X" -> "did", "belongs to X" -> "does"; plural when `plural` ("were", "do").
std::string_view echo_auxiliary(std::string_view predicate, bool plural);

}  // namespace caqa::verbalize
