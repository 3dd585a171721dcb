// RFC 4180 records: comma-separated, double-quoted fields may hold commas, quotes
// ("") and line breaks. Internal to the core.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "caqa/errors.h"

namespace caqa::detail {

struct CsvRecord {
  std::vector<std::string> fields;
  std::vector<std::uint32_t> columns;  // 1-based byte column where each field starts
  std::uint32_t line = 0;              // line where the record starts
  std::size_t bytes = 0;               // length of the raw record
  bool blank = false;
};

struct CsvProblem {
  ErrorCode code;
  std::uint32_t line, column;
  std::string message;
};

class CsvRecords {
 public:
  explicit CsvRecords(std::string_view text);
  // False at end of input. On a malformed record, returns true with problem set;
  // reading resumes at the next line.
  bool next(CsvRecord& record, std::optional<CsvProblem>& problem);

 private:
  std::string_view text_;
  std::size_t pos_ = 0;
  std::size_t line_start_ = 0;
  std::uint32_t line_ = 1;
};

}  // namespace caqa::detail
