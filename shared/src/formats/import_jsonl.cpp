// The JSON Lines importers (attributionbench, wice, mapped JSON Lines): one object per
// line; malformed lines are explained by the shared JSON Lines reader.
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "../json_object_line.h"
#include "import_rows.h"

namespace caqa::detail {

namespace {

using nlohmann::json;

// Where each gold field is read from: a field name, or a dotted path into objects.
struct JsonLayout {
  std::string id, question, answer, citation, label;
  std::vector<std::string> kept;
  bool citation_one_passage = false;  // a list of sentences is one passage, not several references
};

JsonLayout layout_of(const ImportOptions& options) {
  ImportFields f = import_fields(options);
  JsonLayout l{std::string(f.id),
               std::string(f.question),
               std::string(f.answer),
               std::string(f.citation),
               std::string(f.label),
               {},
               false};
  if (!f.kept.empty()) l.kept.emplace_back(f.kept);
  l.citation_one_passage = options.format == ImportFormat::Wice;  // sentences of one article
  return l;
}

// The top-level keys a format reads, so that problems point at the value's column.
std::unique_ptr<JsonObjectLine> parser_for(ImportFormat format) {
  switch (format) {
    case ImportFormat::AttributionBench:
      return std::make_unique<JsonObjectLine>(std::initializer_list<std::string_view>{
          "id", "question", "claim", "references", "attribution_label", "src_dataset"});
    case ImportFormat::Wice:
      return std::make_unique<JsonObjectLine>(
          std::initializer_list<std::string_view>{"meta", "claim", "evidence", "label"});
    default: return std::make_unique<JsonObjectLine>(std::initializer_list<std::string_view>{});
  }
}

const std::vector<std::string_view>& parser_keys(ImportFormat format) {
  static const std::vector<std::string_view> bench = {"id",         "question",          "claim",
                                                      "references", "attribution_label", "src_dataset"};
  static const std::vector<std::string_view> wice = {"meta", "claim", "evidence", "label"};
  static const std::vector<std::string_view> none = {};
  return format == ImportFormat::AttributionBench ? bench : format == ImportFormat::Wice ? wice : none;
}

std::string_view type_name(const json& v) {
  switch (v.type()) {
    case json::value_t::null: return "null";
    case json::value_t::boolean: return "a boolean";
    case json::value_t::string: return "a string";
    case json::value_t::array: return "an array";
    case json::value_t::object: return "an object";
    default: return "a number";
  }
}

class JsonRow {
 public:
  JsonRow(const json& object, const JsonObjectLine& parser, const std::vector<std::string_view>& keys,
          RowProblems& problems)
      : object_(object), parser_(parser), keys_(keys), problems_(problems) {}

  // Column of the path's top-level key on the line, 0 when unknown.
  std::uint32_t column(std::string_view path) const {
    std::string_view top = path.substr(0, path.find('.'));
    for (std::size_t i = 0; i < keys_.size(); ++i)
      if (keys_[i] == top) return parser_.field(i).column;
    return 0;
  }

  const json* find(std::string_view path) const {
    const json* at = &object_;
    while (true) {
      std::size_t dot = path.find('.');
      std::string key(path.substr(0, dot));
      if (!at->is_object()) return nullptr;
      auto it = at->find(key);
      if (it == at->end()) return nullptr;
      at = &*it;
      if (dot == std::string_view::npos) return at;
      path.remove_prefix(dot + 1);
    }
  }

  // A string, or a number's JSON text; nullopt (with a problem) for anything else.
  std::optional<std::string> scalar(std::string_view path, bool required, ErrorCode missing = ErrorCode::MissingField) {
    const json* v = find(path);
    if (!v || v->is_null()) {
      if (required)
        problems_.add(missing, column(path), fmt::format("expected the field \"{}\", found none", path),
                      missing == ErrorCode::MissingId ? "every row needs its own id" : "");
      return std::nullopt;
    }
    if (v->is_string()) return v->get<std::string>();
    if (v->is_number()) return v->dump();
    problems_.add(ErrorCode::BadFieldType, column(path),
                  fmt::format("expected a string or a number for \"{}\", found {}", path, type_name(*v)));
    return std::nullopt;
  }

  // A string as is; a list of strings as numbered citations (or one passage).
  std::optional<std::string> citation(std::string_view path, bool one_passage) {
    const json* v = find(path);
    if (v && v->is_array()) {
      std::vector<std::string> parts;
      for (const json& item : *v) {
        if (!item.is_string()) {
          problems_.add(ErrorCode::BadFieldType, column(path),
                        fmt::format("expected a list of strings for \"{}\", found {} in it", path, type_name(item)));
          return std::nullopt;
        }
        parts.push_back(item.get<std::string>());
      }
      if (!one_passage) return numbered_citations(parts);
      std::string passage;
      for (const auto& p : parts) passage += (passage.empty() ? "" : " ") + p;
      return numbered_citations({passage});
    }
    return scalar(path, true);
  }

 private:
  const json& object_;
  const JsonObjectLine& parser_;
  const std::vector<std::string_view>& keys_;
  RowProblems& problems_;
};

}  // namespace

ImportResult import_json_lines(const InputText& text, const ImportOptions& options) {
  ImportResult out = start_import(options);
  JsonLayout layout = layout_of(options);
  std::unique_ptr<JsonObjectLine> parser = parser_for(options.format);
  const auto& keys = parser_keys(options.format);
  std::size_t data_row = 0;
  out.records = for_each_json_object(
      text, options.max_line_bytes, *parser,
      [&](std::uint32_t line, LineProblem problem) {
        ++data_row;
        ++out.bad_rows;
        out.diagnostics.items.push_back(
            {problem.code, Severity::Error, line, problem.column, std::move(problem.message), std::move(problem.hint)});
      },
      [&](const SourceLine& line) {
        ++data_row;
        RowProblems problems(out.diagnostics, line.number);
        json object = json::parse(line.text, nullptr, false);
        if (object.is_discarded()) {  // NaN or Infinity, which the line reader lets through
          problems.add(ErrorCode::MalformedJson, 1, "expected JSON, found a non-finite number (NaN or Infinity)");
          ++out.bad_rows;
          return;
        }
        JsonRow fields(object, *parser, keys, problems);
        ImportedRow row;
        row.line = line.number;
        if (layout.id.empty()) {
          row.id = row_id(options, data_row);
        } else if (auto id = fields.scalar(layout.id, true, ErrorCode::MissingId)) {
          row.id = *id;
          if (trim_spaces(row.id).empty())
            problems.add(ErrorCode::MissingId, fields.column(layout.id),
                         fmt::format("expected a non-empty \"{}\", found an empty string", layout.id));
        }
        if (!layout.question.empty()) row.question = fields.scalar(layout.question, false).value_or("");
        if (auto answer = fields.scalar(layout.answer, true)) row.answer = *answer;
        if (auto citation = fields.citation(layout.citation, layout.citation_one_passage)) row.citation = *citation;
        if (auto label = fields.scalar(layout.label, true, ErrorCode::MissingLabel)) {
          LabelRead read = read_source_label(out, options.format, *label);
          if (read.cls)
            row.label = *read.cls;
          else
            problems.add(ErrorCode::InvalidLabel, fields.column(layout.label),
                         fmt::format("expected \"{}\" to be {}, found \"{}\"", layout.label, read.expected, *label));
        }
        for (const std::string& name : layout.kept)
          if (auto value = fields.scalar(name, false)) row.kept.emplace_back(name, *value);
        if (problems.any()) {
          ++out.bad_rows;
          return;
        }
        out.rows.push_back(std::move(row));
      });
  return out;
}

}  // namespace caqa::detail
