// One error-code table shared by the CLI, the browser and the explorer, so that
// every front end shows the same words (see errors.cpp for the messages).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace caqa {

enum class ErrorCode : std::uint8_t {
  EmptyFile,
  InvalidUtf8,
  LineTooLong,
  MalformedJson,
  NotAnObject,
  DuplicateKey,
  MissingId,
  BadIdType,
  DuplicateId,
  UnknownId,
  MissingLabel,
  BadLabelType,
  InvalidLabel,
  BadResponseType,
  UnparseableResponse,
  BadScore,
  CsvHeader,
  CsvFieldCount,
  CsvQuote,
  MissingComplexity,
  InvalidComplexity,
  BadSplitType,
  NoGoldSamples,
  MissingPredictions,
  MissingField,
  BadFieldType,
  BadTriple,
  UnparsedCitation,
  UnknownPair,
  JudgmentMismatch,
  MissingJudgments,
  NoMatchingIds,
  SchemeMismatch,
};

enum class Severity : std::uint8_t { Error, Warning };

// Stable machine name, e.g. "duplicate_id"; used in JSON output and test corpora.
std::string_view error_code_name(ErrorCode code);
// One-line description of what the code means, for --help and the docs.
std::string_view error_code_summary(ErrorCode code);
inline constexpr int kErrorCodeCount = static_cast<int>(ErrorCode::SchemeMismatch) + 1;

// A problem in an input file. line and column are 1-based; 0 means "whole file".
// column counts bytes from the start of the line (after a BOM on line 1).
struct Diagnostic {
  ErrorCode code;
  Severity severity = Severity::Error;
  std::uint32_t line = 0;
  std::uint32_t column = 0;
  std::string message;  // what was expected and what was found
  std::string hint;     // how to fix it, may be empty
};

// "file:line:col: error[code]: message" plus an indented hint line.
std::string format_diagnostic(std::string_view file, const Diagnostic& d);

struct Diagnostics {
  std::vector<Diagnostic> items;
  std::size_t error_count() const;
  std::size_t warning_count() const;
  bool has_errors() const { return error_count() > 0; }
};

}  // namespace caqa
