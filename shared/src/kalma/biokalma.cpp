#include "caqa/kalma/biokalma.h"

#include <algorithm>
#include <string_view>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "input_lines.h"

namespace caqa::kalma {

namespace {

using Json = nlohmann::json;
using reader::Reporter;

std::string_view without_bom(std::string_view text) { return text.starts_with("\xEF\xBB\xBF") ? text.substr(3) : text; }

// Line and column (1-based) of a byte offset.
std::pair<std::uint32_t, std::uint32_t> position_of(std::string_view text, std::size_t offset) {
  offset = std::min(offset, text.size());
  const auto line = static_cast<std::uint32_t>(std::count(text.begin(), text.begin() + offset, '\n') + 1);
  const std::size_t start = text.rfind('\n', offset == 0 ? 0 : offset - 1);
  const auto column = static_cast<std::uint32_t>(offset - (start == std::string_view::npos ? 0 : start + 1) + 1);
  return {line, column};
}

std::string property_label(std::string key) {
  // The dataset writes two keys with underscores; Wikidata's labels (and citations) have spaces.
  if (key == "date_of_birth" || key == "date_of_death") std::replace(key.begin(), key.end(), '_', ' ');
  return key;
}

// Where a parse stopped, and why: a SAX handler that accepts everything until the error.
struct JsonErrorAt : nlohmann::json_sax<Json> {
  std::size_t byte = 0;
  std::string message;
  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool start_object(std::size_t) override { return true; }
  bool key(string_t&) override { return true; }
  bool end_object() override { return true; }
  bool start_array(std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool parse_error(std::size_t position, const std::string&, const nlohmann::detail::exception& e) override {
    byte = position;
    message = e.what();
    return false;
  }
};

constexpr std::string_view kShape =
    "BioKaLMA: [[\"question\", [{\"qid\": \"Q1\", \"name\": ..., \"property\": \"value\"}]], ...]";

}  // namespace

bool looks_like_biokalma(const InputText& text) {
  const std::string_view bytes = without_bom(text.bytes());
  const std::size_t first = bytes.find_first_not_of(" \t\r\n");
  return first != std::string_view::npos && bytes[first] == '[';
}

BioKalmaQuestions parse_biokalma_questions(const InputText& text) {
  BioKalmaQuestions out;
  Reporter report(out.parse.diagnostics);
  const std::string_view bytes = without_bom(text.bytes());
  Json items = Json::parse(bytes, nullptr, false);  // no exceptions: the core is built without them for wasm
  if (items.is_discarded()) {
    JsonErrorAt error;
    Json::sax_parse(bytes, &error);
    const auto [line, column] = position_of(bytes, error.byte == 0 ? 0 : error.byte - 1);
    report.error(line, column, ErrorCode::MalformedJson, fmt::format("the file is not valid JSON: {}", error.message),
                 std::string(kShape));
    return out;
  }
  if (!items.is_array() || items.empty()) {
    report.error(1, 1, ErrorCode::EmptyFile, "expected a non-empty JSON array of questions", std::string(kShape));
    return out;
  }
  for (std::size_t i = 0; i < items.size(); ++i) {
    const Json& item = items[i];
    const std::string id = std::to_string(i + 1);
    // The array has no line structure to point at: the item's position says where.
    auto bad = [&](const std::string& what) {
      report.error(1, 1, ErrorCode::BadFieldType, fmt::format("item {}: {}", id, what), std::string(kShape));
    };
    if (!item.is_array() || item.size() != 2 || !item[0].is_string() || !item[1].is_array()) {
      bad("expected [question text, [entities]], found " + item.dump().substr(0, 80));
      continue;
    }
    std::vector<Triple> triples;
    bool ok = true;
    for (const Json& entity : item[1]) {
      if (!entity.is_object() || !entity.contains("qid") || !entity["qid"].is_string()) {
        bad("expected an entity object with a \"qid\" string, found " + entity.dump().substr(0, 80));
        ok = false;
        break;
      }
      const std::string qid = entity["qid"].get<std::string>();
      for (const auto& [key, value] : entity.items()) {
        if (key == "qid" || key == "name") continue;
        if (!value.is_string()) {
          bad(fmt::format("entity {}: expected a string for \"{}\", found {}", qid, key, value.dump().substr(0, 40)));
          ok = false;
          continue;
        }
        Triple t = make_triple(qid, property_label(key), value.get<std::string>());
        if (t.complete()) triples.push_back(std::move(t));
      }
    }
    if (!ok) continue;
    std::string question = item[0].get<std::string>();
    if (question.starts_with("question: ")) question.erase(0, 10);
    Question q{id, 1, TripleSet(triples), TripleSet(triples), std::nullopt};
    out.parse.set.index.emplace(id, static_cast<std::uint32_t>(out.parse.set.questions.size()));
    out.parse.set.questions.push_back(std::move(q));
    out.questions.push_back(std::move(question));
  }
  return out;
}

}  // namespace caqa::kalma
