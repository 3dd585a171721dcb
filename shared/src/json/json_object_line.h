// Reads the fields a caller asks for from one JSON Lines line (simdjson On-Demand),
// and explains malformed lines with a position (nlohmann's parser, slow path only).
// Internal to the core: the public headers never expose a JSON library.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "caqa/errors.h"
#include "caqa/input_text.h"
#include "caqa/source_text.h"

namespace caqa::detail {

struct JsonField {
  enum class Type : std::uint8_t { Absent, String, Integer, Float, Null, Bool, Array, Object };
  Type type = Type::Absent;
  std::uint32_t column = 0;  // 1-based byte column of the value within the line
  // Unescaped string, the number's token, or an array's or object's whole JSON text;
  // valid until the next parse.
  std::string_view text;
  double number = 0;
};

std::string_view json_type_name(JsonField::Type type);
// "string \"abc\"", "number 3", "null": how a found value is shown in messages.
std::string describe_found(const JsonField& field);

struct LineProblem {
  ErrorCode code;
  std::uint32_t column = 0;
  std::string message;
  std::string hint;
};

class JsonObjectLine {
 public:
  explicit JsonObjectLine(std::initializer_list<std::string_view> keys);
  explicit JsonObjectLine(std::vector<std::string_view> keys);  // the views must outlive the parser
  ~JsonObjectLine();
  JsonObjectLine(const JsonObjectLine&) = delete;
  JsonObjectLine& operator=(const JsonObjectLine&) = delete;

  // The bytes from line.data() up to line.data() + capacity must be readable, and
  // capacity >= line.size() + 64 (simdjson's padding). The bare values NaN, Infinity and
  // -Infinity (not JSON, but what Python's json writes) read as non-finite numbers, so a
  // reader reports the one field, not the whole line.
  std::optional<LineProblem> parse(std::string_view line, std::size_t capacity);
  // The same for a non-blank line of text: a plain flat object is read without simdjson
  // (flat_json_object.h); other lines of one text given in order are parsed a
  // window of lines per simdjson call (iterate_many), and a line the window's parse cannot
  // vouch for (a problem, no single object on the line, a line skipped) on its own, so
  // that every line reads, and every problem is explained, as parse() does.
  std::optional<LineProblem> parse_line(const InputText& text, const SourceLine& line);
  const JsonField& field(std::size_t key_index) const { return fields_[key_index]; }

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
  std::vector<std::string_view> keys_;
  std::vector<JsonField> fields_;
  std::vector<std::string> other_keys_;  // keys outside keys_ on the current line
  std::string patched_;                  // the line with its NaN/Infinity values replaced (parse)

  std::optional<LineProblem> parse_json(std::string_view line, std::size_t capacity);
  std::optional<LineProblem> parse_nonfinite(std::string_view line, LineProblem problem);
  template <class Document>
  std::optional<LineProblem> read_object(Document& doc, std::string_view line);
  void open_window(const InputText& text, std::size_t begin);
  bool parse_in_window(std::string_view line, std::string_view value);
};

}  // namespace caqa::detail

namespace caqa::detail {

// The JSON Lines loop of every reader: each non-blank line is counted; a line longer than
// max_line_bytes or one that is no JSON object goes to on_problem(line_number, problem),
// every other line, parsed into parser, to on_object(line). Returns the lines counted.
template <class OnProblem, class OnObject>
std::size_t for_each_json_object(const InputText& text, std::size_t max_line_bytes, JsonObjectLine& parser,
                                 OnProblem&& on_problem, OnObject&& on_object) {
  std::size_t lines = 0;
  LineCursor cursor(text.bytes());
  SourceLine line;
  while (cursor.next(line)) {
    if (is_blank(line.text)) continue;
    ++lines;
    if (line.text.size() > max_line_bytes) {
      on_problem(line.number, LineProblem{ErrorCode::LineTooLong, 1,
                                          fmt::format("expected a line of at most {} bytes, found {} bytes",
                                                      max_line_bytes, line.text.size()),
                                          "raise --max-line-bytes if such long lines are intended"});
      continue;
    }
    if (auto problem = parser.parse_line(text, line)) {
      on_problem(line.number, std::move(*problem));
      continue;
    }
    on_object(line);
  }
  return lines;
}

// The id text of a JSON id value: a string as is, an integer as its decimal token.
// Returns a problem for any other type.
std::optional<LineProblem> id_text(const JsonField& field, std::string_view& out);

}  // namespace caqa::detail
