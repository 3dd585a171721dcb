#include "preflight.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <nlohmann/json.hpp>

#include "answer_checks.h"
#include "pair_protocol.h"

namespace caqa::eval {

namespace {

// The preflight waits less than a request may: a silent host should not cost a minute.
constexpr double kPreflightTimeoutS = 10.0;

// The model ids of a /v1/models body ({"data": [{"id": ...}, ...]}), or nullopt.
std::optional<std::vector<std::string>> served_models(const std::string& body) {
  auto json = nlohmann::json::parse(body, nullptr, false);
  if (!json.is_object() || !json.contains("data") || !json["data"].is_array()) return std::nullopt;
  std::vector<std::string> ids;
  for (const auto& entry : json["data"])
    if (entry.is_object() && entry.contains("id") && entry["id"].is_string()) ids.push_back(entry["id"]);
  return ids;
}

enum class Verdict { Usable, Down, Fatal };

struct Check {
  Verdict verdict;
  std::string message;
};

Check refused(const std::string& url, const CallResult& result, const std::string& model) {
  if (result.status == 401 || result.status == 403)
    return {Verdict::Fatal, fmt::format("{} refused the API key ({}; hint: --api-key-env VAR)", url, result.detail)};
  if (result.status == 404)
    return {Verdict::Fatal, fmt::format("{} does not serve model \"{}\" ({})", url, model, result.detail)};
  return {Verdict::Fatal, fmt::format("{} rejected the request ({})", url, result.detail)};
}

// One pair: the path answers, with the shape of its API, in classes the map knows.
Check check_pair_endpoint(const std::string& url, const RequestSettings& request, const std::string& api_key,
                          const ClassMap& classes) {
  RequestSettings probe = request;
  probe.timeout_s = std::min(request.timeout_s, kPreflightTimeoutS);
  OpenAIClient client(url, probe, api_key);
  const std::string body = pair_request_body(request, {{"Paris is in France.", "Paris is in France."}});
  CallResult result = client.complete(body);
  const std::string where = url + std::string(pair_api_path(request.api));
  if (result.error == CallError::Connection || result.error == CallError::Timeout)
    return {Verdict::Down, fmt::format("{} is not reachable ({})", url, result.detail)};
  if (result.error == CallError::Malformed)
    return {Verdict::Fatal, fmt::format("{} does not answer as --api {} does ({}); check --api", where,
                                        api_name(request.api), result.detail)};
  if (result.status == 404)
    return {Verdict::Fatal,
            fmt::format("{} was not found ({}); is this a {} server, with its path prefix in --endpoint?", where,
                        result.detail, api_name(request.api))};
  if (result.error == CallError::Client) return refused(url, result, request.model);
  if (result.error != CallError::None) return {Verdict::Usable, {}};
  std::string error;
  auto outputs = parse_pair_response(request.api, result.text, 1, error);
  std::vector<std::string> unknown;
  for (const auto& [name, p] : outputs->front().classes)
    if (!classes.find(name)) unknown.push_back(name);
  if (!unknown.empty()) {
    std::vector<std::string> served;
    for (const auto& [name, p] : outputs->front().classes) served.push_back(name);
    return {Verdict::Fatal, fmt::format("{} answers with classes {}; --label-map has no entry for {} (e.g. --label-map "
                                        "{}=supportive,...)",
                                        where, fmt::join(served, ", "), fmt::join(unknown, ", "), unknown.front())};
  }
  if (const PairVerdict verdict = check_pair_output(request.api, classes, outputs->front(), request.raw_scores);
      verdict.refusal)
    return {Verdict::Fatal,
            fmt::format("{}: {} (it answered {})", where, verdict.refusal->reason, verdict.refusal->words)};
  return {Verdict::Usable, {}};
}

Check check_endpoint(const std::string& url, const RequestSettings& request, const std::string& api_key) {
  RequestSettings probe = request;
  probe.max_tokens = 1;
  probe.timeout_s = std::min(request.timeout_s, kPreflightTimeoutS);
  OpenAIClient client(url, probe, api_key);
  CallResult models = client.list_models();
  if (models.error == CallError::Connection || models.error == CallError::Timeout)
    return {Verdict::Down, fmt::format("{} is not reachable ({})", url, models.detail)};
  if (models.status == 401 || models.status == 403) return refused(url, models, request.model);
  std::optional<std::vector<std::string>> ids;
  if (models.error == CallError::None) ids = served_models(models.text);
  const bool listed = ids && std::find(ids->begin(), ids->end(), request.model) != ids->end();
  if (listed && request.top_logprobs == 0) return {Verdict::Usable, {}};
  // No model list, or one without the model (some servers accept aliases they do not
  // list): one tiny completion says what a real request would meet.
  CallResult first = client.complete("Reply with OK.");
  if (first.error == CallError::Connection || first.error == CallError::Timeout)
    return {Verdict::Down, fmt::format("{} is not reachable ({})", url, first.detail)};
  if (first.error == CallError::None && request.top_logprobs > 0)
    if (const auto refusal = check_completion_logprobs(first.text, request.raw_scores))
      return {Verdict::Fatal, fmt::format("{}: {} ({})", url, refusal->reason, refusal->words)};
  if (first.error != CallError::Client) return {Verdict::Usable, {}};
  if (request.top_logprobs > 0 && first.detail.starts_with("the server returned no log-probabilities"))
    return {Verdict::Fatal, fmt::format("{}: {}", url, first.detail)};
  if (ids && first.status != 401 && first.status != 403)
    return {Verdict::Fatal,
            fmt::format("{} does not serve model \"{}\" (it serves: {}; {})", url, request.model,
                        ids->empty() ? std::string("none") : fmt::format("{}", fmt::join(*ids, ", ")), first.detail)};
  return refused(url, first, request.model);
}

}  // namespace

std::string preflight(const std::vector<std::string>& endpoints, const RequestSettings& request,
                      const std::string& api_key, const ClassMap* pair_classes) {
  std::string down;
  bool usable = false;
  for (const auto& url : endpoints) {
    Check check = pair_classes ? check_pair_endpoint(url, request, api_key, *pair_classes)
                               : check_endpoint(url, request, api_key);
    if (check.verdict == Verdict::Fatal) return check.message;
    if (check.verdict == Verdict::Usable) usable = true;
    if (check.verdict == Verdict::Down && down.empty()) down = check.message;
  }
  return usable ? std::string() : "no endpoint answers: " + down;
}

}  // namespace caqa::eval
