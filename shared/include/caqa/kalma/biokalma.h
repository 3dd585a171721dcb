// BioKaLMA's own question files (simple_question_graph.json, complex_question_graph.json of
// github.com/lixinze777/Knowledge-aware-Language-Model-Attribution): one JSON array of
// [question, [entity, ...]], each entity a flat map of Wikidata property label -> value
// label with its "qid" and "name". Read as KaLMA questions without a conversion by hand.
#pragma once

#include <string>
#include <vector>

#include "caqa/input_text.h"
#include "caqa/kalma/inputs.h"

namespace caqa::kalma {

// True when the text is a JSON array (after a BOM and white space): BioKaLMA's layout,
// where the JSON Lines questions file starts with an object.
bool looks_like_biokalma(const InputText& text);

struct BioKalmaQuestions {
  QuestionParse parse;                 // ids "1", "2", ... by position (the two files share it)
  std::vector<std::string> questions;  // the question texts, by position ("question: " dropped)
};

// Every entity's (qid, property, value) for each non-empty value but "qid" and "name" is
// both the question's KG and its minimum knowledge set (the entities are the knowledge
// the question was written from); "date_of_birth" is spelled "date of birth" as answers
// cite it. No question has absent knowledge, so the [NA] metrics stay undefined.
BioKalmaQuestions parse_biokalma_questions(const InputText& text);

}  // namespace caqa::kalma
