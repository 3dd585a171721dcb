// The sentence-knowledge pairs that need an entailment decision, and those decisions.
// caqa runs no NLI model: `caqa kalma --pairs` lists the pairs, a model such as TRUE
// (appendix B.3: premise = sentence, hypothesis = "property: value") judges them, and
// the judgments file brings the decisions back.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string_view>
#include <tuple>
#include <vector>

#include "caqa/kalma/answer.h"
#include "caqa/kalma/triple.h"

namespace caqa::kalma {

struct QuestionSet;

struct JudgePair {
  std::uint32_t question = 0, sentence = 0;  // positions in the question set and the answer
  Triple knowledge;
  bool alignment = false;  // a citation of the sentence (text-citation alignment, section 4.3)
  bool na = false;         // absent knowledge against a sentence with [NA] (section 4.4)
};

// Each distinct pair once, by question, sentence, then first use. Alignment pairs are
// the sentence's cited triples that have a property and a value (a missing QID does not
// matter to the hypothesis); [NA] pairs are every [NA] sentence times every absent
// knowledge triple of questions that have "absent_knowledge".
std::vector<JudgePair> judge_pairs(const QuestionSet& questions, const std::vector<ParsedAnswer>& answers);

class Judgments {
 public:
  void set_entailed(std::uint32_t question, std::uint32_t sentence, const Triple& knowledge, bool entailed);
  void set_answers_question(std::uint32_t question, std::uint32_t sentence, bool answers);
  std::optional<bool> entailed(std::uint32_t question, std::uint32_t sentence, const Triple& knowledge) const;
  // False marks a sentence that does not answer the question (section 4.5's [NA] edge case).
  std::optional<bool> answers_question(std::uint32_t question, std::uint32_t sentence) const;

 private:
  std::map<std::tuple<std::uint32_t, std::uint32_t, Triple>, bool> entailed_;
  std::map<std::pair<std::uint32_t, std::uint32_t>, bool> answers_;
};

// An LLM's reply to the entailment prompt (data/prompts/kalma_entailment.txt) as a
// decision: its first word, case aside, "yes"/"true"/"entailed"/"entailment" -> true,
// "no"/"false"/"not"/"neutral"/"contradiction" -> false; anything else nullopt (unread,
// never guessed).
std::optional<bool> parse_entailment_reply(std::string_view reply);

}  // namespace caqa::kalma
