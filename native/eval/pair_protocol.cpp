#include "pair_protocol.h"

#include <nlohmann/json.hpp>

namespace caqa::eval {

using nlohmann::json;

std::string_view pair_api_path(Api api) {
  switch (api) {
    case Api::TeiPredict: return "/predict";
    case Api::VllmClassify: return "/classify";
    case Api::VllmScore: return "/score";
    case Api::Chat:
    case Api::Completions: break;
  }
  return "";
}

std::string pair_request_body(const RequestSettings& request, const std::vector<PairText>& pairs) {
  const Api api = request.api;
  const std::string& model = request.model;
  json body = json::object();
  if (api == Api::TeiPredict) {
    json inputs = json::array();
    for (const PairText& p : pairs) inputs.push_back({p.premise, p.hypothesis});
    body = {{"inputs", std::move(inputs)}, {"raw_scores", false}, {"truncate", true}};
  } else if (api == Api::VllmClassify) {
    json input = json::array();
    for (const PairText& p : pairs) input.push_back(p.premise + request.pair_separator + p.hypothesis);
    body = {{"model", model}, {"input", std::move(input)}};
  } else {
    json first = json::array(), second = json::array();
    for (const PairText& p : pairs) {
      first.push_back(p.premise);
      second.push_back(p.hypothesis);
    }
    body = {{"model", model}, {"text_1", std::move(first)}, {"text_2", std::move(second)}};
  }
  return body.dump();
}

std::size_t pair_count(std::string_view request_body) {
  const json body = json::parse(request_body, nullptr, false);
  if (!body.is_object()) return 0;
  for (const char* key : {"inputs", "input", "text_2"})
    if (body.contains(key) && body[key].is_array()) return body[key].size();
  return 0;
}

namespace {

// The "data" array of a vLLM pooling response, `pairs` entries placed by their "index".
std::optional<std::vector<const json*>> vllm_data(const json& body, std::size_t pairs, std::string& error) {
  if (!body.is_object() || !body.contains("data") || !body["data"].is_array()) {
    error = "expected an object with a \"data\" array";
    return std::nullopt;
  }
  const json& data = body["data"];
  std::vector<const json*> out(pairs, nullptr);
  for (std::size_t k = 0; k < data.size(); ++k) {
    const json& entry = data[k];
    const std::size_t index = entry.is_object() && entry.contains("index") && entry["index"].is_number_unsigned()
                                  ? entry["index"].get<std::size_t>()
                                  : k;
    if (index >= pairs || out[index]) {
      error = "data[" + std::to_string(k) + "] has no index of its own below " + std::to_string(pairs);
      return std::nullopt;
    }
    out[index] = &entry;
  }
  for (std::size_t i = 0; i < pairs; ++i)
    if (!out[i]) {
      error = "no entry for pair " + std::to_string(i) + " (" + std::to_string(data.size()) + " for " +
              std::to_string(pairs) + " pairs)";
      return std::nullopt;
    }
  return out;
}

}  // namespace

std::optional<std::vector<PairOutput>> parse_pair_response(Api api, std::string_view text, std::size_t pairs,
                                                           std::string& error) {
  const json body = json::parse(text, nullptr, false);
  std::vector<PairOutput> out(pairs);
  if (api == Api::TeiPredict) {
    if (!body.is_array() || body.size() != pairs) {
      error = "expected an array of " + std::to_string(pairs) + " lists of {label, score}";
      return std::nullopt;
    }
    for (std::size_t i = 0; i < pairs; ++i) {
      const json& classes = body[i];
      if (!classes.is_array() || classes.empty()) {
        error = "entry " + std::to_string(i) + " is not a list of {label, score}";
        return std::nullopt;
      }
      for (const json& c : classes) {
        if (!c.is_object() || !c.contains("label") || !c["label"].is_string() || !c.contains("score") ||
            !c["score"].is_number()) {
          error = "entry " + std::to_string(i) + " has an item without a string label and a number score";
          return std::nullopt;
        }
        out[i].classes.emplace_back(c["label"].get<std::string>(), c["score"].get<double>());
      }
      out[i].raw = classes;
    }
    return out;
  }
  auto data = vllm_data(body, pairs, error);
  if (!data) return std::nullopt;
  for (std::size_t i = 0; i < pairs; ++i) {
    const json& entry = *(*data)[i];
    out[i].raw = entry;
    if (api == Api::VllmScore) {
      if (!entry.contains("score") || !entry["score"].is_number()) {
        error = "data entry for pair " + std::to_string(i) + " has no number \"score\"";
        return std::nullopt;
      }
      out[i].score = entry["score"].get<double>();
      continue;
    }
    if (!entry.contains("probs") || !entry["probs"].is_array() || entry["probs"].empty()) {
      error = "data entry for pair " + std::to_string(i) + " has no \"probs\" array";
      return std::nullopt;
    }
    const json& probs = entry["probs"];
    for (std::size_t c = 0; c < probs.size(); ++c) {
      if (!probs[c].is_number()) {
        error = "data entry for pair " + std::to_string(i) + ": probs[" + std::to_string(c) + "] is not a number";
        return std::nullopt;
      }
      out[i].classes.emplace_back(std::to_string(c), probs[c].get<double>());
    }
  }
  return out;
}

}  // namespace caqa::eval
