// One request to an OpenAI-compatible server (POST /v1/chat/completions or
// /v1/completions), with errors as values. No retries here: see eval_runner.h.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

namespace httplib {
class Client;
}

namespace caqa::eval {

enum class Api : std::uint8_t { Chat, Completions };

struct RequestSettings {
  std::string model;
  Api api = Api::Chat;
  double temperature = 0.0;
  int max_tokens = 128;
  double timeout_s = 60.0;  // connect, read and write each
};

enum class CallError : std::uint8_t {
  None,
  Connection,   // refused, reset, dropped before a response (retried)
  Timeout,      // no complete response within the timeout, or dropped mid-request (retried)
  RateLimited,  // HTTP 429 (retried, honouring Retry-After)
  Server,       // HTTP 5xx (retried)
  Malformed,    // HTTP 200 with a body that is not an OpenAI response (retried)
  Client,       // other HTTP 4xx: bad key, bad model, bad request (not retried)
};

std::string_view to_string(CallError error);
bool is_retryable(CallError error);

struct CallResult {
  CallError error = CallError::None;
  int status = 0;                       // HTTP status, 0 when none came back
  std::optional<double> retry_after_s;  // from a Retry-After header in seconds
  std::string text;                     // the completion, when error == None
  std::string detail;                   // what went wrong, for the log (never the key)
};

// "http://host:port[/prefix]"; the request path is prefix + "/v1/chat/completions"
// (or prefix + "/chat/completions" when the prefix already ends in "/v1").
class OpenAIClient {
 public:
  OpenAIClient(const std::string& base_url, const RequestSettings& settings, std::string api_key);
  ~OpenAIClient();
  OpenAIClient(const OpenAIClient&) = delete;
  OpenAIClient& operator=(const OpenAIClient&) = delete;

  CallResult complete(const std::string& prompt);
  // GET /v1/models: the body in text on HTTP 200 (the preflight reads the model list).
  CallResult list_models();

 private:
  RequestSettings settings_;
  std::string api_key_;
  std::string path_, models_path_;
  std::unique_ptr<httplib::Client> client_;
};

// The request body, exactly as sent (nlohmann JSON, keys sorted).
std::string request_body(const RequestSettings& settings, const std::string& prompt);
// The completion text of a response body, or nullopt when it is not an OpenAI response.
std::optional<std::string> parse_completion(std::string_view body, Api api);

}  // namespace caqa::eval
