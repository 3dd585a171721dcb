// OpenAI-compatible HTTP client over cpp-httplib.
#include "openai_client.h"

#include "http_exchange.h"
#include "logprob_classes.h"
#include "pair_protocol.h"

#include <httplib.h>

#include <nlohmann/json.hpp>

namespace caqa::eval {

std::string_view to_string(CallError error) {
  switch (error) {
    case CallError::None: return "ok";
    case CallError::Connection: return "connection error";
    case CallError::Timeout: return "timeout or dropped connection";
    case CallError::RateLimited: return "rate limited (429)";
    case CallError::Server: return "server error (5xx)";
    case CallError::Malformed: return "malformed response";
    case CallError::Client: return "request rejected (4xx)";
    case CallError::Refused: return "answer refused";
  }
  return "unknown error";
}

bool is_retryable(CallError error) {
  return error != CallError::None && error != CallError::Client && error != CallError::Refused;
}

namespace {

constexpr std::pair<Api, std::string_view> kApiNames[] = {{Api::Chat, "chat"},
                                                          {Api::Completions, "completions"},
                                                          {Api::TeiPredict, "tei"},
                                                          {Api::VllmClassify, "vllm-classify"},
                                                          {Api::VllmScore, "vllm-score"}};

}  // namespace

std::string_view api_name(Api api) {
  for (const auto& [a, name] : kApiNames)
    if (a == api) return name;
  return "chat";
}

std::optional<Api> parse_api(std::string_view name) {
  for (const auto& [a, n] : kApiNames)
    if (n == name) return a;
  return std::nullopt;
}

bool is_pair_api(Api api) { return api != Api::Chat && api != Api::Completions; }

std::string request_body(const RequestSettings& settings, const std::string& prompt) {
  nlohmann::json body = {
      {"model", settings.model}, {"temperature", settings.temperature}, {"max_tokens", settings.max_tokens}};
  if (settings.api == Api::Chat) {
    body["messages"] = nlohmann::json::array({{{"role", "user"}, {"content", prompt}}});
    if (settings.top_logprobs > 0) {
      body["logprobs"] = true;
      body["top_logprobs"] = settings.top_logprobs;
    }
  } else {
    body["prompt"] = prompt;
    if (settings.top_logprobs > 0) body["logprobs"] = settings.top_logprobs;
  }
  return body.dump();
}

std::optional<std::string> parse_completion(std::string_view body, Api api, bool with_logprobs) {
  auto json = nlohmann::json::parse(body, nullptr, /*allow_exceptions=*/false);
  if (!json.is_object()) return std::nullopt;
  auto choices = json.find("choices");
  if (choices == json.end() || !choices->is_array() || choices->empty() || !(*choices)[0].is_object())
    return std::nullopt;
  const auto& choice = (*choices)[0];
  std::string content;
  if (api == Api::Chat) {
    auto message = choice.find("message");
    if (message == choice.end() || !message->is_object()) return std::nullopt;
    auto text = message->find("content");
    if (text == message->end() || !text->is_string()) return std::nullopt;
    content = text->get<std::string>();
  } else {
    auto text = choice.find("text");
    if (text == choice.end() || !text->is_string()) return std::nullopt;
    content = text->get<std::string>();
  }
  if (!with_logprobs) return content;
  auto logprobs = choice.find("logprobs");
  return nlohmann::json{{"content", content}, {"logprobs", logprobs == choice.end() ? nullptr : *logprobs}}.dump();
}

OpenAIClient::OpenAIClient(const std::string& base_url, const RequestSettings& settings, std::string api_key)
    : settings_(settings), api_key_(std::move(api_key)) {
  auto [host, prefix] = split_base_url(base_url);
  std::string tail = settings.api == Api::Chat ? "/chat/completions" : "/completions";
  std::string v1 = prefix.ends_with("/v1") ? prefix : prefix + "/v1";
  path_ = is_pair_api(settings.api) ? prefix + std::string(pair_api_path(settings.api)) : v1 + tail;
  models_path_ = v1 + "/models";
  client_ = std::make_unique<httplib::Client>(host);
  auto seconds = static_cast<time_t>(settings.timeout_s);
  auto micros = static_cast<time_t>((settings.timeout_s - static_cast<double>(seconds)) * 1e6);
  client_->set_connection_timeout(seconds, micros);
  client_->set_read_timeout(seconds, micros);
  client_->set_write_timeout(seconds, micros);
  client_->set_keep_alive(true);
  client_->set_tcp_nodelay(true);
}

OpenAIClient::~OpenAIClient() = default;

namespace {

httplib::Headers auth_headers(const std::string& api_key) {
  httplib::Headers headers;
  if (!api_key.empty()) headers.emplace("Authorization", "Bearer " + api_key);
  return headers;
}

}  // namespace

CallResult OpenAIClient::list_models() {
  auto response = client_->Get(models_path_, auth_headers(api_key_));
  CallResult out = classify_response(response);
  if (out.error == CallError::None) out.text = response->body;
  return out;
}

CallResult OpenAIClient::complete(const std::string& prompt) {
  const bool pairs = is_pair_api(settings_.api);
  auto response = client_->Post(path_, auth_headers(api_key_), pairs ? prompt : request_body(settings_, prompt),
                                "application/json");
  CallResult out = classify_response(response);
  if (out.error != CallError::None) return out;
  if (pairs) {
    std::string problem;
    if (!parse_pair_response(settings_.api, response->body, pair_count(prompt), problem)) {
      out.error = CallError::Malformed;
      out.detail = "HTTP 200 with a body that is not a " + std::string(api_name(settings_.api)) +
                   " response: " + problem + ": " + response->body.substr(0, 200);
      return out;
    }
    out.text = response->body;
    return out;
  }
  auto text = parse_completion(response->body, settings_.api, settings_.top_logprobs > 0);
  if (!text) {
    out.error = CallError::Malformed;
    out.detail = "HTTP 200 with a body that is not an OpenAI completion: " + response->body.substr(0, 200);
    return out;
  }
  // A server without log-probabilities leaves them out, nulls them, or sends no positions.
  const auto positions =
      settings_.top_logprobs > 0 ? parse_token_positions(nlohmann::json::parse(*text)["logprobs"]) : std::nullopt;
  if (settings_.top_logprobs > 0 && (!positions || positions->empty())) {
    out.error = CallError::Client;
    out.detail =
        "the server returned no log-probabilities (choices[0].logprobs); use a server that does, e.g. vLLM, "
        "or run without --logprobs";
    return out;
  }
  out.text = std::move(*text);
  return out;
}

}  // namespace caqa::eval
