// Class probabilities of a chat judge from its token log-probabilities (caqa eval
// --logprobs): at the first generated token that begins a class's name, the top
// alternatives are sorted into the scheme's classes by the word each begins ("Part" ->
// partially_supportive, "Contr" -> contradictory) and normalised over the classes.
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "caqa/vocab/label_scheme.h"

namespace caqa::eval {

struct TokenAlternative {
  std::string token;
  double logprob = 0;
};

// One generated token and the alternatives the server listed for its position.
struct TokenPosition {
  std::string token;
  std::vector<TokenAlternative> top;
};

// The positions of a completion's "logprobs" object: chat's {"content": [{"token",
// "logprob", "top_logprobs": [{"token", "logprob"}]}]} or text completions' {"tokens",
// "top_logprobs": [{token: logprob}]}. nullopt when it is neither.
std::optional<std::vector<TokenPosition>> parse_token_positions(const nlohmann::json& logprobs);

// The scheme class a token begins, if exactly one: its letters, folded, are the start of
// one of the class's names (canonical, spellings, and the CAQA categories it takes).
std::optional<ClassId> class_of_token(std::string_view token, const LabelScheme& scheme);

// By scheme class, summing to 1; nullopt when no generated token begins a class name.
std::optional<std::vector<double>> class_probabilities(const std::vector<TokenPosition>& positions,
                                                       const LabelScheme& scheme);

}  // namespace caqa::eval
