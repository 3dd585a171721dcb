// One cheap check before a run sends its prompts: a dead endpoint, a refused key or a
// model the server does not serve costs one request and one clear message, not one
// failed request (and one line of stderr) per sample.
#pragma once

#include <string>
#include <vector>

#include "class_map.h"
#include "openai_client.h"

namespace caqa::eval {

// Asks each endpoint for GET /v1/models and, where that list is missing or does not
// name the model (or the run wants log-probabilities), sends one 1-token completion.
// A pair API gets one batch of one pair instead, and every class it answers with must be
// in `pair_classes`. Returns the reason the run cannot go on, or an empty string: a
// refused key (401/403), an unserved model or path, a server without log-probabilities
// or with classes the map lacks on any endpoint stops it, and so does no endpoint
// answering at all; a dead endpoint beside a live one does not (the run routes around
// it), nor does a 429 or 5xx (the run retries those).
std::string preflight(const std::vector<std::string>& endpoints, const RequestSettings& request,
                      const std::string& api_key, const ClassMap* pair_classes = nullptr);

}  // namespace caqa::eval
