// The board's two parts of the default benchmark's test split (docs/leaderboard.md,
// "Sealed test labels"): a public split whose labels ship with the site, so a visitor
// scores it in the browser, and the ranked split, whose inputs are public but whose
// labels only `caqa leaderboard publish --sealed-gold` reads. A source question's
// samples stay together (its four citations carry four different labels, so three
// public ones would give the fourth away).
#pragma once
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

namespace caqa::leaderboard {

// One source question in kPublicShare goes to the public split, chosen by the FNV-1a
// hash of its "source_question" (the question text when a line has none).
inline constexpr unsigned kPublicShare = 4;

// The label every line of ranked_placeholder carries: check validates ids, format and
// coverage against it, and never shows a score computed from it.
inline constexpr std::string_view kPlaceholderLabel = "supportive";

struct SealedSplit {
  std::string public_gold;         // the public split's lines, as test.jsonl has them
  std::string ranked_inputs;       // id, question, answer, citation, complexity: no label, no evidence
  std::string ranked_gold;         // the ranked split's lines, as test.jsonl has them: the sealed file
  std::string ranked_placeholder;  // id, complexity, split and kPlaceholderLabel, for check
  std::size_t n_public = 0, n_ranked = 0;
};

// test_jsonl: the test.jsonl of `caqa build`. nullopt (error set, naming the line and
// nothing of its content) when a line is not a JSON object with a string "id".
std::optional<SealedSplit> seal_test_split(std::string_view test_jsonl, std::string& error);

}  // namespace caqa::leaderboard
