// The batched JSON Lines path against the line-by-line one: for every non-blank line,
// JsonObjectLine::parse_line (a window of lines per simdjson call) must give what
// parse() gives for the line alone: the same problem, or the same fields. The input is
// also read repeated past one window, and with long lines skipped as --max-line-bytes
// skips them, so that window ends and skipped lines are crossed.
#include <cmath>
#include <cstring>
#include <string>
#include <vector>

#include "fuzz_check.h"
#include "json/json_object_line.h"

namespace {

using caqa::detail::JsonField;
using caqa::detail::JsonObjectLine;
using caqa::fuzz::check;

bool same_field(const JsonField& a, const JsonField& b) {
  bool same_number = a.number == b.number || (std::isnan(a.number) && std::isnan(b.number));
  return a.type == b.type && a.column == b.column && a.text == b.text && same_number;
}

void check_text(const caqa::InputText& text, std::size_t max_line_bytes) {
  const std::vector<std::string_view> keys = {"id", "label", "score", "evidence", "a_much_longer_key"};
  JsonObjectLine batched(keys), alone(keys);
  caqa::LineCursor cursor(text.bytes());
  caqa::SourceLine line;
  while (cursor.next(line)) {
    if (caqa::is_blank(line.text) || line.text.size() > max_line_bytes) continue;
    auto a = batched.parse_line(text, line);
    auto b = alone.parse(line.text, text.readable_from(line.offset));
    check(a.has_value() == b.has_value(), "parse_line and parse disagree on whether a line has a problem");
    if (a) {
      check(a->code == b->code && a->column == b->column && a->message == b->message && a->hint == b->hint,
            "parse_line and parse report different problems");
      continue;
    }
    for (std::size_t k = 0; k < keys.size(); ++k)
      check(same_field(batched.field(k), alone.field(k)), "parse_line and parse read a field differently");
  }
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view input = caqa::fuzz::as_text(data, size);
  check_text(caqa::InputText(input), caqa::kDefaultMaxLineBytes);
  check_text(caqa::InputText(input), 80);
  if (!input.empty() && input.size() < 8192) {
    std::string repeated;
    while (repeated.size() < (std::size_t{1} << 18)) repeated.append(input).append("\n");
    check_text(caqa::InputText(repeated), caqa::kDefaultMaxLineBytes);
  }
  return 0;
}
