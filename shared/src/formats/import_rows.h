// What the CSV and JSON Lines importers share: how a format's own label vocabulary
// reaches the scheme's classes, and how a bad row is reported. Internal to the core.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "caqa/formats/import.h"

namespace caqa::detail {

inline std::string_view trim_spaces(std::string_view text) {
  std::size_t b = text.find_first_not_of(" \t\r\n");
  if (b == std::string_view::npos) return {};
  return text.substr(b, text.find_last_not_of(" \t\r\n") - b + 1);
}

// A label as a source writes it, and the spelling the label-scheme registry reads for it
// (the CAQA authors' maps: ALCE "1" is "Support", AttrScore "Extrapolatory" is "Irrelevant").
struct SourceLabel {
  std::string_view source;
  std::string_view spelling;
};

// The labels a format's files hold; empty for mapped (any spelling of --scheme).
const std::vector<SourceLabel>& source_labels(ImportFormat format);

// The --label-map entry for a source label (case-insensitive, trimmed), or null.
const ImportLabelMapping* find_label_mapping(const std::vector<ImportLabelMapping>& map, std::string_view label);

// The class of a source label (through the mapped format's --label-map first), or a
// diagnostic message naming what was expected.
struct LabelRead {
  std::optional<ClassId> cls;
  std::string expected;  // set when cls is empty
};
LabelRead read_source_label(const ImportResult& result, const ImportOptions& options, std::string_view text);

// Collects one record's problems; the record becomes a row only when none was found.
class RowProblems {
 public:
  RowProblems(Diagnostics& out, std::uint32_t line) : out_(out), line_(line) {}
  void add(ErrorCode code, std::uint32_t column, std::string message, std::string hint = {}) {
    out_.items.push_back({code, Severity::Error, line_, column, std::move(message), std::move(hint)});
    any_ = true;
  }
  bool any() const { return any_; }

 private:
  Diagnostics& out_;
  std::uint32_t line_;
  bool any_ = false;
};

// Starts a result: resolves the scheme (the format's own, or --scheme for mapped).
ImportResult start_import(const ImportOptions& options);
std::string row_id(const ImportOptions& options, std::size_t row);

ImportResult import_csv(const InputText& text, const ImportOptions& options);
ImportResult import_json_lines(const InputText& text, const ImportOptions& options);

}  // namespace caqa::detail
