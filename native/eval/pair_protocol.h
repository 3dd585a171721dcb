// The request and response bodies of the sequence-pair classifier servers caqa eval
// speaks (--api), as their sources define them:
//   tei            text-embeddings-inference POST /predict
//                  {"inputs": [[premise, hypothesis], ...], "raw_scores": false, "truncate": true}
//                  -> [[{"label", "score"}, ...], ...]: every class of every pair, softmaxed
//   vllm-classify  vLLM POST /classify {"model", "input": [text, ...]}: the endpoint takes
//                  single texts, so a pair is premise + separator + hypothesis (e.g. the
//                  model's "</s></s>") -> {"data": [{"index", "label", "probs": [...],
//                  "num_classes"}]}: "label" names only the top class, so --label-map names
//                  classes by index ("0", "1", ...; the model's config.json id2label)
//   vllm-score     vLLM POST /score {"model", "text_1": [premise, ...], "text_2":
//                  [hypothesis, ...]} -> {"data": [{"index", "score"}]}: one score a pair
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "class_map.h"
#include "openai_client.h"

namespace caqa::eval {

struct PairText {
  std::string premise, hypothesis;
};

// "/predict", "/classify", "/score" (after the endpoint's own path prefix).
std::string_view pair_api_path(Api api);

// The body of one batch, exactly as sent and cached (nlohmann JSON, keys sorted).
std::string pair_request_body(const RequestSettings& request, const std::vector<PairText>& pairs);
// How many pairs a body made by pair_request_body carries.
std::size_t pair_count(std::string_view request_body);

// The server's answer for each of `pairs` pairs, in order; nullopt with what is wrong.
std::optional<std::vector<PairOutput>> parse_pair_response(Api api, std::string_view body, std::size_t pairs,
                                                           std::string& error);

}  // namespace caqa::eval
