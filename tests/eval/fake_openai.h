// A fake OpenAI-compatible server for the eval tests: cpp-httplib on 127.0.0.1 with an
// ephemeral port, a deterministic rule-based judge, per-prompt request counts and
// injected faults. Also a raw TCP listener that drops every connection.
#pragma once

#include <httplib.h>
#include <netinet/in.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <cmath>
#include <functional>
#include <map>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>

#include "fake_verbalizer.h"

namespace caqa::eval::testing {

// A request count once no request has arrived for 200 ms: requests a killed client had in
// flight may still reach the server after the kill, and must not count for the next run.
inline long settled(const std::atomic<long>& total) {
  long seen = total;
  for (;;) {
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    if (total == seen) return seen;
    seen = total;
  }
}

inline std::string fake_line_after(const std::string& prompt, const std::string& tag) {
  std::size_t pos = prompt.rfind("\n" + tag);
  if (pos == std::string::npos) return std::string();
  pos += 1 + tag.size();
  return prompt.substr(pos, prompt.find('\n', pos) - pos);
}

inline std::string fake_last_word(const std::string& text) {
  std::string word, last;
  for (char c : text + " ") {
    if (std::isalpha(static_cast<unsigned char>(c))) {
      word.push_back(c);
    } else {
      if (!word.empty()) last = word;
      word.clear();
    }
  }
  return last;
}

// "Supportive" when the citation (last "Reference: " line) contains the last word of
// the answer (last "Answer: " line), else "Irrelevant".
inline std::string fake_judge(const std::string& prompt) {
  std::string last = fake_last_word(fake_line_after(prompt, "Answer: "));
  return !last.empty() && fake_line_after(prompt, "Reference: ").find(last) != std::string::npos ? "Supportive"
                                                                                                 : "Irrelevant";
}

// The CoT prompts (CAQA Appendix E.3), answered by rule:
//  - decomposition ("Break the following sentence ..."): the "Sentence: " line split at
//    ";", one "- sub-fact" a line;
//  - fact ("Evaluate the relationship ..."): with w the statement's last word and the
//    "Reference: " line r: "Contradictory" if r holds "no w", else "Supportive" if r holds
//    w, else "Irrelevant"; a statement holding "???" gets "I cannot tell." (no category).
inline bool is_decompose_prompt(const std::string& prompt) {
  return prompt.starts_with("Break the following sentence into independent sub-facts.");
}
inline bool is_fact_prompt(const std::string& prompt) {
  return prompt.starts_with("Evaluate the relationship between the statement and reference.");
}

inline std::string fake_decompose(const std::string& prompt) {
  std::string sentence = fake_line_after(prompt, "Sentence: "), out;
  std::size_t begin = 0;
  for (;;) {
    std::size_t end = sentence.find(';', begin);
    std::string part = sentence.substr(begin, end == std::string::npos ? std::string::npos : end - begin);
    while (!part.empty() && part.front() == ' ') part.erase(0, 1);
    if (!part.empty()) out += (out.empty() ? "- " : "\n- ") + part;
    if (end == std::string::npos) return out;
    begin = end + 1;
  }
}

inline std::string fake_fact(const std::string& prompt) {
  std::string statement = fake_line_after(prompt, "Statement: "), reference = fake_line_after(prompt, "Reference: ");
  if (statement.find("???") != std::string::npos) return "I cannot tell.";
  std::string last = fake_last_word(statement);
  if (last.empty()) return "Irrelevant";
  if (reference.find("no " + last) != std::string::npos) return "Contradictory";
  return reference.find(last) != std::string::npos ? "Supportive" : "Irrelevant";
}

// caqa kalma --endpoint: "yes" when the premise holds the hypothesis's value, "no" when
// not, and a reply that is neither for a value with "???".
inline bool is_entailment_prompt(const std::string& prompt) {
  return prompt.starts_with("Does the premise entail the hypothesis?");
}

inline std::string fake_entailment(const std::string& prompt) {
  std::string premise = fake_line_after(prompt, "Premise: "), hypothesis = fake_line_after(prompt, "Hypothesis: ");
  std::string value = hypothesis.substr(hypothesis.find(": ") + 2);
  if (value.find("???") != std::string::npos) return "It is hard to say.";
  return premise.find(value) != std::string::npos ? "Yes." : "No";
}

// CAQA D.2's FActScore prompt: "True" when the text holds the fact's last word, else "False".
inline bool is_factscore_prompt(const std::string& prompt) {
  return prompt.starts_with("Judge this fact based on the given context.");
}

inline std::string fake_factscore(const std::string& prompt) {
  std::string last = fake_last_word(fake_line_after(prompt, " Fact: "));
  return !last.empty() && fake_line_after(prompt, " Text: ").find(last) != std::string::npos ? "True" : "False";
}

inline std::string fake_reply(const std::string& prompt) {
  if (is_factscore_prompt(prompt)) return fake_factscore(prompt);
  if (is_entailment_prompt(prompt)) return fake_entailment(prompt);
  if (verbalize_task(prompt) != VerbalizeTask::None) return fake_verbalize(prompt);
  if (is_decompose_prompt(prompt)) return fake_decompose(prompt);
  if (is_fact_prompt(prompt)) return fake_fact(prompt);
  return fake_judge(prompt);
}

// The fake judge's token log-probabilities: the reply's first token ("Support" or "Ir") with
// three alternatives, probabilities 0.5 / 0.25 / 0.125 for the top three classes (so the class
// probabilities over them are 4/7, 2/7, 1/7), then the rest of the reply as one token.
inline nlohmann::json fake_logprobs(const std::string& reply) {
  if (reply == "True" || reply == "False") {  // D.2: the reply 0.75, the other word 0.25
    const nlohmann::json top =
        nlohmann::json::array({{{"token", reply}, {"logprob", std::log(0.75)}},
                               {{"token", reply == "True" ? "False" : "True"}, {"logprob", std::log(0.25)}}});
    return nlohmann::json::array({{{"token", reply}, {"logprob", std::log(0.75)}, {"top_logprobs", top}}});
  }
  const bool supportive = reply.starts_with("Supportive");
  const std::string first = supportive ? "Support" : "Ir";
  nlohmann::json top = nlohmann::json::array({{{"token", first}, {"logprob", std::log(0.5)}},
                                              {{"token", supportive ? "Part" : "Contr"}, {"logprob", std::log(0.25)}},
                                              {{"token", supportive ? "Ir" : "Support"}, {"logprob", std::log(0.125)}},
                                              {{"token", ":"}, {"logprob", std::log(0.0625)}}});
  return nlohmann::json::array(
      {{{"token", first}, {"logprob", std::log(0.5)}, {"top_logprobs", top}},
       {{"token", reply.substr(first.size())}, {"logprob", -0.01}, {"top_logprobs", nlohmann::json::array()}}});
}

// Chatty: the judged category inside a sentence ("I would say: Supportive."), which the
// lenient extraction reads and the strict one does not.
enum class Fault { None, Status500, Status429, Slow, Malformed, Status401, Status404, Chatty };

// A local httplib server listening on a free port in a thread of its own, from construction
// (its routes set before) to destruction: what every fake server of these tests needs.
class ServingThread {
 public:
  explicit ServingThread(httplib::Server& server) : server_(server) {
    port_ = server_.bind_to_any_port("127.0.0.1");
    thread_ = std::thread([this] { server_.listen_after_bind(); });
    while (!server_.is_running()) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  ~ServingThread() {
    server_.stop();
    thread_.join();
  }
  ServingThread(const ServingThread&) = delete;
  ServingThread& operator=(const ServingThread&) = delete;
  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_); }

 private:
  httplib::Server& server_;
  int port_ = 0;
  std::thread thread_;
};

class FakeOpenAI {
 public:
  // plan(prompt, n): the fault for the n-th (0-based) request carrying this prompt.
  using Plan = std::function<Fault(const std::string& prompt, int n)>;
  explicit FakeOpenAI(Plan plan = {}, double delay_s = 0.0, double slow_s = 1.0, std::string retry_after = "0")
      : plan_(std::move(plan)), delay_s_(delay_s), slow_s_(slow_s), retry_after_(std::move(retry_after)) {
    server_.new_task_queue = [] { return new httplib::ThreadPool(96); };
    server_.set_keep_alive_max_count(1000000);
    server_.set_tcp_nodelay(true);
    server_.Post("/v1/chat/completions", [this](const httplib::Request& req, httplib::Response& res) {
      auto body = nlohmann::json::parse(req.body, nullptr, false);
      std::string prompt = body.is_object() ? body["messages"][0]["content"].get<std::string>() : "";
      int n = 0;
      {
        std::lock_guard lock(mutex_);
        n = counts_[prompt]++;
      }
      ++total_;
      if (body.is_object() && body.value("model", "") != "fake-judge") {  // as vLLM answers an unknown model
        res.status = 404;
        res.set_content("{\"error\":\"model not found\"}", "application/json");
        return;
      }
      if (delay_s_ > 0) std::this_thread::sleep_for(std::chrono::duration<double>(delay_s_));
      Fault fault = plan_ ? plan_(prompt, n) : Fault::None;
      switch (fault) {
        case Fault::Status500:
          res.status = 500;
          res.set_content("{\"error\":\"boom\"}", "application/json");
          return;
        case Fault::Status401:
          res.status = 401;
          res.set_content("{\"error\":\"bad key\"}", "application/json");
          return;
        case Fault::Status404:
          res.status = 404;
          res.set_content("{\"error\":\"model not found\"}", "application/json");
          return;
        case Fault::Status429:
          res.status = 429;
          res.set_header("Retry-After", retry_after_);
          res.set_content("{\"error\":\"slow down\"}", "application/json");
          return;
        case Fault::Malformed: res.set_content("{\"choices\": [ {\"mess", "application/json"); return;
        case Fault::Slow: std::this_thread::sleep_for(std::chrono::duration<double>(slow_s_)); break;
        case Fault::None:
        case Fault::Chatty: break;
      }
      std::string reply = fault == Fault::Chatty ? "I would say: " + fake_reply(prompt) + "." : fake_reply(prompt);
      nlohmann::json out = {{"id", "fake"},
                            {"object", "chat.completion"},
                            {"choices", {{{"index", 0}, {"message", {{"role", "assistant"}, {"content", reply}}}}}}};
      // As vLLM answers "logprobs": true: a logprobs.content entry per token, with its alternatives.
      if (body.is_object() && body.value("logprobs", false) && logprobs_)
        out["choices"][0]["logprobs"] = {{"content", fake_logprobs(reply)}};
      res.set_content(out.dump(), "application/json");
    });
    // The model list a preflight reads; models_status 404 plays a server without it.
    server_.Get("/v1/models", [this](const httplib::Request&, httplib::Response& res) {
      ++models_requests_;
      res.status = models_status_;
      res.set_content(models_status_ == 200 ? R"({"object":"list","data":[{"id":"fake-judge","object":"model"}]})"
                                            : R"({"error":"no"})",
                      "application/json");
    });
    serving_.emplace(server_);
  }
  std::string url() const { return serving_->url(); }
  std::map<std::string, int> counts() {
    std::lock_guard lock(mutex_);
    return counts_;
  }
  int count(const std::string& prompt) {
    std::lock_guard lock(mutex_);
    auto it = counts_.find(prompt);
    return it == counts_.end() ? 0 : it->second;
  }
  long total() const { return total_; }
  // The total once no request has arrived for 200 ms: requests a killed client had in
  // flight may still reach the server after the kill, and must not count for the next run.
  long settled_total() const { return settled(total_); }
  long models_requests() const { return models_requests_; }
  // false plays a server that ignores "logprobs" (no logprobs in its choices).
  void set_logprobs(bool on) { logprobs_ = on; }
  void set_models_status(int status) { models_status_ = status; }

 private:
  Plan plan_;
  double delay_s_, slow_s_;
  std::string retry_after_;
  httplib::Server server_;
  std::optional<ServingThread> serving_;  // after server_: stops before it is destroyed
  std::mutex mutex_;
  std::map<std::string, int> counts_;
  std::atomic<long> total_{0}, models_requests_{0};
  std::atomic<int> models_status_{200};
  std::atomic<bool> logprobs_{true};
};

// Accepts connections, reads a little, then closes them without answering.
class DropServer {
 public:
  DropServer() {
    fd_ = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in addr{};
    addr.sin_family = AF_INET;
    addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    addr.sin_port = 0;
    ::bind(fd_, reinterpret_cast<sockaddr*>(&addr), sizeof addr);
    ::listen(fd_, 64);
    socklen_t length = sizeof addr;
    ::getsockname(fd_, reinterpret_cast<sockaddr*>(&addr), &length);
    port_ = ntohs(addr.sin_port);
    thread_ = std::thread([this] {
      for (;;) {
        int client = ::accept(fd_, nullptr, nullptr);
        if (client < 0) return;
        ++accepted_;
        char buffer[256];
        (void)::recv(client, buffer, sizeof buffer, 0);
        ::close(client);
      }
    });
  }
  ~DropServer() {
    ::shutdown(fd_, SHUT_RDWR);
    ::close(fd_);
    thread_.join();
  }
  std::string url() const { return "http://127.0.0.1:" + std::to_string(port_); }
  long accepted() const { return accepted_; }

 private:
  int fd_ = -1, port_ = 0;
  std::thread thread_;
  std::atomic<long> accepted_{0};
};

}  // namespace caqa::eval::testing
