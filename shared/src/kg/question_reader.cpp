#include "caqa/kg/question_reader.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "caqa/source_text.h"

namespace caqa::kg {

namespace {

using Json = nlohmann::json;

std::optional<std::string> term_text(const Json& j) {
  if (j.is_string()) return j.get<std::string>();
  if (j.is_number_integer()) return j.dump();
  return std::nullopt;
}

}  // namespace

std::vector<Question> read_questions(const TextSource& source, ProblemCounts& problems) {
  std::vector<Question> out;
  LineCursor cursor(source.text);
  SourceLine line;
  while (cursor.next(line)) {
    if (is_blank(line.text)) continue;
    std::string where = fmt::format("{}:{}", source.name, line.number);
    Json j = Json::parse(line.text.begin(), line.text.end(), nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
      problems.add("question line that is not a JSON object", where, printable_excerpt(line.text, 80));
      continue;
    }
    Question q;
    auto id = j.contains("id") ? term_text(j["id"]) : std::nullopt;
    if (!id || id->empty()) {
      problems.add("question without an id", where);
      continue;
    }
    q.id = *id;
    if (j.contains("question") && j["question"].is_string()) q.text = j["question"].get<std::string>();
    if (j.contains("source") && j["source"].is_string()) q.source = j["source"].get<std::string>();
    if (!j.contains("answers") || !j["answers"].is_array() || j["answers"].empty()) {
      problems.add("question without answers", where, q.id);
      continue;
    }
    bool ok = true;
    for (const auto& a : j["answers"]) {
      auto t = term_text(a);
      if (!t)
        ok = false;
      else
        q.answers.push_back(*t);
    }
    if (!ok || !j.contains("query") || !j["query"].is_array() || j["query"].empty()) {
      problems.add("question without a query of [head, relation, tail] patterns", where, q.id);
      continue;
    }
    for (const auto& p : j["query"]) {
      if (!p.is_array() || p.size() != 3 || !p[1].is_string()) {
        ok = false;
        break;
      }
      auto h = term_text(p[0]), t = term_text(p[2]);
      if (!h || !t) {
        ok = false;
        break;
      }
      q.query.patterns.push_back({{*h}, p[1].get<std::string>(), {*t}});
    }
    if (!ok) {
      problems.add("question without a query of [head, relation, tail] patterns", where, q.id);
      continue;
    }
    out.push_back(std::move(q));
  }
  return out;
}

std::string question_json(const Question& q) {
  nlohmann::ordered_json j;
  j["id"] = q.id;
  j["question"] = q.text;
  j["answers"] = q.answers;
  nlohmann::ordered_json query = nlohmann::ordered_json::array();
  for (const auto& p : q.query.patterns) query.push_back({p.head.text, p.relation, p.tail.text});
  j["query"] = query;
  if (!q.source.empty()) j["source"] = q.source;
  return j.dump(-1, ' ', false, nlohmann::ordered_json::error_handler_t::replace);
}

}  // namespace caqa::kg
