// What caqa eval accepts of a server's answer beyond its shape (pair_protocol.h checks
// that): every value a finite number, every class one that --label-map names, and values
// that are probabilities where the protocol promises them (TEI's and vLLM's classifiers
// softmax their classes, vLLM's /score gives a sigmoid, a log-probability is at most 0).
// A refused answer is never cached and never written: the sample fails with the reason
// and the server's words (issue 43). --raw-scores takes values as logits on purpose.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include "class_map.h"
#include "logprob_classes.h"
#include "openai_client.h"

namespace caqa::eval {

struct Refusal {
  std::string reason;  // the same for every sample refused alike (--stop-after counts it)
  std::string words;   // what this server said (one pair's JSON, a token and its value)
};

// A pair's answer in the scheme's classes, or why it is refused. `raw_scores`: the
// classes' values are logits (softmax) and a single score is one (sigmoid).
struct PairVerdict {
  std::optional<SchemeJudgement> judgement;
  std::optional<Refusal> refusal;
};
PairVerdict check_pair_output(Api api, const ClassMap& map, const PairOutput& output, bool raw_scores);

// Why a chat judge's log-probabilities are refused: a value that is not finite, or above 0
// (a logit) unless `raw_scores`; nullopt when they are log-probabilities.
std::optional<Refusal> check_logprobs(const std::vector<TokenPosition>& positions, bool raw_scores);
// The same of a chat or text completion as OpenAIClient::complete returns it with
// log-probabilities ({"content", "logprobs"}), which must hold some.
std::optional<Refusal> check_completion_logprobs(const std::string& completion, bool raw_scores);

}  // namespace caqa::eval
