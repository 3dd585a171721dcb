// Reads questions in caqa's own JSON Lines format:
//   {"id": "d0001", "question": "Who directed Jaws?", "answers": ["film/jaws_1975"],
//    "query": [["film/jaws_1975", "directed_by", "?a"]], "source": "..."?}
// Terms are entity keys or variables (?a the answer, ?v1... intermediate nodes).
#pragma once

#include <string>
#include <vector>

#include "caqa/kg/kg_text.h"
#include "caqa/kg/logical_query.h"

namespace caqa::kg {

std::vector<Question> read_questions(const TextSource& source, ProblemCounts& problems);

// One question as a compact JSON line in the same format (for importers' output).
std::string question_json(const Question& question);

}  // namespace caqa::kg
