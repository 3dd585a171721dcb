// Splits a text file's bytes into lines the way every caqa reader does:
// UTF-8 BOM skipped, LF or CRLF endings, a line-length limit.
#pragma once

#include <cstdint>
#include <string_view>

namespace caqa {

inline constexpr std::size_t kDefaultMaxLineBytes = 1u << 20;

struct SourceLine {
  std::string_view text;  // without the line ending
  std::uint32_t number;   // 1-based
  std::size_t offset;     // byte offset of text in the whole input
};

class LineCursor {
 public:
  explicit LineCursor(std::string_view bytes);
  // False at end of input.
  bool next(SourceLine& line);
  bool had_bom() const { return had_bom_; }

 private:
  std::string_view bytes_;
  std::size_t pos_ = 0;
  std::uint32_t number_ = 0;
  bool had_bom_ = false;
};

bool is_blank(std::string_view text);

// About how many lines bytes holds, from the line lengths of its first 64 KiB plus an
// eighth: room to reserve up front, so that million-line inputs are not copied as their
// vectors grow (a guess: longer lines later only leave room unused, shorter ones grow).
std::size_t estimated_line_count(std::string_view bytes);

// Whether needle occurs in text. A scan at memory speed, for a needle that the text
// seldom holds: std::string_view::find stops at every byte equal to the needle's first
// (in JSON the quote of `"scheme"` comes every few bytes).
bool contains_bytes(std::string_view text, std::string_view needle);

// Byte offset of the first invalid UTF-8 sequence, or npos when the text is valid.
std::size_t first_invalid_utf8(std::string_view text);

// Text safe to show in a message: at most max_bytes, cut at a character boundary,
// invalid bytes as \xNN, control characters as spaces, "..." when cut.
std::string printable_excerpt(std::string_view text, std::size_t max_bytes);

}  // namespace caqa
