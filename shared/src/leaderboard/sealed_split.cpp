#include "caqa/leaderboard/sealed_split.h"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "caqa/hash.h"

namespace caqa::leaderboard {

namespace {

using LineJson = nlohmann::json;

std::string string_field(const LineJson& line, const char* key) {
  auto it = line.find(key);
  return it != line.end() && it->is_string() ? it->get<std::string>() : std::string();
}

}  // namespace

std::optional<SealedSplit> seal_test_split(std::string_view test_jsonl, std::string& error) {
  SealedSplit out;
  std::size_t number = 0;
  while (!test_jsonl.empty()) {
    const std::size_t end = test_jsonl.find('\n');
    std::string_view text = test_jsonl.substr(0, end);
    test_jsonl.remove_prefix(end == std::string_view::npos ? test_jsonl.size() : end + 1);
    ++number;
    if (text.empty()) continue;
    LineJson line = LineJson::parse(text, nullptr, false);  // no exceptions: the core is built for wasm too
    if (line.is_discarded() || !line.is_object() || !line.contains("id") || !line["id"].is_string()) {
      error = fmt::format("line {}: expected a JSON object with a string \"id\"", number);
      return std::nullopt;
    }
    std::string group = string_field(line, "source_question");
    if (group.empty()) group = string_field(line, "question");
    if (fnv1a64(group) % kPublicShare == 0) {
      out.public_gold.append(text).push_back('\n');
      ++out.n_public;
      continue;
    }
    out.ranked_gold.append(text).push_back('\n');
    ++out.n_ranked;
    LineJson inputs = LineJson::object();
    for (const char* key : {"id", "question", "answer", "citation", "complexity"})
      if (line.contains(key)) inputs[key] = line[key];
    // The answer's sub-facts travel without their verdicts, like the label (issue 41).
    if (auto sub = line.find("subfacts"); sub != line.end() && sub->is_array()) {
      LineJson facts = LineJson::array();
      for (const auto& f : *sub)
        if (f.is_object() && f.contains("fact")) facts.push_back({{"fact", f["fact"]}});
      inputs["subfacts"] = std::move(facts);
    }
    out.ranked_inputs.append(inputs.dump()).push_back('\n');
    LineJson placeholder = {{"id", line["id"]}, {"label", kPlaceholderLabel}, {"split", "test"}};
    if (line.contains("complexity")) placeholder["complexity"] = line["complexity"];
    out.ranked_placeholder.append(placeholder.dump()).push_back('\n');
  }
  if (out.n_ranked == 0 || out.n_public == 0) {
    error =
        fmt::format("{} public and {} ranked samples: the test split is too small to seal", out.n_public, out.n_ranked);
    return std::nullopt;
  }
  return out;
}

}  // namespace caqa::leaderboard
