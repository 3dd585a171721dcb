#include <cmath>
#include <cstdlib>

#include <fmt/format.h>

#include "../formats/csv_records.h"
#include "../json/json_object_line.h"
#include "caqa/prediction.h"
#include "caqa/scheme_extract.h"
#include "caqa/text.h"

namespace caqa {

namespace {

using detail::JsonField;

std::string label_hint(const LabelScheme& scheme) {
  if (&scheme == &caqa_scheme())
    return "use supportive, partially_supportive, contradictory or irrelevant (case, spaces and hyphens do not "
           "matter; Support/Insufficient/Missing/Attributable/Extrapolatory are accepted too)";
  return fmt::format("use {} (--scheme {}; case, spaces and hyphens do not matter)", scheme.expected_list(),
                     scheme.name);
}

std::optional<ClassId> read_label_value(std::string_view text, const PredictionOptions& options) {
  if (options.extract == ExtractMode::Strict) return options.scheme->parse_exact(text);
  return options.scheme->parse_spelling(text);
}

class RowReader {
 public:
  RowReader(PredictionSet& set, const PredictionOptions& options)
      : set_(set), options_(options), hint_(label_hint(*options.scheme)) {}

  void error(std::uint32_t line, ErrorCode code, std::uint32_t column, std::string message, std::string hint = {},
             Severity severity = Severity::Error) {
    set_.diagnostics.items.push_back({code, severity, line, column, std::move(message), std::move(hint)});
  }

  // One line's fields, already typed; the id is known to be usable.
  void accept(std::uint32_t line, std::string_view id, std::uint32_t id_column, const JsonField& label,
              const JsonField& response, const JsonField& score) {
    PredictionRow row;
    row.line = line;
    row.id_column = id_column;
    row.id_offset = set_.id_arena.size();
    row.id_length = static_cast<std::uint32_t>(id.size());
    // A free-text "response" is read with this run's --extract even when a "label" stands
    // beside it (caqa eval writes both): the label a judge's reply carries is re-derived,
    // so the parse rate and --extract strict mean what they say.
    if (label.type != JsonField::Type::Absent && label.type != JsonField::Type::Null &&
        label.type != JsonField::Type::String) {
      error(line, ErrorCode::BadLabelType, label.column,
            fmt::format("expected a string for \"label\", found {}", detail::describe_found(label)), hint_);
      return;
    } else if (response.type == JsonField::Type::String) {
      ++set_.responses;
      row.from_response = true;
      Extraction e = extract_label(response.text, options_.extract);
      std::optional<ClassId> cls;
      if (e.status == ExtractStatus::Found) cls = options_.scheme->from_caqa_label(e.label);
      // Another scheme's own words ("Not attributable: ...") where the reply names no CAQA category
      // (the CAQA scheme keeps the documented rule of label_extract.h).
      if (e.status == ExtractStatus::NoCategory && options_.scheme != &caqa_scheme())
        cls = extract_scheme_class(response.text, *options_.scheme, options_.extract);
      if (cls) {
        ++set_.responses_parsed;
        row.kind = PredictedKind::Label;
        row.label = *cls;
      } else {
        row.kind = PredictedKind::Unparseable;
        error(line, ErrorCode::UnparseableResponse, response.column,
              fmt::format("expected one category in \"response\", found {}: \"{}\"",
                          e.status == ExtractStatus::Ambiguous ? "several with no way to decide" : "none",
                          printable_excerpt(response.text, 80)),
              "scored as wrong; see README \"Label extraction\" for the rule", Severity::Warning);
      }
    } else if (label.type == JsonField::Type::String) {
      if (auto l = read_label_value(label.text, options_)) {
        row.kind = PredictedKind::Label;
        row.label = *l;
      } else {
        row.kind = PredictedKind::InvalidLabel;
        error(line, ErrorCode::InvalidLabel, label.column,
              fmt::format("expected a category for \"label\", found {}", detail::describe_found(label)),
              options_.extract == ExtractMode::Strict
                  ? fmt::format("--extract strict accepts only {}", options_.scheme->expected_list())
                  : hint_);
      }
    } else if (label.type == JsonField::Type::Null && response.type == JsonField::Type::Absent) {
      row.kind = PredictedKind::InvalidLabel;
      error(line, ErrorCode::InvalidLabel, label.column, "expected a category for \"label\", found null", hint_);
    } else if (response.type != JsonField::Type::Absent && response.type != JsonField::Type::Null) {
      error(line, ErrorCode::BadResponseType, response.column,
            fmt::format("expected a string for \"response\", found {}", detail::describe_found(response)));
      return;
    } else {
      error(line, ErrorCode::MissingLabel, 1, "expected a \"label\" or a \"response\" key, found neither",
            "write {\"id\": ..., \"label\": \"supportive\"} or {\"id\": ..., \"response\": \"<judge output>\"}");
      return;
    }
    if ((score.type == JsonField::Type::Integer || score.type == JsonField::Type::Float) &&
        std::isfinite(score.number)) {
      row.has_score = true;
      row.score = score.number;
    } else if (score.type != JsonField::Type::Absent && score.type != JsonField::Type::Null) {
      bool number = score.type == JsonField::Type::Integer || score.type == JsonField::Type::Float;
      error(line, ErrorCode::BadScore, score.column,
            fmt::format("expected a finite number or null for \"score\", found {}", detail::describe_found(score)),
            number ? "a score must be a finite number (NaN and Infinity are not JSON): write null; the line is scored "
                     "without one"
                   : "the score is optional; leave it out when the evaluator gives none");
    }
    set_.id_arena.append(id);
    set_.rows.push_back(row);
  }

 private:
  PredictionSet& set_;
  const PredictionOptions& options_;
  std::string hint_;
};

void read_json_lines(const InputText& text, const PredictionOptions& options, PredictionSet& set) {
  enum Key { kId, kLabel, kResponse, kScore };
  detail::JsonObjectLine parser({"id", "label", "response", "score"});
  RowReader rows(set, options);
  set.rows.reserve(text.bytes().size() / 48 + 1);
  set.id_arena.reserve(text.bytes().size() / 4 + 16);
  auto problem = [&](std::uint32_t line, const detail::LineProblem& p) {
    rows.error(line, p.code, p.column, p.message, p.hint);
  };
  set.lines_read =
      detail::for_each_json_object(text, options.max_line_bytes, parser, problem, [&](const SourceLine& line) {
        std::string_view id;
        if (auto bad_id = detail::id_text(parser.field(kId), id)) return problem(line.number, *bad_id);
        rows.accept(line.number, id, parser.field(kId).column, parser.field(kLabel), parser.field(kResponse),
                    parser.field(kScore));
      });
}

std::string lower_trimmed(std::string_view s) {
  std::size_t b = s.find_first_not_of(" \t"), e = s.find_last_not_of(" \t");
  std::string out = b == std::string_view::npos ? std::string() : std::string(s.substr(b, e - b + 1));
  ascii_lower_in_place(out);
  return out;
}

// Reports the first field with bytes that are not UTF-8, with the byte's column.
bool report_invalid_utf8(RowReader& rows, const detail::CsvRecord& record) {
  for (std::size_t i = 0; i < record.fields.size(); ++i) {
    std::size_t bad = first_invalid_utf8(record.fields[i]);
    if (bad == std::string_view::npos) continue;
    rows.error(
        record.line, ErrorCode::InvalidUtf8, record.columns[i] + static_cast<std::uint32_t>(bad),
        fmt::format("expected UTF-8 text, found the byte 0x{:02X}", static_cast<unsigned char>(record.fields[i][bad])),
        "save the file as UTF-8");
    return true;
  }
  return false;
}

void read_csv(std::string_view text, const PredictionOptions& options, PredictionSet& set) {
  RowReader rows(set, options);
  detail::CsvRecords records(text);
  detail::CsvRecord record;
  std::optional<detail::CsvProblem> problem;
  int id_col = -1, label_col = -1, response_col = -1, score_col = -1;
  std::size_t header_fields = 0;
  bool header_done = false;
  while (records.next(record, problem)) {
    if (problem) {
      if (header_done) ++set.lines_read;
      rows.error(problem->line, problem->code, problem->column, problem->message);
      continue;
    }
    if (record.blank) continue;
    if (!header_done) {
      header_done = true;
      report_invalid_utf8(rows, record);  // the header may still name its columns
      header_fields = record.fields.size();
      for (std::size_t i = 0; i < record.fields.size(); ++i) {
        std::string name = lower_trimmed(record.fields[i]);
        int* slot = name == "id"         ? &id_col
                    : name == "label"    ? &label_col
                    : name == "response" ? &response_col
                    : name == "score"    ? &score_col
                                         : nullptr;
        if (slot) *slot = static_cast<int>(i);
      }
      if (id_col < 0 || (label_col < 0 && response_col < 0)) {
        rows.error(record.line, ErrorCode::CsvHeader, 1,
                   fmt::format("expected a header naming id and label (or response), found \"{}\"",
                               fmt::join(record.fields, ",")),
                   "the first line must be id,label[,score] or id,response[,score]");
        return;
      }
      continue;
    }
    ++set.lines_read;
    if (record.fields.size() != header_fields) {
      rows.error(record.line, ErrorCode::CsvFieldCount, 1,
                 fmt::format("expected {} fields as in the header, found {}", header_fields, record.fields.size()),
                 "quote fields that contain commas: \"a, b\"");
      continue;
    }
    if (record.bytes > options.max_line_bytes) {
      rows.error(
          record.line, ErrorCode::LineTooLong, 1,
          fmt::format("expected a record of at most {} bytes, found {} bytes", options.max_line_bytes, record.bytes),
          "raise --max-line-bytes if such long records are intended");
      continue;
    }
    if (report_invalid_utf8(rows, record)) continue;
    const std::string& id = record.fields[id_col];
    if (id.empty()) {
      rows.error(record.line, ErrorCode::MissingId, record.columns[id_col], "expected an id, found an empty field");
      continue;
    }
    auto text_field = [&](int col) {
      JsonField f;
      if (col < 0) return f;
      f.column = record.columns[col];
      f.type = JsonField::Type::String;
      f.text = record.fields[col];
      return f;
    };
    JsonField label = text_field(label_col), response = text_field(response_col), score;
    if (score_col >= 0 && !record.fields[score_col].empty()) {
      score = text_field(score_col);
      const std::string& s = record.fields[score_col];
      char* end = nullptr;
      double v = std::strtod(s.c_str(), &end);
      bool numeric = end == s.c_str() + s.size() && std::isfinite(v) &&
                     s.find_first_of("nNiIxX") == std::string::npos;  // no nan, inf or hex
      if (numeric) {
        score.type = JsonField::Type::Float;
        score.number = v;
      }
    }
    rows.accept(record.line, id, record.columns[id_col], label, response, score);
  }
}

}  // namespace

std::optional<PredictionFormat> parse_prediction_format(std::string_view text) {
  if (text == "auto") return PredictionFormat::Auto;
  if (text == "jsonl") return PredictionFormat::JsonLines;
  if (text == "csv") return PredictionFormat::Csv;
  return std::nullopt;
}

PredictionFormat format_for_name(std::string_view name, PredictionFormat requested) {
  if (requested != PredictionFormat::Auto) return requested;
  return name.ends_with(".csv") || name.ends_with(".csv.gz") ? PredictionFormat::Csv : PredictionFormat::Auto;
}

// --threshold: the label of a two-class scheme from the score (PredictionOptions::threshold).
void apply_threshold(PredictionSet& set, double threshold) {
  for (PredictionRow& row : set.rows) {
    if (row.kind == PredictedKind::NoLabel) continue;
    row.from_response = false;
    if (row.has_score) {
      row.kind = PredictedKind::Label;
      row.label = row.score >= threshold ? ClassId{0} : ClassId{1};
    } else {
      row.kind = PredictedKind::InvalidLabel;
      set.diagnostics.items.push_back(
          {ErrorCode::BadScore, Severity::Warning, row.line, 1,
           fmt::format("expected a number \"score\" for --threshold {}, found none", threshold),
           "scored as wrong; write the evaluator's score, or score without --threshold"});
    }
  }
}

PredictionSet read_predictions(const InputText& input, const PredictionOptions& options) {
  std::string_view text = input.bytes();
  PredictionSet set;
  set.format = options.format;
  if (set.format == PredictionFormat::Auto) {
    std::size_t i = text.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
    while (i < text.size() && (text[i] == ' ' || text[i] == '\t' || text[i] == '\r' || text[i] == '\n')) ++i;
    std::string head = lower_trimmed(text.substr(i, 8));
    bool csv = head.rfind("id,", 0) == 0 || head.rfind("\"id\",", 0) == 0;
    set.format = csv ? PredictionFormat::Csv : PredictionFormat::JsonLines;
  }
  if (set.format == PredictionFormat::Csv)
    read_csv(text, options, set);
  else
    read_json_lines(input, options, set);
  if (set.lines_read == 0 && !set.diagnostics.has_errors())
    set.diagnostics.items.push_back(
        {ErrorCode::EmptyFile, Severity::Error, 0, 0, "expected prediction lines, found an empty file", ""});
  if (options.threshold) apply_threshold(set, *options.threshold);
  return set;
}

}  // namespace caqa
