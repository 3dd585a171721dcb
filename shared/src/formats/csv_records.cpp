#include "csv_records.h"

#include <fmt/format.h>

namespace caqa::detail {

CsvRecords::CsvRecords(std::string_view text) : text_(text) {
  if (text_.substr(0, 3) == "\xEF\xBB\xBF") pos_ = line_start_ = 3;
}

bool CsvRecords::next(CsvRecord& record, std::optional<CsvProblem>& problem) {
  problem.reset();
  record.fields.clear();
  record.columns.clear();
  if (pos_ >= text_.size()) return false;
  record.line = line_;
  std::size_t record_start = pos_;
  auto column = [&](std::size_t at) { return static_cast<std::uint32_t>(at - line_start_ + 1); };
  auto skip_rest_of_line = [&] {
    while (pos_ < text_.size() && text_[pos_] != '\n') ++pos_;
    if (pos_ < text_.size()) ++pos_;
    ++line_;
    line_start_ = pos_;
  };
  std::string field;
  while (true) {
    bool quoted = pos_ < text_.size() && text_[pos_] == '"';
    record.columns.push_back(column(pos_) + (quoted ? 1 : 0));  // where the field's text starts
    field.clear();
    if (quoted) {
      std::size_t open = pos_++;
      std::uint32_t open_line = line_, open_column = column(open);
      bool closed = false;
      while (pos_ < text_.size()) {
        char c = text_[pos_];
        if (c == '"') {
          if (pos_ + 1 < text_.size() && text_[pos_ + 1] == '"') {
            field.push_back('"');
            pos_ += 2;
            continue;
          }
          ++pos_;
          closed = true;
          break;
        }
        if (c == '\n') {
          ++line_;
          line_start_ = pos_ + 1;
        }
        field.push_back(c);
        ++pos_;
      }
      if (!closed) {
        problem = CsvProblem{ErrorCode::CsvQuote, open_line, open_column,
                             "expected a closing quote for the field that opens here, found the end of the file"};
        pos_ = text_.size();
        return true;
      }
      if (pos_ < text_.size() && text_[pos_] == '\r' && pos_ + 1 < text_.size() && text_[pos_ + 1] == '\n') ++pos_;
      if (pos_ < text_.size() && text_[pos_] != ',' && text_[pos_] != '\n') {
        problem = CsvProblem{
            ErrorCode::CsvQuote, line_, column(pos_),
            fmt::format("expected a comma or the end of the line after a quoted field, found '{}'", text_[pos_])};
        skip_rest_of_line();
        return true;
      }
    } else {
      while (pos_ < text_.size() && text_[pos_] != ',' && text_[pos_] != '\n') {
        if (text_[pos_] == '"') {
          problem = CsvProblem{ErrorCode::CsvQuote, line_, column(pos_),
                               "expected no quote inside an unquoted field, found '\"'"};
          skip_rest_of_line();
          return true;
        }
        field.push_back(text_[pos_++]);
      }
      if (!field.empty() && field.back() == '\r' && (pos_ >= text_.size() || text_[pos_] == '\n')) field.pop_back();
    }
    record.fields.push_back(field);
    if (pos_ >= text_.size()) break;
    if (text_[pos_] == ',') {
      ++pos_;
      continue;
    }
    ++pos_;  // '\n'
    ++line_;
    line_start_ = pos_;
    break;
  }
  std::string_view raw = text_.substr(record_start, pos_ - record_start);
  record.bytes = raw.size();
  record.blank = raw.find_first_not_of(" \t\r\n") == std::string_view::npos;
  return true;
}

}  // namespace caqa::detail
