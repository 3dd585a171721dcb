// Line-level helpers of the KaLMA readers.
#include "input_lines.h"

namespace caqa::kalma::reader {

std::optional<std::string_view> question_id(const JsonField& field, std::uint32_t line, Reporter& report) {
  if (field.type == JsonField::Type::Absent) {
    report.error(line, 1, ErrorCode::MissingId, "expected a \"question_id\" key, found none",
                 "every line names the question it belongs to");
    return std::nullopt;
  }
  if ((field.type == JsonField::Type::String || field.type == JsonField::Type::Integer) && !field.text.empty())
    return field.text;
  report.error(line, field.column, ErrorCode::BadIdType,
               fmt::format("expected a non-empty string or an integer for \"question_id\", found {}",
                           detail::describe_found(field)));
  return std::nullopt;
}

std::string shown(const Json& value) {
  return printable_excerpt(value.dump(-1, ' ', false, Json::error_handler_t::replace), 80);
}

const Json* LineDom::get(const JsonField& field, std::string_view key, Reporter& report) {
  if (!parsed_) {
    doc_ = Json::parse(line_.text.begin(), line_.text.end(), nullptr, false);
    parsed_ = true;
  }
  if (!doc_.is_discarded()) return &doc_[std::string(key)];
  report.error(line_.number, field.column, ErrorCode::MalformedJson,
               fmt::format("expected valid JSON in \"{}\", found a value nlohmann::json cannot read", key));
  return nullptr;
}

std::optional<Triple> read_triple(const Json& v, bool allow_empty_qid) {
  if (!v.is_array() || v.size() != 3) return std::nullopt;
  for (const auto& part : v)
    if (!part.is_string()) return std::nullopt;
  Triple t = make_triple(v[0].get_ref<const std::string&>(), v[1].get_ref<const std::string&>(),
                         v[2].get_ref<const std::string&>());
  if ((t.qid.empty() && !allow_empty_qid) || t.property.empty() || t.value.empty()) return std::nullopt;
  return t;
}

// A required (or optional) array of triples; nullopt when absent or unusable.
std::optional<TripleSet> read_triple_list(const SourceLine& line, LineDom& dom, const JsonField& field,
                                          std::string_view key, bool required, Reporter& report) {
  if (field.type == JsonField::Type::Absent || (!required && field.type == JsonField::Type::Null)) {
    if (required)
      report.error(line.number, 1, ErrorCode::MissingField, fmt::format("expected a \"{}\" key, found none", key),
                   std::string(kTripleHint));
    return std::nullopt;
  }
  if (field.type != JsonField::Type::Array) {
    report.error(line.number, field.column, ErrorCode::BadFieldType,
                 fmt::format("expected an array of triples for \"{}\", found {}", key, detail::describe_found(field)),
                 std::string(kTripleHint));
    return std::nullopt;
  }
  const Json* list_value = dom.get(field, key, report);
  if (!list_value) return std::nullopt;
  const Json& list = *list_value;
  std::vector<Triple> triples;
  bool ok = true;
  for (std::size_t i = 0; i < list.size(); ++i) {
    if (auto t = read_triple(list[i], false)) {
      triples.push_back(std::move(*t));
      continue;
    }
    report.error(
        line.number, field.column, ErrorCode::BadTriple,
        fmt::format("expected [qid, property, value] with three non-empty strings for item {} of \"{}\", found {}",
                    i + 1, key, shown(list[i])),
        std::string(kTripleHint));
    ok = false;
  }
  if (!ok) return std::nullopt;
  return TripleSet(std::move(triples));
}

}  // namespace caqa::kalma::reader
