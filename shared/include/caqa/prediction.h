// A prediction file read into memory: JSON Lines ({"id", "label" | "response",
// optional "score"}) or CSV with a header "id,label[,score]".
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "caqa/errors.h"
#include "caqa/input_text.h"
#include "caqa/label.h"
#include "caqa/label_extract.h"
#include "caqa/source_text.h"
#include "caqa/vocab/label_scheme.h"

namespace caqa {

enum class PredictionFormat : std::uint8_t { Auto, JsonLines, Csv };
std::optional<PredictionFormat> parse_prediction_format(std::string_view text);
// Auto with a file named *.csv or *.csv.gz is CSV, whatever its first line; any other
// request stands (front ends pass the file's name: the CLI's path, the browser's file name).
PredictionFormat format_for_name(std::string_view name, PredictionFormat requested);

// What a prediction line says about the label.
enum class PredictedKind : std::uint8_t {
  Label,         // a category was read
  InvalidLabel,  // "label" holds a string that is no accepted spelling
  Unparseable,   // "response" names no category, or two with no way to decide
  NoLabel,       // neither "label" nor "response", or a line rejected as malformed
};

struct PredictionRow {  // 32 bytes: a million rows are read, and written, in every pass
  std::uint32_t line = 0;
  std::uint32_t id_column = 0;
  std::uint32_t id_length = 0;
  PredictedKind kind = PredictedKind::NoLabel;
  ClassId label = 0;  // class of the scheme, meaningful when kind == Label
  bool from_response = false;
  bool has_score = false;
  std::uint64_t id_offset = 0;  // in PredictionSet::id_arena
  double score = 0.0;
};

struct PredictionOptions {
  PredictionFormat format = PredictionFormat::Auto;
  ExtractMode extract = ExtractMode::Lenient;
  const LabelScheme* scheme = &caqa_scheme();
  std::size_t max_line_bytes = kDefaultMaxLineBytes;
  // A two-class scheme's label from each line's "score" (the first class's probability):
  // the first class at or above it, else the second; a line without a score is an invalid
  // label (scored as wrong, with a warning). The line's own label is not read.
  std::optional<double> threshold;
};

struct PredictionSet {
  PredictionFormat format = PredictionFormat::JsonLines;
  std::string id_arena;             // ids of all rows, back to back
  std::vector<PredictionRow> rows;  // one per non-blank line that has a usable id
  std::size_t lines_read = 0;       // non-blank lines, including rejected ones
  std::size_t responses = 0;        // rows whose label came from free text
  std::size_t responses_parsed = 0;
  Diagnostics diagnostics;  // per-line problems (no gold needed)

  std::string_view id(const PredictionRow& row) const {
    return std::string_view(id_arena.data() + row.id_offset, row.id_length);
  }
};

PredictionSet read_predictions(const InputText& text, const PredictionOptions& options = {});

}  // namespace caqa
