#include "caqa/kalma/judgments.h"

#include <algorithm>
#include <cctype>
#include <string>

#include "caqa/kalma/inputs.h"

namespace caqa::kalma {

std::vector<JudgePair> judge_pairs(const QuestionSet& questions, const std::vector<ParsedAnswer>& answers) {
  std::vector<JudgePair> pairs;
  for (std::uint32_t q = 0; q < answers.size() && q < questions.size(); ++q) {
    const std::optional<TripleSet>& absent = questions.questions[q].absent;
    const auto& sentences = answers[q].sentences;
    for (std::uint32_t s = 0; s < sentences.size(); ++s) {
      std::size_t first = pairs.size();
      auto add = [&](const Triple& t) -> JudgePair& {
        auto same = [&](const JudgePair& p) { return p.knowledge == t; };
        auto it = std::find_if(pairs.begin() + static_cast<std::ptrdiff_t>(first), pairs.end(), same);
        if (it != pairs.end()) return *it;
        return pairs.emplace_back(JudgePair{q, s, t});
      };
      for (const Citation& c : sentences[s].citations)
        if (!c.triple.property.empty() && !c.triple.value.empty()) add(c.triple).alignment = true;
      if (absent && sentences[s].has_na())
        for (const Triple& t : *absent) add(t).na = true;
    }
  }
  return pairs;
}

void Judgments::set_entailed(std::uint32_t question, std::uint32_t sentence, const Triple& knowledge, bool entailed) {
  entailed_[{question, sentence, knowledge}] = entailed;
}

void Judgments::set_answers_question(std::uint32_t question, std::uint32_t sentence, bool answers) {
  answers_[{question, sentence}] = answers;
}

std::optional<bool> Judgments::entailed(std::uint32_t question, std::uint32_t sentence, const Triple& knowledge) const {
  auto it = entailed_.find({question, sentence, knowledge});
  if (it == entailed_.end()) return std::nullopt;
  return it->second;
}

std::optional<bool> Judgments::answers_question(std::uint32_t question, std::uint32_t sentence) const {
  auto it = answers_.find({question, sentence});
  if (it == answers_.end()) return std::nullopt;
  return it->second;
}

std::optional<bool> parse_entailment_reply(std::string_view reply) {
  std::size_t begin = 0;
  while (begin < reply.size() && !std::isalpha(static_cast<unsigned char>(reply[begin]))) ++begin;
  std::size_t end = begin;
  while (end < reply.size() && std::isalpha(static_cast<unsigned char>(reply[end]))) ++end;
  std::string word(reply.substr(begin, end - begin));
  for (char& c : word) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  for (std::string_view yes : {"yes", "true", "entailed", "entailment", "entails"})
    if (word == yes) return true;
  for (std::string_view no : {"no", "false", "not", "neutral", "contradiction"})
    if (word == no) return false;
  return std::nullopt;
}

}  // namespace caqa::kalma
