// Fake sequence-pair classifier servers for the eval tests, written from the servers'
// documented shapes (native/eval/pair_protocol.h): text-embeddings-inference POST /predict
// and vLLM's pooling runner POST /classify and POST /score (and GET /v1/models), on
// 127.0.0.1 with an ephemeral port. A rule-based NLI model: with w the hypothesis's last
// word, "contradiction" when the premise holds "no w", "entailment" when it holds w, else
// "neutral"; probabilities 0.8 / 0.15 / 0.05 down that order of certainty.
#pragma once

#include <httplib.h>

#include <atomic>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "fake_openai.h"

namespace caqa::eval::testing {

// The model's classes as its config.json id2label names them.
inline const std::vector<std::string> kFakeNliClasses = {"contradiction", "entailment", "neutral"};

// Probabilities by class index of kFakeNliClasses.
inline std::vector<double> fake_nli(const std::string& premise, const std::string& hypothesis) {
  const std::string w = fake_last_word(hypothesis);
  int top = 2;
  if (!w.empty() && premise.find("no " + w) != std::string::npos) {
    top = 0;
  } else if (!w.empty() && premise.find(w) != std::string::npos) {
    top = 1;
  }
  std::vector<double> p(3, 0.0);
  p[static_cast<std::size_t>(top)] = 0.8;
  p[static_cast<std::size_t>((top + 1) % 3)] = 0.15;
  p[static_cast<std::size_t>((top + 2) % 3)] = 0.05;
  return p;
}

class FakePairServer {
 public:
  // fail_first: answer the first request of each distinct body with HTTP 500.
  // tei_labels: the class names TEI reports (a model whose id2label is LABEL_0...).
  explicit FakePairServer(bool fail_first = false, std::vector<std::string> tei_labels = kFakeNliClasses,
                          double delay_s = 0.0)
      : fail_first_(fail_first), tei_labels_(std::move(tei_labels)), delay_s_(delay_s) {
    server_.new_task_queue = [] { return new httplib::ThreadPool(32); };
    server_.Post("/predict", [this](const httplib::Request& req, httplib::Response& res) {
      auto body = nlohmann::json::parse(req.body, nullptr, false);
      if (!admit(req.body, body, "inputs", res)) return;
      nlohmann::json out = nlohmann::json::array();
      for (const auto& pair : body["inputs"]) {
        auto p = fake_nli(pair[0].get<std::string>(), pair[1].get<std::string>());
        nlohmann::json classes = nlohmann::json::array();
        for (std::size_t c = 0; c < p.size(); ++c) classes.push_back({{"label", tei_labels_[c]}, {"score", p[c]}});
        out.push_back(classes);
      }
      res.set_content(out.dump(), "application/json");
    });
    server_.Post("/classify", [this](const httplib::Request& req, httplib::Response& res) {
      auto body = nlohmann::json::parse(req.body, nullptr, false);
      if (!admit(req.body, body, "input", res)) return;
      nlohmann::json data = nlohmann::json::array();
      for (std::size_t i = 0; i < body["input"].size(); ++i) {
        const std::string text = body["input"][i].get<std::string>();
        const std::size_t cut = text.find("</s></s>");
        auto p = fake_nli(text.substr(0, cut), cut == std::string::npos ? "" : text.substr(cut + 8));
        const std::size_t top = static_cast<std::size_t>(std::max_element(p.begin(), p.end()) - p.begin());
        data.push_back({{"index", i}, {"label", kFakeNliClasses[top]}, {"probs", p}, {"num_classes", 3}});
      }
      // vLLM answers in input order; reversed here, so that a client must place by "index".
      std::reverse(data.begin(), data.end());
      res.set_content(envelope("classify", data).dump(), "application/json");
    });
    server_.Post("/score", [this](const httplib::Request& req, httplib::Response& res) {
      auto body = nlohmann::json::parse(req.body, nullptr, false);
      if (!admit(req.body, body, "text_2", res)) return;
      nlohmann::json data = nlohmann::json::array();
      for (std::size_t i = 0; i < body["text_2"].size(); ++i) {
        auto p = fake_nli(body["text_1"][i].get<std::string>(), body["text_2"][i].get<std::string>());
        data.push_back({{"index", i}, {"object", "score"}, {"score", p[1]}});
      }
      res.set_content(envelope("score", data).dump(), "application/json");
    });
    server_.Get("/v1/models", [](const httplib::Request&, httplib::Response& res) {
      res.set_content(R"({"object":"list","data":[{"id":"fake-nli","object":"model"}]})", "application/json");
    });
    serving_.emplace(server_);
  }
  std::string url() const { return serving_->url(); }
  long total() const { return total_; }
  std::size_t largest_batch() const { return largest_batch_; }
  std::map<std::string, int> counts() {
    std::lock_guard lock(mutex_);
    return counts_;
  }
  long settled_total() const { return settled(total_); }

 private:
  static nlohmann::json envelope(const std::string& kind, nlohmann::json data) {
    return {{"id", kind + "-fake"}, {"object", "list"},        {"created", 0},
            {"model", "fake-nli"},  {"data", std::move(data)}, {"usage", {{"prompt_tokens", 0}, {"total_tokens", 0}}}};
  }
  // Counts the request; false (with the response set) for a fault or a malformed request.
  bool admit(const std::string& raw, const nlohmann::json& body, const char* list, httplib::Response& res) {
    int n = 0;
    {
      std::lock_guard lock(mutex_);
      n = counts_[raw]++;
    }
    ++total_;
    if (delay_s_ > 0) std::this_thread::sleep_for(std::chrono::duration<double>(delay_s_));
    if (!body.is_object() || !body.contains(list) || !body[list].is_array()) {
      res.status = 422;
      res.set_content(R"({"error":"Failed to deserialize the JSON body","error_type":"Validation"})",
                      "application/json");
      return false;
    }
    if (body.contains("model") && body["model"] != "fake-nli") {
      res.status = 404;
      res.set_content(R"({"object":"error","message":"The model does not exist.","type":"NotFoundError","code":404})",
                      "application/json");
      return false;
    }
    std::size_t size = body[list].size(), seen = largest_batch_;
    while (size > seen && !largest_batch_.compare_exchange_weak(seen, size)) {
    }
    if (fail_first_ && n == 0) {
      res.status = 500;
      res.set_content(R"({"error":"boom","error_type":"Backend"})", "application/json");
      return false;
    }
    return true;
  }

  bool fail_first_;
  std::vector<std::string> tei_labels_;
  double delay_s_;
  httplib::Server server_;
  std::optional<ServingThread> serving_;  // after server_: stops before it is destroyed
  std::mutex mutex_;
  std::map<std::string, int> counts_;
  std::atomic<long> total_{0};
  std::atomic<std::size_t> largest_batch_{0};
};

}  // namespace caqa::eval::testing
