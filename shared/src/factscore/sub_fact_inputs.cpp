// Sub-facts as evaluator inputs and the labels folded back (sub_fact_inputs.h).
#include "caqa/factscore/sub_fact_inputs.h"

#include <cmath>
#include <unordered_map>

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "caqa/scheme_extract.h"
#include "caqa/source_text.h"

namespace caqa::factscore {

namespace {

using Json = nlohmann::json;

// Calls each(number, line) for every non-blank line; stops at the first false.
template <class Each>
bool for_each_line(std::string_view text, Each each) {
  LineCursor cursor(text);
  SourceLine line;
  while (cursor.next(line))
    if (!is_blank(line.text) && !each(line.number, line.text)) return false;
  return true;
}

std::string pair_id(const std::string& id, std::size_t k) { return fmt::format("{}#{}", id, k); }

}  // namespace

std::optional<SubFactInputs> sub_fact_inputs(std::string_view benchmark_jsonl, bool marker, std::string& error) {
  SubFactInputs out;
  const bool ok = for_each_line(benchmark_jsonl, [&](std::size_t number, std::string_view text) {
    const Json line = Json::parse(text, nullptr, false);  // no exceptions: the core is built for wasm too
    if (line.is_discarded() || !line.is_object() || !line.contains("id") || !line["id"].is_string()) {
      error = fmt::format("line {}: expected a JSON object with a string \"id\"", number);
      return false;
    }
    const auto sub = line.find("subfacts");
    if (sub == line.end() || !sub->is_array() || sub->empty()) {
      ++out.without;
      return true;
    }
    const std::string id = line["id"].get<std::string>();
    std::size_t k = 0;
    for (const Json& f : *sub) {
      if (!f.is_object() || !f.contains("fact") || !f["fact"].is_string()) {
        error = fmt::format("line {}: sub-fact {} of \"{}\" has no \"fact\" sentence", number, k + 1, id);
        return false;
      }
      Json input = {{"id", pair_id(id, k)}, {"answer", f["fact"].get<std::string>() + (marker ? " [1]" : "")}};
      for (const char* key : {"question", "citation", "complexity"})
        if (line.contains(key)) input[key] = line[key];
      out.jsonl += input.dump(-1, ' ', false, Json::error_handler_t::replace) + "\n";
      ++k;
    }
    out.ids.push_back(id);
    out.counts.push_back(k);
    return true;
  });
  if (!ok) return std::nullopt;
  return out;
}

std::optional<FoldedJudgments> fold_sub_fact_labels(std::string_view predictions_jsonl, const SubFactInputs& inputs,
                                                    const LabelScheme& scheme, bool scores, std::string& error) {
  FoldedJudgments out;
  std::unordered_map<std::string, std::string> judged;  // pair id -> its judgment as JSON
  const std::string_view positive = scheme.class_name(0);
  const bool ok = for_each_line(predictions_jsonl, [&](std::size_t number, std::string_view text) {
    const Json line = Json::parse(text, nullptr, false);
    auto text_of = [&](const char* key) {
      const auto it = line.is_object() ? line.find(key) : line.end();
      return it != line.end() && it->is_string() ? std::optional<std::string>(it->get<std::string>()) : std::nullopt;
    };
    const auto id = text_of("id"), label = text_of("label"), response = text_of("response");
    if (!id || (!label && !response)) {
      error =
          fmt::format("line {}: expected a prediction with a string \"id\" and a \"label\" or \"response\"", number);
      return false;
    }
    const std::optional<ClassId> cls =
        label ? scheme.parse_spelling(*label) : extract_scheme_class(*response, scheme, ExtractMode::Lenient);
    out.unread += !cls;
    std::string value = cls == ClassId{0} ? "true" : "false";
    if (scores) {
      const auto score = line.find("score");
      if (score == line.end() || !score->is_number() || !std::isfinite(score->get<double>())) {
        error = fmt::format("line {}: expected a numeric \"score\" (the probability of {})", number, positive);
        return false;
      }
      value = fmt::format("{}", score->get<double>());
    }
    judged[*id] = std::move(value);
    return true;
  });
  if (!ok) return std::nullopt;
  for (std::size_t s = 0; s < inputs.ids.size(); ++s) {
    std::string judgments;
    for (std::size_t k = 0; k < inputs.counts[s]; ++k) {
      const auto it = judged.find(pair_id(inputs.ids[s], k));
      if (it == judged.end()) {
        error = fmt::format("no prediction for sub-fact {} of \"{}\"", k + 1, inputs.ids[s]);
        return std::nullopt;
      }
      judgments += (k ? "," : "") + it->second;
    }
    out.jsonl += fmt::format("{{\"id\":{},\"subfacts\":[{}]}}\n", Json(inputs.ids[s]).dump(), judgments);
  }
  return out;
}

}  // namespace caqa::factscore
