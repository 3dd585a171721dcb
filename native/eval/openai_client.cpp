// OpenAI-compatible HTTP client over cpp-httplib.
#include "openai_client.h"

#include <httplib.h>

#include <charconv>
#include <cmath>
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
  }
  return "unknown error";
}

bool is_retryable(CallError error) { return error != CallError::None && error != CallError::Client; }

namespace {

std::pair<std::string, std::string> split_base_url(const std::string& base_url) {
  std::size_t scheme = base_url.find("://");
  std::size_t slash = base_url.find('/', scheme == std::string::npos ? 0 : scheme + 3);
  std::string host = slash == std::string::npos ? base_url : base_url.substr(0, slash);
  std::string prefix = slash == std::string::npos ? "" : base_url.substr(slash);
  while (prefix.ends_with('/')) prefix.pop_back();
  return {host, prefix};
}

std::optional<double> parse_retry_after(const std::string& value) {
  double seconds = 0;
  auto [end, ec] = std::from_chars(value.data(), value.data() + value.size(), seconds);
  if (ec != std::errc() || end != value.data() + value.size() || !std::isfinite(seconds) || seconds < 0)
    return std::nullopt;  // an HTTP date: fall back to the backoff schedule
  return seconds;
}

}  // namespace

std::string request_body(const RequestSettings& settings, const std::string& prompt) {
  nlohmann::json body = {
      {"model", settings.model}, {"temperature", settings.temperature}, {"max_tokens", settings.max_tokens}};
  if (settings.api == Api::Chat) {
    body["messages"] = nlohmann::json::array({{{"role", "user"}, {"content", prompt}}});
  } else {
    body["prompt"] = prompt;
  }
  return body.dump();
}

std::optional<std::string> parse_completion(std::string_view body, Api api) {
  auto json = nlohmann::json::parse(body, nullptr, /*allow_exceptions=*/false);
  if (!json.is_object()) return std::nullopt;
  auto choices = json.find("choices");
  if (choices == json.end() || !choices->is_array() || choices->empty() || !(*choices)[0].is_object())
    return std::nullopt;
  const auto& choice = (*choices)[0];
  if (api == Api::Chat) {
    auto message = choice.find("message");
    if (message == choice.end() || !message->is_object()) return std::nullopt;
    auto content = message->find("content");
    if (content == message->end() || !content->is_string()) return std::nullopt;
    return content->get<std::string>();
  }
  auto text = choice.find("text");
  if (text == choice.end() || !text->is_string()) return std::nullopt;
  return text->get<std::string>();
}

OpenAIClient::OpenAIClient(const std::string& base_url, const RequestSettings& settings, std::string api_key)
    : settings_(settings), api_key_(std::move(api_key)) {
  auto [host, prefix] = split_base_url(base_url);
  std::string tail = settings.api == Api::Chat ? "/chat/completions" : "/completions";
  std::string v1 = prefix.ends_with("/v1") ? prefix : prefix + "/v1";
  path_ = v1 + tail;
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

// The error class of an HTTP exchange; None for a 2xx response.
CallResult classify(const httplib::Result& response) {
  CallResult out;
  if (!response) {
    httplib::Error error = response.error();
    out.error =
        error == httplib::Error::Read || error == httplib::Error::Write || error == httplib::Error::ConnectionTimeout
            ? CallError::Timeout
            : CallError::Connection;
    // httplib reports a read timeout and a connection dropped mid-request alike (Read).
    out.detail = httplib::to_string(error);
    return out;
  }
  out.status = response->status;
  if (response->status == 429 || response->status == 503) {
    if (response->has_header("Retry-After"))
      out.retry_after_s = parse_retry_after(response->get_header_value("Retry-After"));
  }
  if (response->status == 429) {
    out.error = CallError::RateLimited;
  } else if (response->status >= 500) {
    out.error = CallError::Server;
  } else if (response->status == 408) {
    out.error = CallError::Timeout;
  } else if (response->status < 200 || response->status >= 300) {
    out.error = CallError::Client;
  }
  if (out.error != CallError::None)
    out.detail = "HTTP " + std::to_string(response->status) + ": " + response->body.substr(0, 200);
  return out;
}

httplib::Headers auth_headers(const std::string& api_key) {
  httplib::Headers headers;
  if (!api_key.empty()) headers.emplace("Authorization", "Bearer " + api_key);
  return headers;
}

}  // namespace

CallResult OpenAIClient::list_models() {
  auto response = client_->Get(models_path_, auth_headers(api_key_));
  CallResult out = classify(response);
  if (out.error == CallError::None) out.text = response->body;
  return out;
}

CallResult OpenAIClient::complete(const std::string& prompt) {
  auto response = client_->Post(path_, auth_headers(api_key_), request_body(settings_, prompt), "application/json");
  CallResult out = classify(response);
  if (out.error != CallError::None) return out;
  auto text = parse_completion(response->body, settings_.api);
  if (!text) {
    out.error = CallError::Malformed;
    out.detail = "HTTP 200 with a body that is not an OpenAI completion: " + response->body.substr(0, 200);
    return out;
  }
  out.text = std::move(*text);
  return out;
}

}  // namespace caqa::eval
