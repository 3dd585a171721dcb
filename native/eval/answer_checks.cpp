#include "answer_checks.h"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <numeric>

namespace caqa::eval {

namespace {

// A probability may come back as 1.0000001 from a float softmax.
constexpr double kSlack = 1e-6;
// How far a softmax's sum may stray from 1 (float32 over a few classes stays far inside).
constexpr double kSumTolerance = 1e-3;
constexpr std::size_t kWordsShown = 200;

std::string words_of(const PairOutput& output) {
  std::string words = output.raw.dump();
  if (words.size() > kWordsShown) words = words.substr(0, kWordsShown) + "...";
  return words;
}

// What makes a server send values that are not probabilities, and the way out.
std::string not_probabilities(Api api) {
  switch (api) {
    case Api::TeiPredict:
      return "the classes' scores are not probabilities (outside [0, 1] or not summing to 1): TEI softmaxes them "
             "unless a request sets raw_scores (caqa sends false), so this server returns logits; --raw-scores "
             "takes them as logits (softmax)";
    case Api::VllmClassify:
      return "the classes' probs are not probabilities (outside [0, 1] or not summing to 1): the server's pooler "
             "skips its softmax (vLLM --override-pooler-config with softmax or activation off); --raw-scores takes "
             "them as logits (softmax)";
    case Api::VllmScore:
      return "the score is not a probability (outside [0, 1]): the server's pooler skips its sigmoid (vLLM "
             "--override-pooler-config with activation off); --raw-scores takes it as a logit (sigmoid)";
    case Api::Chat:
    case Api::Completions: break;
  }
  return "the values are not probabilities";
}

std::string known_classes(const ClassMap& map) {
  std::string out;
  for (const auto& [name, cls] : map.entries) out += (out.empty() ? "" : ", ") + name;
  return out.empty() ? "none" : out;
}

}  // namespace

PairVerdict check_pair_output(Api api, const ClassMap& map, const PairOutput& output, bool raw_scores) {
  PairVerdict out;
  auto refuse = [&](std::string reason) {
    out.refusal = Refusal{std::move(reason), words_of(output)};
    return out;
  };
  PairOutput probabilities = output;
  if (output.score) {
    double s = *output.score;
    if (!std::isfinite(s)) return refuse("the score is not a finite number");
    if (raw_scores) {
      s = 1.0 / (1.0 + std::exp(-s));
    } else if (s < -kSlack || s > 1.0 + kSlack) {
      return refuse(not_probabilities(api));
    }
    probabilities.score = std::clamp(s, 0.0, 1.0);
  } else {
    for (const auto& [name, value] : output.classes) {
      if (!std::isfinite(value)) return refuse(fmt::format("class \"{}\" has no finite value", name));
      if (!map.find(name))
        return refuse(fmt::format("class {} is not in --label-map (known: {})", name, known_classes(map)));
    }
    if (raw_scores) {
      double top = -INFINITY, sum = 0;
      for (const auto& c : output.classes) top = std::max(top, c.second);
      for (auto& c : probabilities.classes) sum += c.second = std::exp(c.second - top);
      for (auto& c : probabilities.classes) c.second /= sum;
    } else {
      double sum = 0;
      for (const auto& c : output.classes) {
        if (c.second < -kSlack || c.second > 1.0 + kSlack) return refuse(not_probabilities(api));
        sum += c.second;
      }
      if (output.classes.size() > 1 && std::abs(sum - 1.0) > kSumTolerance) return refuse(not_probabilities(api));
    }
  }
  std::string error;
  out.judgement = judge_pair(map, probabilities, error);
  if (!out.judgement) return refuse(error);
  // One class of a model that names one (a sigmoid) is no distribution over the scheme.
  if (double sum = std::accumulate(out.judgement->probs.begin(), out.judgement->probs.end(), 0.0);
      std::abs(sum - 1.0) > kSumTolerance)
    out.judgement->probs.clear();
  return out;
}

std::optional<Refusal> check_logprobs(const std::vector<TokenPosition>& positions, bool raw_scores) {
  for (const TokenPosition& position : positions)
    for (const TokenAlternative& alternative : position.top) {
      const double v = alternative.logprob;
      // -inf is a probability of 0, as some servers write it.
      if (v == -INFINITY || (std::isfinite(v) && (raw_scores || v <= kSlack))) continue;
      return Refusal{std::isfinite(v) ? "the log-probabilities include values above 0, which are logits: vLLM "
                                        "--logprobs-mode raw_logits or processed_logits returns them (serve with "
                                        "raw_logprobs or processed_logprobs); --raw-scores takes them as logits"
                                      : "a log-probability is NaN or +infinity",
                     fmt::format("token \"{}\": {}", alternative.token, v)};
    }
  return std::nullopt;
}

std::optional<Refusal> check_completion_logprobs(const std::string& completion, bool raw_scores) {
  const auto reply = nlohmann::json::parse(completion, nullptr, false);
  const auto positions =
      reply.is_object() && reply.contains("logprobs") && reply.contains("content") && reply["content"].is_string()
          ? parse_token_positions(reply["logprobs"])
          : std::nullopt;
  if (!positions || positions->empty())
    return Refusal{"no completion with log-probabilities", completion.substr(0, kWordsShown)};
  return check_logprobs(*positions, raw_scores);
}

}  // namespace caqa::eval
