// The English an answer statement is written with (answer_statement.cpp): sentences in a
// row, and lists of names filled into a relation's phrases. Private to the verbaliser.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "caqa/verbalize/relation_phrasing.h"

namespace caqa::kg {

// ",," left where a relative clause ends a phrase, and a sentence's trailing comma.
std::string tidy(std::string_view s);

// A phrasing's sentence without its full stop; a name's own stop ("Jr.") stays.
std::string sentence_without_stop(const verbalize::RelationPhrasing& phrasing, const std::string& head,
                                  const std::string& tail);

// Sentences in a row, each ended once (a name's stop ends its sentence too); a sentence
// said already is not said again.
void append_sentence(std::string& out, const std::string& sentence);

// Where a list of names goes in a phrase (a byte no name has).
inline constexpr std::string_view kListGap = "\x01";

// `text` with the gap filled by the names: each quoted where the phrase quotes the gap
// ('tagged "comedy" and "gene wilder"'), and a noun after "the <gap>" in the plural
// ("the drama and romance genres").
std::string fill_list(std::string text, const std::vector<std::string>& names);

// The predicate about `about` with every object in it: "starred Brad Pitt and Susan
// Sarandon", 'is tagged "comedy" and "gene wilder"'.
std::string predicate_of_all(const verbalize::RelationPhrasing& phrasing, verbalize::Slot about,
                             const std::vector<std::string>& objects);

// A relation's first phrasing with several names at `list_slot`: as the subject, with the
// verb and the objects' noun agreeing ("A and B belong to the drama and crime genres"), else
// listed where the phrase has them ("Zachary Quinto starred in Star Trek and Margin Call").
std::string list_sentence(const verbalize::RelationPhrasing& phrasing, verbalize::Slot list_slot,
                          const std::vector<std::string>& names, const std::vector<std::string>& others);

}  // namespace caqa::kg
