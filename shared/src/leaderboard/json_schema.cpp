#include "caqa/leaderboard/json_schema.h"

#include <algorithm>
#include <regex>

#include <fmt/format.h>

namespace caqa::leaderboard {

namespace {

// The DOM parser, keeping the first syntax error instead of throwing it.
struct DomParser : nlohmann::detail::json_sax_dom_parser<Json> {
  DomParser(Json& result) : nlohmann::detail::json_sax_dom_parser<Json>(result, false) {}
  std::size_t error_byte = 0;
  std::string error;
  bool parse_error(std::size_t byte, const std::string&, const nlohmann::detail::exception& ex) {
    error_byte = byte;
    error = ex.what();
    return false;
  }
};

std::string type_name(const Json& v) {
  if (v.is_null()) return "null";
  if (v.is_boolean()) return "boolean";
  if (v.is_number()) return "number";
  if (v.is_string()) return "string";
  if (v.is_array()) return "array";
  return "object";
}

bool has_type(const Json& v, const std::string& type) {
  if (type == "integer") return v.is_number_integer();
  return type_name(v) == type;
}

std::string with_article(const std::string& type) {
  if (type == "null") return "null";
  if (type == "object") return "a JSON object";
  if (type == "array" || type == "integer") return "an " + type;
  return "a " + type;
}

std::vector<std::string> types_of(const Json& schema) {
  auto it = schema.find("type");
  if (it == schema.end()) return {};
  if (it->is_string()) return {it->get<std::string>()};
  std::vector<std::string> types;
  for (const auto& t : *it)
    if (t.is_string()) types.push_back(t.get<std::string>());
  return types;
}

std::string joined(const Json& values, const std::string& separator) {
  std::string out;
  for (const auto& v : values) {
    if (!out.empty()) out += separator;
    out += v.is_string() ? v.get<std::string>() : v.dump();
  }
  return out;
}

std::size_t code_points(const std::string& s) {
  return static_cast<std::size_t>(std::count_if(s.begin(), s.end(), [](char c) { return (c & 0xC0) != 0x80; }));
}

bool is_calendar_date(const std::string& s) {
  static const std::regex re("^([0-9]{4})-([0-9]{2})-([0-9]{2})$");
  std::smatch m;
  if (!std::regex_match(s, m, re)) return false;
  int y = std::stoi(m[1]), mo = std::stoi(m[2]), d = std::stoi(m[3]);
  static const int days[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (mo < 1 || mo > 12 || d < 1 || d > days[mo - 1]) return false;
  bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
  return !(mo == 2 && d == 29 && !leap);
}

bool is_uri(const std::string& s) {
  static const std::regex re("^[A-Za-z][A-Za-z0-9+.-]*:[^\\s]+$");
  return std::regex_match(s, re);
}

bool matches(const std::string& s, const std::string& pattern) {
  return std::regex_search(s, std::regex(pattern, std::regex::ECMAScript));
}

// The first keyword of schema that a string value breaks, or "".
std::string string_problem(const std::string& s, const Json& schema, bool nullable) {
  if (auto min = schema.find("minLength"); min != schema.end() && code_points(s) < min->get<std::size_t>()) {
    if (min->get<std::size_t>() == 1) return nullable ? "must not be empty (use null)" : "must not be empty";
    return fmt::format("expected at least {} characters, found {}", min->get<std::size_t>(), code_points(s));
  }
  if (auto max = schema.find("maxLength"); max != schema.end() && code_points(s) > max->get<std::size_t>())
    return fmt::format("expected at most {} characters, found {}", max->get<std::size_t>(), code_points(s));
  const std::string shown = Json(s).dump();
  if (auto format = schema.find("format"); format != schema.end()) {
    if (*format == "date" && !is_calendar_date(s))
      return fmt::format("expected a calendar date YYYY-MM-DD, found {}", shown);
    if (*format == "uri" && !is_uri(s)) return fmt::format("expected a URI, found {}", shown);
  }
  if (auto pattern = schema.find("pattern"); pattern != schema.end() && !matches(s, pattern->get<std::string>()))
    return fmt::format("expected a string matching {}, found {}", pattern->get<std::string>(), shown);
  return "";
}

void check(const Json& value, const Json& schema, const std::string& path, std::vector<std::string>& out);

// The first keyword of schema that value breaks (type first), or "".
std::string value_problem(const Json& value, const Json& schema) {
  std::vector<std::string> types = types_of(schema);
  bool nullable = std::find(types.begin(), types.end(), "null") != types.end();
  if (!types.empty() && std::none_of(types.begin(), types.end(), [&](const auto& t) { return has_type(value, t); })) {
    std::string expected;
    for (const auto& t : types) expected += (expected.empty() ? "" : " or ") + with_article(t);
    return fmt::format("expected {}, found {}", expected, describe_found(value));
  }
  if (value.is_null() && nullable) return "";
  if (value.is_string())
    if (std::string p = string_problem(value.get<std::string>(), schema, nullable); !p.empty()) return p;
  if (auto e = schema.find("enum"); e != schema.end() && std::find(e->begin(), e->end(), value) == e->end())
    return fmt::format("expected one of {}, found {}", joined(*e, ", "), value.dump());
  if (auto n = schema.find("not"); n != schema.end() && value_problem(value, *n).empty())
    return fmt::format("expected a value that does not match {}, found {}", n->dump(), value.dump());
  return "";
}

void check_object(const Json& value, const Json& schema, const std::string& path, std::vector<std::string>& out) {
  const std::string where = path.empty() ? "" : fmt::format("\"{}\": ", path);
  const Json no_properties = Json::object();
  auto props = schema.find("properties");
  const Json& properties = props == schema.end() ? no_properties : *props;
  if (auto required = schema.find("required"); required != schema.end())
    for (const auto& key : *required)
      if (!value.contains(key.get<std::string>()))
        out.push_back(fmt::format("{}missing required field \"{}\"", where, key.get<std::string>()));
  if (auto extra = schema.find("additionalProperties"); extra != schema.end() && *extra == false) {
    std::string allowed;
    for (const auto& [key, ignored] : properties.items()) allowed += (allowed.empty() ? "" : ", ") + key;
    for (const auto& [key, ignored] : value.items())
      if (!properties.contains(key))
        out.push_back(fmt::format("{}unknown field \"{}\" (allowed: {})", where, key, allowed));
  }
  for (const auto& [key, sub] : properties.items())
    if (auto it = value.find(key); it != value.end()) check(*it, sub, path.empty() ? key : path + "." + key, out);
}

void check(const Json& value, const Json& schema, const std::string& path, std::vector<std::string>& out) {
  if (std::string p = value_problem(value, schema); !p.empty()) {
    out.push_back(path.empty() ? p : fmt::format("\"{}\": {}", path, p));
    return;
  }
  if (value.is_object()) check_object(value, schema, path, out);
}

}  // namespace

std::optional<Json> parse_json(std::string_view bytes, std::string& error) {
  Json result;
  DomParser parser(result);
  Json::sax_parse(bytes.begin(), bytes.end(), &parser, Json::input_format_t::json, true, false);
  if (!parser.error.empty() || parser.is_errored()) {
    error = fmt::format("not valid JSON at byte {}: {}", parser.error_byte, parser.error);
    return std::nullopt;
  }
  return result;
}

std::vector<std::string> schema_problems(const Json& value, const Json& schema) {
  std::vector<std::string> out;
  check(value, schema, "", out);
  return out;
}

std::string describe_found(const Json& value) {
  std::string shown = value.dump(-1, ' ', false, Json::error_handler_t::replace);
  if (shown.size() > 60) shown = shown.substr(0, 57) + "...";
  return fmt::format("{} {}", type_name(value), shown);
}

}  // namespace caqa::leaderboard
