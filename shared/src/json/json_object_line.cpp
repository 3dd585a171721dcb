#include "json_object_line.h"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstring>
#include <limits>
#include <type_traits>

#include <fmt/format.h>
#include <simdjson.h>
#include <nlohmann/json.hpp>

#include "caqa/input_text.h"
#include "caqa/same_bytes.h"
#include "caqa/source_text.h"
#include "flat_json_object.h"
#include "json_line_problems.h"

namespace caqa::detail {

namespace od = simdjson::ondemand;
static_assert(InputText::kPadding >= simdjson::SIMDJSON_PADDING);

// Lines of one text are parsed a window at a time: iterate_many over up to this many bytes
// of whole lines (a longer line makes a window of its own).
constexpr std::size_t kWindowBytes = std::size_t{1} << 17;

// After this many lines in a row that the flat path declines (a benchmark's samples, whose
// evidence is nested), the rest of that text goes straight to simdjson: scanning each line
// up to its nested value cost a seventh of the parse.
constexpr std::uint32_t kFlatDeclinesToStop = 16;

struct JsonObjectLine::Impl {
  explicit Impl(const std::vector<std::string_view>& keys) {
    for (std::string_view key : keys) key_bytes.emplace_back(key);
#ifdef SIMDJSON_THREADS_ENABLED
    window_parser.threaded = false;  // a window is one batch: no stage-1 thread
#endif
  }
  std::vector<RawKey> key_bytes;  // of keys_, in order
  od::parser parser;              // one line on its own
  // The window of parse_line: bytes [window_begin, window_end) of the text at window_text,
  // parsed by window_parser, next_doc its next document; usable until a line does not
  // match the next document.
  od::parser window_parser;
  od::document_stream stream;
  od::document_stream::iterator next_doc;
  const char* window_text = nullptr;
  std::size_t window_begin = 0, window_end = 0;
  bool window_usable = false;
  // The text whose lines the flat path last read or declined, and its declines in a row.
  const char* flat_text = nullptr;
  std::uint32_t flat_declines = 0;
};

namespace {

// Walks a value so that every token in it is parsed (numbers, strings, nesting).
bool well_formed(od::value value, int depth = 0) {
  if (depth > 64) return false;
  od::json_type type;
  if (value.type().get(type)) return false;
  switch (type) {
    case od::json_type::object: {
      od::object o;
      if (value.get_object().get(o)) return false;
      for (auto f : o) {
        std::string_view k;
        od::value v;
        if (f.unescaped_key().get(k) || f.value().get(v) || !well_formed(v, depth + 1)) return false;
      }
      return true;
    }
    case od::json_type::array: {
      od::array a;
      if (value.get_array().get(a)) return false;
      for (auto element : a) {
        od::value v;
        if (element.get(v) || !well_formed(v, depth + 1)) return false;
      }
      return true;
    }
    case od::json_type::string: {
      std::string_view s;
      return !value.get_string().get(s);
    }
    case od::json_type::number: {
      double d;
      if (!value.get_double().get(d)) return true;
      return explain_malformed(value.raw_json_token()).column == 0;  // 1e400 is valid JSON
    }
    case od::json_type::boolean: {
      bool b;
      return !value.get_bool().get(b);
    }
    case od::json_type::null: {
      bool null = false;
      return !value.is_null().get(null) && null;
    }
  }
  return false;
}

// The whole JSON text of the array or object value that starts at begin. Out of line:
// it keeps the per-line path (scalars only) small enough to inline.
template <class Document>
[[gnu::noinline]] bool container_text(Document& doc, od::value value, const char* begin, std::string_view& text) {
  if (!well_formed(value)) return false;
  // Walked to its end, the iterator stands on the token after the value.
  const char* after = nullptr;
  if (doc.current_location().get(after)) return false;
  text = std::string_view(begin, static_cast<std::size_t>(after - begin));
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r')) text.remove_suffix(1);
  return true;
}

std::string_view without_trailing_blanks(std::string_view text) {
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r')) text.remove_suffix(1);
  return text;
}

std::uint32_t column_of(std::string_view line, const char* at) {
  return static_cast<std::uint32_t>(at - line.data()) + 1;
}

}  // namespace

JsonObjectLine::JsonObjectLine(std::initializer_list<std::string_view> keys) : keys_(keys), fields_(keys.size()) {
  impl_ = std::make_unique<Impl>(keys_);
}

JsonObjectLine::JsonObjectLine(std::vector<std::string_view> keys) : keys_(std::move(keys)), fields_(keys_.size()) {
  impl_ = std::make_unique<Impl>(keys_);
}

JsonObjectLine::~JsonObjectLine() = default;

std::optional<LineProblem> JsonObjectLine::parse(std::string_view line, std::size_t capacity) {
  auto problem = parse_json(line, capacity);
  if (!problem || problem->code != ErrorCode::MalformedJson) return problem;
  return parse_nonfinite(line, std::move(*problem));  // the slow path: only lines that failed
}

// Parses a copy of the line with each non-finite value replaced by a 0 of the same width
// (so columns hold), then gives those fields back their non-finite number.
std::optional<LineProblem> JsonObjectLine::parse_nonfinite(std::string_view line, LineProblem problem) {
  std::vector<NonFinite> literals = nonfinite_literals(line);
  if (literals.empty()) return problem;
  patched_.assign(line);
  patched_.append(simdjson::SIMDJSON_PADDING, ' ');
  for (const NonFinite& literal : literals) {
    patched_.replace(literal.offset, literal.token.size(), literal.token.size(), ' ');
    patched_[literal.offset] = '0';
  }
  if (auto still = parse_json(std::string_view(patched_.data(), line.size()), patched_.size())) return still;
  for (JsonField& field : fields_) {
    for (const NonFinite& literal : literals) {
      if (field.type != JsonField::Type::Integer || field.column != literal.offset + 1) continue;
      field.type = JsonField::Type::Float;
      field.text = line.substr(literal.offset, literal.token.size());
      field.number = literal.value;
    }
  }
  return std::nullopt;
}

std::optional<LineProblem> JsonObjectLine::parse_json(std::string_view line, std::size_t capacity) {
  od::document doc;
  if (impl_->parser.iterate(line.data(), line.size(), capacity).get(doc)) return explain_malformed(line);
  od::json_type root_type;
  if (doc.type().get(root_type)) return explain_malformed(line);
  if (root_type != od::json_type::object) {
    if (LineProblem syntax = explain_malformed(line); syntax.column != 0) return syntax;  // "not json"
    return LineProblem{
        ErrorCode::NotAnObject, 1,
        fmt::format("expected a JSON object, found {}", root_type == od::json_type::array     ? "an array"
                                                        : root_type == od::json_type::string  ? "a string"
                                                        : root_type == od::json_type::number  ? "a number"
                                                        : root_type == od::json_type::boolean ? "a boolean"
                                                                                              : "null"),
        "each line must be one object such as {\"id\": \"q1\", \"label\": \"supportive\"}"};
  }
  if (auto problem = read_object(doc, line)) return problem;
  // Anything after the object ("{...} x") leaves the iterator inside the input.
  const char* trailing = nullptr;
  if (doc.current_location().get(trailing) == simdjson::SUCCESS) return explain_malformed(line);
  return std::nullopt;
}

template <class Document>
std::optional<LineProblem> JsonObjectLine::read_object(Document& doc, std::string_view line) {
  static_assert(std::is_trivially_copyable_v<JsonField>);
  std::memset(static_cast<void*>(fields_.data()), 0, fields_.size() * sizeof(JsonField));  // JsonField{} is all zeros
  od::object obj;
  if (doc.get_object().get(obj)) return explain_malformed(line);
  other_keys_.clear();
  std::size_t expected = 0;  // keys usually come in the order asked for: try the one after the last found first
  for (auto field_result : obj) {
    od::field field;
    if (std::move(field_result).get(field)) return explain_malformed(line);
    // Compare raw key bytes first: no unescaping for the usual plain keys.
    od::raw_json_string raw_key = field.key();
    std::size_t k = expected;
    if (k >= keys_.size() || !impl_->key_bytes[k].matches(raw_key.raw())) {
      k = 0;
      while (k < keys_.size() && !impl_->key_bytes[k].matches(raw_key.raw())) ++k;
    }
    std::string_view key = k < keys_.size() ? keys_[k] : std::string_view();
    if (k == keys_.size()) {
      if (field.unescaped_key().get(key)) return explain_malformed(line);
      k = 0;
      while (k < keys_.size() && !same_bytes(keys_[k], key)) ++k;  // an escaped spelling of a wanted key
    }
    expected = k + 1;
    od::value& value = field.value();
    if (k == keys_.size()) {
      // Other keys are allowed, but On-Demand skips values unchecked: check them here.
      std::string_view raw = value.raw_json_token();
      std::uint32_t column = column_of(line, raw.data());
      for (const auto& seen : other_keys_)
        if (seen == key)
          return LineProblem{ErrorCode::DuplicateKey, column,
                             fmt::format("the key \"{}\" appears twice", printable_excerpt(key, 60)),
                             "keep one value per key"};
      other_keys_.emplace_back(key);
      if (!well_formed(value)) return explain_malformed(line);
      continue;
    }
    JsonField& out = fields_[k];
    std::string_view raw = value.raw_json_token();
    std::uint32_t column = column_of(line, raw.data());
    if (out.type != JsonField::Type::Absent)
      return LineProblem{ErrorCode::DuplicateKey, column,
                         fmt::format("the key \"{}\" appears twice", printable_excerpt(key, 60)),
                         "keep one value per key"};
    out.column = column;
    od::json_type type;
    if (value.type().get(type)) return explain_malformed(line);
    switch (type) {
      case od::json_type::string:
        out.type = JsonField::Type::String;
        if (value.get_string().get(out.text)) return explain_malformed(line);
        break;
      case od::json_type::number: {
        od::number_type nt;
        if (value.get_number_type().get(nt)) return explain_malformed(line);
        out.text = raw = without_trailing_blanks(raw);
        out.type = nt == od::number_type::floating_point_number ? JsonField::Type::Float : JsonField::Type::Integer;
        // Valid JSON beyond double range (1e400) is a number that is not finite.
        if (value.get_double().get(out.number)) {
          if (explain_malformed(raw).column != 0) return explain_malformed(line);
          out.number = HUGE_VAL;
        }
        break;
      }
      case od::json_type::null: {
        out.type = JsonField::Type::Null;
        bool null = false;
        if (value.is_null().get(null) || !null) return explain_malformed(line);
        break;
      }
      case od::json_type::boolean: {
        bool b;
        if (value.get_bool().get(b)) return explain_malformed(line);
        out.type = JsonField::Type::Bool;
        out.text = b ? "true" : "false";
        break;
      }
      case od::json_type::array:
      case od::json_type::object:
        out.type = type == od::json_type::array ? JsonField::Type::Array : JsonField::Type::Object;
        if (!container_text(doc, value, raw.data(), out.text)) return explain_malformed(line);
        break;
    }
  }
  return std::nullopt;
}

void JsonObjectLine::open_window(const InputText& text, std::size_t begin) {
  Impl& w = *impl_;
  std::string_view bytes = text.bytes();
  // Whole lines only: the window ends after the last newline within kWindowBytes, or
  // after the first line when that one is longer.
  std::size_t end = bytes.size();
  if (bytes.size() - begin > kWindowBytes) {
    std::size_t last = bytes.substr(begin, kWindowBytes).rfind('\n');
    if (last == std::string_view::npos) last = bytes.find('\n', begin + kWindowBytes);
    if (last != std::string_view::npos) end = begin + last + 1;
  }
  w.window_text = bytes.data();
  w.window_begin = begin;
  w.window_end = end;
  // One batch per window, of a size that stays put (the parser reallocates on any change).
  std::size_t batch = std::max({end - begin, kWindowBytes, w.window_parser.capacity()});
  w.window_usable = !w.window_parser.iterate_many(bytes.data() + begin, end - begin, batch).get(w.stream);
  if (w.window_usable) w.next_doc = w.stream.begin();  // stage 1 of the whole window
}

std::optional<LineProblem> JsonObjectLine::parse_line(const InputText& text, const SourceLine& line) {
  Impl& w = *impl_;
  std::size_t lead = line.text.find_first_not_of(" \t\r");
  if (lead == std::string_view::npos) return parse(line.text, text.readable_from(line.offset));
  if (text.bytes().data() != w.flat_text) {
    w.flat_text = text.bytes().data();
    w.flat_declines = 0;
  }
  if (w.flat_declines < kFlatDeclinesToStop) {
    if (read_flat_object(line.text, lead, w.key_bytes, fields_.data())) {
      w.flat_declines = 0;
      return std::nullopt;
    }
    ++w.flat_declines;
  }
  std::string_view value = line.text.substr(lead);
  std::size_t begin = line.offset + static_cast<std::size_t>(value.data() - line.text.data());
  if (text.bytes().data() != w.window_text || begin < w.window_begin || begin >= w.window_end) open_window(text, begin);
  if (w.window_usable && parse_in_window(line.text, without_trailing_blanks(value))) return std::nullopt;
  w.window_usable = false;  // the rest of the window goes line by line
  return parse(line.text, text.readable_from(line.offset));
}

// The window's next document, when it is exactly the object on this line and reads without
// a problem; false leaves the line to parse(), which explains any problem.
bool JsonObjectLine::parse_in_window(std::string_view line, std::string_view value) {
  Impl& w = *impl_;
  if (value.front() != '{' || value.back() != '}') return false;
  // Lines read without simdjson (flat_json_object.h) leave their documents behind: skip them.
  // A stage-1 error (invalid UTF-8, an unclosed string) leaves the window no document.
  const char* window = w.window_text + w.window_begin;
  while (w.next_doc != w.stream.end() && w.next_doc.error() == simdjson::SUCCESS &&
         window + w.next_doc.current_index() < value.data())
    ++w.next_doc;
  if (!(w.next_doc != w.stream.end()) || w.next_doc.error() != simdjson::SUCCESS) return false;
  if (window + w.next_doc.current_index() != value.data()) return false;
  od::document_reference doc;
  if ((*w.next_doc).get(doc) || read_object(doc, line)) return false;
  // The object ends on this line when only blanks separate the line's end from the next
  // document: its closing brace is the last structural character before that one. The
  // window's last document has no next one (the parser may have read past the window):
  // it goes line by line.
  const char* next = nullptr;
  const char* end = value.data() + value.size();
  if (doc.current_location().get(next) || next < end) return false;  // "{...}{...}"
  for (const char* c = end; c < next; ++c)
    if (*c != ' ' && *c != '\t' && *c != '\r' && *c != '\n') return false;
  ++w.next_doc;
  return true;
}

}  // namespace caqa::detail
