// A server that speaks every protocol caqa eval does (chat, completions, TEI /predict, vLLM
// /classify and /score) well for its first `healthy` requests, then misbehaves in one way
// (issue 43): the answers of a server that went wrong after a good start. Its good answers
// are the rule-based NLI of fake_pair_server.h; a judge's reply is the class it picks.
#pragma once

#include <httplib.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <nlohmann/json.hpp>
#include <string>
#include <thread>

#include "fake_pair_server.h"

namespace caqa::eval::testing {

enum class Misbehaviour {
  None,
  ShortBatch,    // one answer fewer than asked (a judge: no choice at all)
  LongBatch,     // one answer more (a judge: two choices)
  NotANumber,    // NaN in place of a value (not JSON)
  Infinite,      // 1e999: a number JSON readers take as infinity
  UnknownClass,  // a class the label map does not name
  Logits,        // values that are not probabilities (a judge's logprobs above 0)
  ClientError,   // HTTP 400
  ServerError,   // HTTP 503
  Slow,          // past the client's timeout
  CutShort,      // the body's first half
  WrongType,     // an HTML page
  Huge,          // a good answer behind 20 MB of blanks (the first bad answer only)
  Redirect,      // HTTP 302 elsewhere
};

inline constexpr Misbehaviour kMisbehaviours[] = {
    Misbehaviour::None,        Misbehaviour::ShortBatch,   Misbehaviour::LongBatch, Misbehaviour::NotANumber,
    Misbehaviour::Infinite,    Misbehaviour::UnknownClass, Misbehaviour::Logits,    Misbehaviour::ClientError,
    Misbehaviour::ServerError, Misbehaviour::Slow,         Misbehaviour::CutShort,  Misbehaviour::WrongType,
    Misbehaviour::Huge,        Misbehaviour::Redirect};

inline const char* misbehaviour_name(Misbehaviour m) {
  constexpr const char* kNames[] = {"none",          "short batch", "long batch", "NaN",      "infinity",
                                    "unknown class", "logits",      "HTTP 400",   "HTTP 503", "slow",
                                    "cut short",     "HTML",        "20 MB body", "redirect"};
  return kNames[static_cast<int>(m)];
}

class HostileServer {
 public:
  // pace_s: a pause before every answer (a kill test's time to strike).
  HostileServer(Misbehaviour mode, int healthy, double slow_s = 1.0, double pace_s = 0)
      : mode_(mode), healthy_(healthy), slow_s_(slow_s), pace_s_(pace_s) {
    server_.new_task_queue = [] { return new httplib::ThreadPool(16); };
    auto route = [this](const char* kind) {
      return [this, kind](const httplib::Request& req, httplib::Response& res) { answer(kind, req, res); };
    };
    for (const char* path : {"/v1/chat/completions", "/v1/completions", "/predict", "/classify", "/score"})
      server_.Post(path, route(path));
    server_.Get("/v1/models", [](const httplib::Request&, httplib::Response& res) {
      res.set_content(R"({"object":"list","data":[{"id":"fake-nli","object":"model"}]})", "application/json");
    });
    serving_.emplace(server_);
  }
  std::string url() const { return serving_->url(); }
  long requests() const { return requests_; }

 private:
  void answer(const std::string& path, const httplib::Request& req, httplib::Response& res) {
    if (pace_s_ > 0) std::this_thread::sleep_for(std::chrono::duration<double>(pace_s_));
    const bool bad = requests_++ >= healthy_ && mode_ != Misbehaviour::None;
    const Misbehaviour m = bad ? mode_ : Misbehaviour::None;
    switch (m) {
      case Misbehaviour::ClientError: return plain(res, 400, R"({"error":"bad request"})");
      case Misbehaviour::ServerError: return plain(res, 503, R"({"error":"overloaded"})");
      case Misbehaviour::WrongType: return plain(res, 200, "<html><body>Gateway</body></html>", "text/html");
      case Misbehaviour::Redirect: res.set_header("Location", "/elsewhere"); return plain(res, 302, "");
      case Misbehaviour::Slow: std::this_thread::sleep_for(std::chrono::duration<double>(slow_s_)); break;
      default: break;
    }
    const auto body = nlohmann::json::parse(req.body, nullptr, false);
    std::string out = path.starts_with("/v1/") ? judge(path, body, m) : pairs(path, body, m);
    if (m == Misbehaviour::CutShort) out = out.substr(0, out.size() / 2);
    if (m == Misbehaviour::Huge && padded_++ == 0) out = std::string(20u << 20, ' ') + out;  // one is enough
    plain(res, 200, out);
  }

  static void plain(httplib::Response& res, int status, const std::string& body,
                    const char* type = "application/json") {
    res.status = status;
    res.set_content(body, type);
  }

  // The number a value is written as, in this mode.
  static std::string value(double v, Misbehaviour m, double logit) {
    if (m == Misbehaviour::NotANumber) return "NaN";
    if (m == Misbehaviour::Infinite) return "1e999";
    return nlohmann::json(m == Misbehaviour::Logits ? logit : v).dump();
  }

  static std::string pairs(const std::string& path, const nlohmann::json& body, Misbehaviour m) {
    std::vector<std::pair<std::string, std::string>> asked;
    if (path == "/predict")
      for (const auto& p : body["inputs"]) asked.emplace_back(p[0], p[1]);
    if (path == "/classify")
      for (const auto& t : body["input"]) {
        const std::string text = t.get<std::string>();
        const std::size_t cut = text.find("</s></s>");
        asked.emplace_back(text.substr(0, cut), cut == std::string::npos ? "" : text.substr(cut + 8));
      }
    if (path == "/score")
      for (std::size_t i = 0; i < body["text_1"].size(); ++i) asked.emplace_back(body["text_1"][i], body["text_2"][i]);
    std::size_t n = asked.size();
    if (m == Misbehaviour::ShortBatch && n > 0) --n;
    if (m == Misbehaviour::LongBatch) asked.push_back(asked.front()), ++n;
    std::string items;
    for (std::size_t i = 0; i < n; ++i) {
      const auto p = fake_nli(asked[i].first, asked[i].second);
      std::string item;
      if (path == "/predict") {
        item = "[";
        for (std::size_t c = 0; c < p.size(); ++c) {
          const std::string label = m == Misbehaviour::UnknownClass && c == 2 ? "FOO" : kFakeNliClasses[c];
          item += (c ? "," : "") + std::string(R"({"label":")") + label + R"(","score":)" +
                  value(p[c], m, 4 * p[c] - 1) + "}";
        }
        item += "]";
      } else if (path == "/classify") {
        item = R"({"index":)" + std::to_string(i) + R"(,"label":"x","probs":[)";
        for (std::size_t c = 0; c < p.size(); ++c) item += (c ? "," : "") + value(p[c], m, 4 * p[c] - 1);
        if (m == Misbehaviour::UnknownClass) item += ",0.0";  // a fourth class, "3"
        item += "]}";
      } else {
        item = R"({"index":)" + std::to_string(i) + R"(,"object":"score","score":)" + value(p[1], m, 3 * p[1]) + "}";
      }
      items += (i ? "," : "") + item;
    }
    return path == "/predict" ? "[" + items + "]" : R"({"object":"list","model":"fake-nli","data":[)" + items + "]}";
  }

  static std::string judge(const std::string& path, const nlohmann::json& body, Misbehaviour m) {
    const bool chat = path == "/v1/chat/completions";
    const std::string reply = m == Misbehaviour::UnknownClass ? "Maybe." : "Supportive.";
    nlohmann::json choice = chat
                                ? nlohmann::json{{"index", 0}, {"message", {{"role", "assistant"}, {"content", reply}}}}
                                : nlohmann::json{{"index", 0}, {"text", reply}};
    std::string logprobs = "null";
    if (body.value("logprobs", nlohmann::json(false)) != false) {
      auto lp = [&](double p) { return value(std::log(p), m, 2.0 + p); };
      const std::string top =
          R"([{"token":"Support","logprob":)" + lp(0.5) + R"(},{"token":"Ir","logprob":)" + lp(0.25) + "}]";
      logprobs =
          chat ? R"({"content":[{"token":"Support","logprob":)" + lp(0.5) + R"(,"top_logprobs":)" + top + "}]}"
               : R"({"tokens":["Support"],"top_logprobs":[{"Support":)" + lp(0.5) + R"(,"Ir":)" + lp(0.25) + "}]}";
    }
    std::string one = choice.dump();
    one.insert(one.size() - 1, R"(,"logprobs":)" + logprobs);
    std::string choices = m == Misbehaviour::ShortBatch ? "" : m == Misbehaviour::LongBatch ? one + "," + one : one;
    return R"({"id":"x","object":"chat.completion","model":"fake-nli","choices":[)" + choices + "]}";
  }

  Misbehaviour mode_;
  int healthy_;
  double slow_s_, pace_s_;
  std::atomic<long> requests_{0}, padded_{0};
  httplib::Server server_;
  std::optional<ServingThread> serving_;  // after server_: stops before it is destroyed
};

}  // namespace caqa::eval::testing
