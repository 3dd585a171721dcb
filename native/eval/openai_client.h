// One request to an evaluator's server, with errors as values: an OpenAI-compatible
// chat or text completion (optionally with token log-probabilities), or a batch of
// sequence pairs for a classifier (TEI /predict, vLLM /classify and /score; the body is
// made by pair_protocol.h). No retries here: see request_pool.h.
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

enum class Api : std::uint8_t { Chat, Completions, TeiPredict, VllmClassify, VllmScore };

// "chat", "completions", "tei", "vllm-classify", "vllm-score": the --api names.
std::string_view api_name(Api api);
std::optional<Api> parse_api(std::string_view name);
// The APIs that classify pairs (the request body is a batch; see pair_protocol.h).
bool is_pair_api(Api api);

struct RequestSettings {
  std::string model;
  Api api = Api::Chat;
  double temperature = 0.0;
  int max_tokens = 128;
  int top_logprobs = 0;               // chat / completions: > 0 asks for this many alternatives per token
  std::string pair_separator = "\n";  // vllm-classify: between premise and hypothesis in one text
  bool raw_scores = false;            // --raw-scores: the server's values are logits (answer_checks.h)
  double timeout_s = 60.0;            // connect, read and write each
};

enum class CallError : std::uint8_t {
  None,
  Connection,   // refused, reset, dropped before a response (retried)
  Timeout,      // no complete response within the timeout, or dropped mid-request (retried)
  RateLimited,  // HTTP 429 (retried, honouring Retry-After)
  Server,       // HTTP 5xx (retried)
  Malformed,    // HTTP 200 with a body that is not an OpenAI response (retried)
  Client,       // other HTTP 4xx: bad key, bad model, bad request (not retried)
  Refused,      // HTTP 200 with values caqa cannot back (the request pool's answer check, answer_checks.h: not retried,
                // never cached)
};

std::string_view to_string(CallError error);
bool is_retryable(CallError error);

struct CallResult {
  CallError error = CallError::None;
  int status = 0;                       // HTTP status, 0 when none came back
  std::optional<double> retry_after_s;  // from a Retry-After header in seconds
  std::string text;                     // the completion, when error == None (see complete())
  std::string detail;                   // what went wrong, for the log (never the key)
  std::string words;                    // the server's own words behind a refusal, for the sample's failure
};

// "http://host:port[/prefix]"; the request path is prefix + "/v1/chat/completions"
// (or prefix + "/chat/completions" when the prefix already ends in "/v1").
class OpenAIClient {
 public:
  OpenAIClient(const std::string& base_url, const RequestSettings& settings, std::string api_key);
  ~OpenAIClient();
  OpenAIClient(const OpenAIClient&) = delete;
  OpenAIClient& operator=(const OpenAIClient&) = delete;

  // Chat / completions: `prompt` is the prompt; the text is the completion, or with
  // top_logprobs the JSON {"content": ..., "logprobs": the choice's logprobs object}
  // (a response without log-probabilities is a Client error: asking again cannot help).
  // Pair APIs: `prompt` is the request body; the text is the response body, its shape
  // checked against the request (pair_protocol.h).
  CallResult complete(const std::string& prompt);
  // GET /v1/models: the body in text on HTTP 200 (the preflight reads the model list).
  CallResult list_models();

 private:
  RequestSettings settings_;
  std::string api_key_;
  std::string path_, models_path_;
  std::unique_ptr<httplib::Client> client_;
};

// The request body of a chat or text completion, exactly as sent (nlohmann JSON, keys sorted).
std::string request_body(const RequestSettings& settings, const std::string& prompt);
// The completion text of a response body, or nullopt when it is not an OpenAI response;
// with_logprobs: {"content", "logprobs"} as complete() returns it (logprobs null when absent).
std::optional<std::string> parse_completion(std::string_view body, Api api, bool with_logprobs = false);

}  // namespace caqa::eval
