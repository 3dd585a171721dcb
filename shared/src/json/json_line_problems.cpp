#include "json_line_problems.h"

#include <cctype>
#include <cmath>
#include <limits>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "caqa/same_bytes.h"
#include "caqa/source_text.h"

namespace caqa::detail {

namespace {

// Collects the first syntax error without throwing (the wasm build has no exceptions).
struct SyntaxErrorFinder : nlohmann::json_sax<nlohmann::json> {
  std::size_t position = 0;
  std::string message;
  bool number_integer(number_integer_t) override { return true; }
  bool number_unsigned(number_unsigned_t) override { return true; }
  bool number_float(number_float_t, const string_t&) override { return true; }
  bool string(string_t&) override { return true; }
  bool binary(binary_t&) override { return true; }
  bool null() override { return true; }
  bool boolean(bool) override { return true; }
  bool start_object(std::size_t) override { return true; }
  bool key(string_t&) override { return true; }
  bool end_object() override { return true; }
  bool start_array(std::size_t) override { return true; }
  bool end_array() override { return true; }
  bool parse_error(std::size_t pos, const std::string&, const nlohmann::detail::exception& ex) override {
    if (ex.id == 406) return false;  // number out of double range: valid JSON, not a syntax error
    position = pos;
    message = ex.what();
    return false;
  }
};

}  // namespace

LineProblem explain_malformed(std::string_view line) {
  if (std::size_t bad = first_invalid_utf8(line); bad != std::string_view::npos)
    return LineProblem{
        ErrorCode::InvalidUtf8, static_cast<std::uint32_t>(bad + 1),
        fmt::format("expected UTF-8 text, found the byte 0x{:02X}", static_cast<unsigned char>(line[bad])),
        "save the file as UTF-8"};
  SyntaxErrorFinder finder;
  nlohmann::json::sax_parse(line.begin(), line.end(), &finder, nlohmann::json::input_format_t::json, true, false);
  LineProblem p{ErrorCode::MalformedJson, 0, {}, {}};
  if (finder.message.empty()) {
    p.message = "the line is not valid JSON";
  } else {
    // "[json.exception.parse_error.101] parse error at line 1, column 12: syntax error while parsing ..."
    // Drop nlohmann's "[json.exception.parse_error.101] parse error at line 1, column 12: " prefix.
    std::string_view m = finder.message;
    if (auto pos = m.find("syntax error"); pos != std::string_view::npos)
      m.remove_prefix(pos);
    else if (auto colon = m.find("]"); colon != std::string_view::npos)
      m.remove_prefix(colon + 2);
    p.message = printable_excerpt(m, 200);
    p.column = static_cast<std::uint32_t>(finder.position == 0 ? 1 : finder.position);
  }
  p.hint = "each line must hold one complete JSON object, e.g. {\"id\": \"q1\", \"label\": \"supportive\"}";
  return p;
}

std::vector<NonFinite> nonfinite_literals(std::string_view line) {
  static constexpr NonFinite kLiterals[] = {
      {0, "NaN", std::numeric_limits<double>::quiet_NaN()}, {0, "Infinity", HUGE_VAL}, {0, "-Infinity", -HUGE_VAL}};
  std::vector<NonFinite> found;
  bool in_string = false;
  char before = 0;  // the last byte outside strings and blanks
  for (std::size_t i = 0; i < line.size(); ++i) {
    char c = line[i];
    if (in_string) {
      if (c == '\\') ++i;
      in_string = c != '"';
      continue;
    }
    if (c == ' ' || c == '\t' || c == '\r') continue;
    in_string = c == '"';
    for (const NonFinite& literal : kLiterals) {
      std::size_t end = i + literal.token.size();
      if ((before == ':' || before == ',' || before == '[') && line.substr(i).starts_with(literal.token) &&
          (end == line.size() || !std::isalnum(static_cast<unsigned char>(line[end])))) {
        found.push_back({i, literal.token, literal.value});
        i = end - 1;
        c = '0';
        break;
      }
    }
    before = c;
  }
  return found;
}

std::string_view json_type_name(JsonField::Type type) {
  switch (type) {
    case JsonField::Type::Absent: return "nothing";
    case JsonField::Type::String: return "string";
    case JsonField::Type::Integer: return "integer";
    case JsonField::Type::Float: return "number";
    case JsonField::Type::Null: return "null";
    case JsonField::Type::Bool: return "boolean";
    case JsonField::Type::Array: return "array";
    case JsonField::Type::Object: return "object";
  }
  return "value";
}

std::string describe_found(const JsonField& field) {
  switch (field.type) {
    case JsonField::Type::String: {
      return fmt::format("string \"{}\"", printable_excerpt(field.text, 60));
    }
    case JsonField::Type::Integer:
    case JsonField::Type::Float:
    case JsonField::Type::Bool:
      return fmt::format("{} {}", json_type_name(field.type), printable_excerpt(field.text, 40));
    default: return std::string(json_type_name(field.type));
  }
}

std::optional<LineProblem> id_text(const JsonField& field, std::string_view& out) {
  if (field.type == JsonField::Type::Absent)
    return LineProblem{ErrorCode::MissingId, 1, "expected an \"id\" key, found none",
                       "every line needs the id of the benchmark sample it judges"};
  if (field.type == JsonField::Type::String || field.type == JsonField::Type::Integer) {
    out = field.text;
    if (!out.empty()) return std::nullopt;
    return LineProblem{ErrorCode::MissingId, field.column, "expected a non-empty id, found an empty string",
                       "every line needs the id of the benchmark sample it judges"};
  }
  return LineProblem{ErrorCode::BadIdType, field.column,
                     fmt::format("expected a string or an integer for \"id\", found {}", describe_found(field)),
                     "ids are JSON strings such as \"caqa-0000012\" (an integer 12 is read as \"12\")"};
}

}  // namespace caqa::detail
