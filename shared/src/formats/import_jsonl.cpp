// The JSON Lines importers (attributionbench, wice, mapped JSON Lines): one object per
// line; malformed lines are explained by the shared JSON Lines reader.
#include <algorithm>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "../json/json_object_line.h"
#include "import_rows.h"

namespace caqa::detail {

namespace {

using nlohmann::json;

// Where each gold field is read from: a field name, or a dotted path into objects.
struct JsonLayout {
  std::string id, question, answer, label;
  std::vector<CitationSource> citation;
  std::vector<std::string> kept;
  bool kept_required = false;         // --keep: every row has each kept field
  bool citation_one_passage = false;  // a list of sentences is one passage, not several references
  std::vector<std::string> top_keys;  // the top-level keys the paths start with, so problems get a column
};

JsonLayout layout_of(const ImportOptions& options) {
  ImportFields f = import_fields(options);
  JsonLayout l;
  l.id = f.id;
  l.question = f.question;
  l.answer = f.answer;
  l.label = f.label;
  std::string error;  // mapped options were checked before (mapped_options_problem)
  l.citation = citation_sources(f.citation, error).value_or(std::vector<CitationSource>{});
  if (options.format == ImportFormat::Mapped) {
    l.kept = options.columns.kept;
    l.kept_required = true;
  } else if (!f.kept.empty()) {
    l.kept.emplace_back(f.kept);
  }
  l.citation_one_passage = options.format == ImportFormat::Wice;  // sentences of one article
  std::vector<std::string_view> paths = {l.id, l.question, l.answer, l.label};
  for (const CitationSource& c : l.citation) paths.push_back(c.path);
  for (const std::string& k : l.kept) paths.push_back(k);
  for (std::string_view path : paths) {
    std::string top(path.substr(0, path.find('.')));
    if (!top.empty() && std::find(l.top_keys.begin(), l.top_keys.end(), top) == l.top_keys.end())
      l.top_keys.push_back(std::move(top));
  }
  return l;
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

// The value at a dotted path ("meta.id") below from, or null.
const json* find_path(const json& from, std::string_view path) {
  const json* at = &from;
  while (true) {
    std::size_t dot = path.find('.');
    if (!at->is_object()) return nullptr;
    auto it = at->find(std::string(path.substr(0, dot)));
    if (it == at->end()) return nullptr;
    at = &*it;
    if (dot == std::string_view::npos) return at;
    path.remove_prefix(dot + 1);
  }
}

class JsonRow {
 public:
  JsonRow(const json& object, const JsonObjectLine& parser, const std::vector<std::string>& keys, RowProblems& problems)
      : object_(object), parser_(parser), keys_(keys), problems_(problems) {}

  // Column of the path's top-level key on the line, 0 when unknown.
  std::uint32_t column(std::string_view path) const {
    std::string_view top = path.substr(0, path.find('.'));
    for (std::size_t i = 0; i < keys_.size(); ++i)
      if (keys_[i] == top) return parser_.field(i).column;
    return 0;
  }

  const json* find(std::string_view path) const { return find_path(object_, path); }

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

  // A kept field: a string, or a number's or boolean's JSON text.
  std::optional<std::string> kept(std::string_view path, bool required) {
    const json* v = find(path);
    if (v && v->is_boolean()) return v->dump();
    return scalar(path, required);
  }

  // One plain field holding a string stays as it is (it may carry its own "[1]"); lists and
  // several sources become numbered citations (a list of sentences one passage, for WiCE).
  std::optional<std::string> citation(const std::vector<CitationSource>& sources, bool one_passage) {
    if (sources.size() == 1 && sources[0].element_field.empty()) {
      const json* v = find(sources[0].path);
      if (!v || !v->is_array()) return scalar(sources[0].path, true);
    }
    std::vector<std::string> references;
    for (const CitationSource& source : sources)
      if (!(source.element_field.empty() ? add_strings(source.path, references) : add_elements(source, references)))
        return std::nullopt;
    if (!one_passage) return numbered_citations(references);
    std::string passage;
    for (const auto& r : references) passage += (passage.empty() ? "" : " ") + r;
    return numbered_citations({passage});
  }

 private:
  const json& object_;
  const JsonObjectLine& parser_;
  const std::vector<std::string>& keys_;
  RowProblems& problems_;

  // A string is one reference, a list of strings one each.
  bool add_strings(std::string_view path, std::vector<std::string>& references) {
    const json* v = find(path);
    if (!v || !v->is_array()) {
      auto one = scalar(path, true);
      if (one) references.push_back(std::move(*one));
      return one.has_value();
    }
    for (const json& item : *v) {
      if (!item.is_string()) {
        problems_.add(ErrorCode::BadFieldType, column(path),
                      fmt::format("expected a list of strings for \"{}\", found {} in it", path, type_name(item)));
        return false;
      }
      references.push_back(item.get<std::string>());
    }
    return true;
  }

  // LIST[].FIELD: each element's FIELD, as "title: text" where the element has a string title.
  bool add_elements(const CitationSource& source, std::vector<std::string>& references) {
    const json* list = find(source.path);
    if (!list || !list->is_array()) {
      problems_.add(list && !list->is_null() ? ErrorCode::BadFieldType : ErrorCode::MissingField, column(source.path),
                    fmt::format("expected a list of objects at \"{}\" for \"{}\", found {}", source.path, source.name,
                                list ? type_name(*list) : "none"));
      return false;
    }
    for (std::size_t i = 0; i < list->size(); ++i) {
      const json& element = (*list)[i];
      const json* text = element.is_object() ? find_path(element, source.element_field) : nullptr;
      if (!text || !text->is_string()) {
        std::string found = !element.is_object() ? fmt::format("{} as element {}", type_name(element), i + 1)
                            : !text              ? fmt::format("element {} without \"{}\"", i + 1, source.element_field)
                                                 : fmt::format("{} in element {}", type_name(*text), i + 1);
        problems_.add(text || !element.is_object() ? ErrorCode::BadFieldType : ErrorCode::MissingField,
                      column(source.path),
                      fmt::format("expected a string \"{}\" in every element of \"{}\" (for \"{}\"), found {}",
                                  source.element_field, source.path, source.name, found));
        return false;
      }
      const json* title = find_path(element, "title");
      bool titled = title && title->is_string() && !title->get<std::string>().empty();
      references.push_back(titled ? fmt::format("{}: {}", title->get<std::string>(), text->get<std::string>())
                                  : text->get<std::string>());
    }
    return true;
  }
};

}  // namespace

ImportResult import_json_lines(const InputText& text, const ImportOptions& options) {
  ImportResult out = start_import(options);
  JsonLayout layout = layout_of(options);
  JsonObjectLine parser(std::vector<std::string_view>(layout.top_keys.begin(), layout.top_keys.end()));
  std::size_t data_row = 0;
  out.records = for_each_json_object(
      text, options.max_line_bytes, parser,
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
        JsonRow fields(object, parser, layout.top_keys, problems);
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
          LabelRead read = read_source_label(out, options, *label);
          if (read.cls)
            row.label = *read.cls;
          else
            problems.add(ErrorCode::InvalidLabel, fields.column(layout.label),
                         fmt::format("expected \"{}\" to be {}, found \"{}\"", layout.label, read.expected, *label));
        }
        for (const std::string& name : layout.kept)
          if (auto value = fields.kept(name, layout.kept_required)) row.kept.emplace_back(name, *value);
        if (problems.any()) {
          ++out.bad_rows;
          return;
        }
        out.rows.push_back(std::move(row));
      });
  return out;
}

}  // namespace caqa::detail
