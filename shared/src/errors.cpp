#include "caqa/errors.h"

#include <array>

#include <fmt/format.h>

namespace caqa {

namespace {
struct CodeInfo {
  std::string_view name;
  std::string_view summary;
};

// Indexed by ErrorCode; keep in enum order.
constexpr std::array<CodeInfo, kErrorCodeCount> kCodes = {{
    {"empty_file", "the file holds no prediction lines"},
    {"invalid_utf8", "bytes that are not valid UTF-8"},
    {"line_too_long", "a line longer than the limit (--max-line-bytes)"},
    {"malformed_json", "a line that is not valid JSON"},
    {"not_an_object", "a JSON Lines line that is not a JSON object"},
    {"duplicate_key", "the same key twice in a line's object"},
    {"missing_id", "no \"id\" on the line"},
    {"bad_id_type", "\"id\" is not a string or an integer"},
    {"duplicate_id", "an id predicted on more than one line"},
    {"unknown_id", "an id that is not in the gold file"},
    {"missing_label", "neither \"label\" nor \"response\" on the line"},
    {"bad_label_type", "\"label\" is not a string"},
    {"invalid_label", "\"label\" is no accepted spelling of a category"},
    {"bad_response_type", "\"response\" is not a string"},
    {"unparseable_response", "no single category could be read from \"response\""},
    {"bad_score", "\"score\" is not a finite number or null"},
    {"csv_header", "the CSV header is not id,label[,score] or id,response[,score]"},
    {"csv_field_count", "a CSV row with more or fewer fields than the header"},
    {"csv_quote", "a CSV field with an unterminated or misplaced quote"},
    {"missing_complexity", "a gold line without \"complexity\""},
    {"invalid_complexity", "a gold \"complexity\" that is not one of the four levels"},
    {"bad_split_type", "a gold \"split\" that is not a string"},
    {"no_gold_samples", "the gold file (after --split) holds no samples"},
    {"missing_predictions", "gold samples without a prediction"},
    {"missing_field", "a required key is absent from the line"},
    {"bad_field_type", "a key holds a value of the wrong JSON type"},
    {"bad_triple", "a knowledge triple that is not [qid, property, value] with non-empty strings"},
    {"unparsed_citation", "a bracket in an answer that could not be read as a complete citation"},
    {"unknown_pair", "a judgment for a sentence-knowledge pair that caqa does not evaluate"},
    {"judgment_mismatch", "a judgment whose sentence index or text does not match caqa's sentence split"},
    {"missing_judgments", "sentence-knowledge pairs without an entailment judgment"},
    {"no_matching_ids", "no prediction id is in the gold file: nothing would be scored"},
    {"scheme_mismatch", "a gold \"scheme\" that is unknown or differs from the file's first one"},
}};
}  // namespace

std::string_view error_code_name(ErrorCode code) { return kCodes[static_cast<int>(code)].name; }
std::string_view error_code_summary(ErrorCode code) { return kCodes[static_cast<int>(code)].summary; }

std::string format_diagnostic(std::string_view file, const Diagnostic& d) {
  std::string where(file);
  if (d.line > 0) where += fmt::format(":{}", d.line);
  if (d.line > 0 && d.column > 0) where += fmt::format(":{}", d.column);
  std::string out = fmt::format("{}: {}[{}]: {}", where, d.severity == Severity::Error ? "error" : "warning",
                                error_code_name(d.code), d.message);
  if (!d.hint.empty()) out += fmt::format("\n  hint: {}", d.hint);
  return out;
}

std::size_t Diagnostics::error_count() const {
  std::size_t n = 0;
  for (const auto& d : items) n += d.severity == Severity::Error;
  return n;
}

std::size_t Diagnostics::warning_count() const { return items.size() - error_count(); }

}  // namespace caqa
