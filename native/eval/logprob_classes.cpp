#include "logprob_classes.h"

#include <algorithm>
#include <cmath>
#include <nlohmann/json.hpp>

#include "caqa/label.h"

namespace caqa::eval {

namespace {

// The names a class may be written as, folded (no case, spaces, hyphens, underscores).
std::vector<std::string> class_names(const LabelScheme& scheme, ClassId cls) {
  std::vector<std::string> names{fold_label_text(scheme.class_name(cls))};
  for (const LabelSpelling& s : scheme.spellings)
    if (s.cls == cls) names.emplace_back(s.folded);
  for (Label label : kLabels)
    if (scheme.from_caqa_label(label) == cls) names.push_back(fold_label_text(label_name(label)));
  return names;
}

std::optional<TokenAlternative> alternative(const nlohmann::json& j) {
  if (!j.is_object() || !j.contains("token") || !j["token"].is_string() || !j.contains("logprob") ||
      !j["logprob"].is_number())
    return std::nullopt;
  return TokenAlternative{j["token"].get<std::string>(), j["logprob"].get<double>()};
}

}  // namespace

std::optional<std::vector<TokenPosition>> parse_token_positions(const nlohmann::json& j) {
  if (!j.is_object()) return std::nullopt;
  std::vector<TokenPosition> out;
  if (j.contains("content") && j["content"].is_array()) {  // chat
    for (const auto& entry : j["content"]) {
      auto chosen = alternative(entry);
      if (!chosen) return std::nullopt;
      TokenPosition position{chosen->token, {}};
      if (entry.contains("top_logprobs") && entry["top_logprobs"].is_array())
        for (const auto& alt : entry["top_logprobs"])
          if (auto a = alternative(alt)) position.top.push_back(*a);
      if (position.top.empty()) position.top.push_back(*chosen);
      out.push_back(std::move(position));
    }
    return out;
  }
  if (j.contains("tokens") && j["tokens"].is_array() && j.contains("top_logprobs") && j["top_logprobs"].is_array()) {
    const auto& tokens = j["tokens"];
    const auto& tops = j["top_logprobs"];
    for (std::size_t i = 0; i < tokens.size() && i < tops.size(); ++i) {
      if (!tokens[i].is_string()) return std::nullopt;
      TokenPosition position{tokens[i].get<std::string>(), {}};
      if (tops[i].is_object())
        for (const auto& [token, lp] : tops[i].items())
          if (lp.is_number()) position.top.push_back({token, lp.get<double>()});
      out.push_back(std::move(position));
    }
    return out;
  }
  return std::nullopt;
}

std::optional<ClassId> class_of_token(std::string_view token, const LabelScheme& scheme) {
  const std::string folded = fold_label_text(token);
  std::string letters;
  for (char c : folded)
    if ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9')) letters.push_back(c);
  if (letters.empty()) return std::nullopt;
  std::optional<ClassId> found;
  for (int c = 0; c < scheme.size(); ++c) {
    for (const std::string& name : class_names(scheme, static_cast<ClassId>(c))) {
      if (!name.starts_with(letters)) continue;
      if (found && *found != c) return std::nullopt;  // begins two classes' names: no evidence
      found = static_cast<ClassId>(c);
    }
  }
  return found;
}

std::optional<std::vector<double>> class_probabilities(const std::vector<TokenPosition>& positions,
                                                       const LabelScheme& scheme) {
  for (const TokenPosition& position : positions) {
    if (!class_of_token(position.token, scheme)) continue;
    std::vector<double> probs(static_cast<std::size_t>(scheme.size()), 0.0);
    // Relative to the largest, so that logits (--raw-scores) cannot overflow exp.
    double top = -INFINITY;
    for (const TokenAlternative& alt : position.top)
      if (class_of_token(alt.token, scheme)) top = std::max(top, alt.logprob);
    if (!std::isfinite(top)) return std::nullopt;
    double total = 0;
    for (const TokenAlternative& alt : position.top) {
      if (auto cls = class_of_token(alt.token, scheme)) {
        const double p = std::exp(alt.logprob - top);
        probs[*cls] += p;
        total += p;
      }
    }
    if (!(total > 0)) return std::nullopt;
    for (double& p : probs) p /= total;
    return probs;
  }
  return std::nullopt;
}

}  // namespace caqa::eval
