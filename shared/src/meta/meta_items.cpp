#include "caqa/meta/meta_items.h"

#include <cmath>
#include <cstdlib>

#include <fmt/format.h>

#include "../formats/csv_records.h"
#include "../json/json_object_line.h"
#include "caqa/text.h"

namespace caqa {

namespace {

using detail::JsonField;

std::uint32_t group_index(MetaItems& items, IdIndex& names, std::string_view name) {
  std::uint32_t existing = names.insert(name);
  if (existing != IdIndex::kAbsent) return existing;
  items.group_names.emplace_back(name);
  return static_cast<std::uint32_t>(items.group_names.size() - 1);
}

// Adds one pair, or reports why not. Fields already typed (CSV fields are strings).
class PairReader {
 public:
  PairReader(MetaPairsRead& out, LevelCoding coding) : out_(out), coding_(coding) {}

  void error(std::uint32_t line, ErrorCode code, std::uint32_t column, std::string message, std::string hint = {}) {
    out_.diagnostics.items.push_back({code, Severity::Error, line, column, std::move(message), std::move(hint)});
  }

  void accept(std::uint32_t line, std::string_view id, std::uint32_t id_column, const JsonField& level,
              const JsonField& score, const JsonField& group) {
    if (ids_.insert(id) != IdIndex::kAbsent) {
      error(line, ErrorCode::DuplicateId, id_column, fmt::format("duplicate id \"{}\"", printable_excerpt(id, 60)),
            "each statement-citation pair needs its own id");
      return;
    }
    std::optional<SupportLevel> parsed;
    if (level.type == JsonField::Type::Absent) {
      error(line, ErrorCode::MissingLabel, 1, "expected a \"level\" key (full, partial or no), found none");
      return;
    }
    if (level.type == JsonField::Type::String || level.type == JsonField::Type::Integer) {
      parsed = parse_support_level(level.text, coding_);
      auto number = numeric_level(level.text);
      ++levels_read_;
      numeric_levels_ += number ? 1 : 0;
      saw_two_ = saw_two_ || number == 2;
    }
    if (!parsed) {
      error(line, ErrorCode::InvalidLabel, level.column,
            fmt::format("expected a support level for \"level\", found {}", detail::describe_found(level)),
            coding_ == LevelCoding::Binary ? "--levels binary reads 1 (full) and 0 (no), and full, partial or no"
                                           : "use full, partial or no (also FS/PS/NS, 2/1/0 or a CAQA label)");
      return;
    }
    bool number = score.type == JsonField::Type::Integer || score.type == JsonField::Type::Float;
    if (!number || !std::isfinite(score.number)) {
      // NaN and Infinity (Python's json writes them) are no score, like null: counted, left out.
      if (!number && score.type != JsonField::Type::Absent && score.type != JsonField::Type::Null)
        error(line, ErrorCode::BadScore, score.column,
              fmt::format("expected a finite number for \"score\", found {}", detail::describe_found(score)));
      else
        ++out_.items.without_score;
      return;
    }
    std::string_view group_name = "all";
    if (group.type != JsonField::Type::Absent && group.type != JsonField::Type::Null) {
      if (auto problem = detail::id_text(group, group_name)) {
        error(line, ErrorCode::BadIdType, problem->column,
              fmt::format("expected a string or an integer for \"group\", found {}", detail::describe_found(group)));
        return;
      }
      out_.items.group_by = "group";
    }
    out_.items.scores.push_back(score.number);
    out_.items.levels.push_back(*parsed);
    out_.items.groups.push_back(group_index(out_.items, group_names_, group_name));
  }

  // A file of 1s and 0s read as 2/1/0 would turn "attributable" into "partial": unless
  // --levels says which coding is meant, refuse it.
  void check_coding() {
    if (coding_ != LevelCoding::Unstated || numeric_levels_ == 0 || numeric_levels_ != levels_read_ || saw_two_) return;
    error(0, ErrorCode::InvalidLabel, 0,
          "every level is 1 or 0, never 2: the file looks binary (e.g. ALCE's attributable 1 / not 0), and the "
          "default 012 coding would read its 1s as partial support",
          "say what the levels mean: --levels binary (1 = full, 0 = no) or --levels 012 (2 full, 1 partial, 0 no)");
  }

 private:
  MetaPairsRead& out_;
  LevelCoding coding_;
  IdIndex ids_, group_names_;
  std::size_t levels_read_ = 0, numeric_levels_ = 0;
  bool saw_two_ = false;
};

void read_pairs_jsonl(const InputText& text, std::size_t max_line_bytes, MetaPairsRead& out, PairReader& pairs) {
  enum Key { kId, kLevel, kScore, kGroup, kQid };
  detail::JsonObjectLine parser({"id", "level", "score", "group", "qid"});
  auto problem = [&](std::uint32_t line, const detail::LineProblem& p) {
    pairs.error(line, p.code, p.column, p.message, p.hint);
  };
  out.lines = detail::for_each_json_object(text, max_line_bytes, parser, problem, [&](const SourceLine& line) {
    std::string_view id;
    if (auto bad_id = detail::id_text(parser.field(kId), id)) return problem(line.number, *bad_id);
    const JsonField& group =
        parser.field(kGroup).type != JsonField::Type::Absent ? parser.field(kGroup) : parser.field(kQid);
    pairs.accept(line.number, id, parser.field(kId).column, parser.field(kLevel), parser.field(kScore), group);
  });
}

void read_pairs_csv(std::string_view text, MetaPairsRead& out, PairReader& pairs) {
  detail::CsvRecords records(text);
  detail::CsvRecord record;
  std::optional<detail::CsvProblem> problem;
  int id_col = -1, level_col = -1, score_col = -1, group_col = -1;
  bool header_done = false;
  while (records.next(record, problem)) {
    if (problem) {
      pairs.error(problem->line, problem->code, problem->column, problem->message);
      continue;
    }
    if (record.blank) continue;
    if (!header_done) {
      header_done = true;
      for (std::size_t i = 0; i < record.fields.size(); ++i) {
        std::string name = ascii_lower(record.fields[i]);
        int* slot = name == "id"                         ? &id_col
                    : name == "level"                    ? &level_col
                    : name == "score"                    ? &score_col
                    : (name == "group" || name == "qid") ? &group_col
                                                         : nullptr;
        if (slot) *slot = static_cast<int>(i);
      }
      if (id_col < 0 || level_col < 0 || score_col < 0) {
        pairs.error(record.line, ErrorCode::CsvHeader, 1, "expected a header naming id, level and score",
                    "the first line must be id,level,score[,group]");
        return;
      }
      continue;
    }
    ++out.lines;
    std::size_t need = static_cast<std::size_t>(std::max({id_col, level_col, score_col, group_col})) + 1;
    if (record.fields.size() < need) {
      pairs.error(record.line, ErrorCode::CsvFieldCount, 1,
                  fmt::format("expected at least {} fields, found {}", need, record.fields.size()));
      continue;
    }
    if (record.fields[id_col].empty()) {
      pairs.error(record.line, ErrorCode::MissingId, record.columns[id_col], "expected an id, found an empty field");
      continue;
    }
    auto field = [&](int col) {
      JsonField f;
      if (col < 0 || record.fields[col].empty()) return f;
      f.type = JsonField::Type::String;
      f.text = record.fields[col];
      f.column = record.columns[col];
      return f;
    };
    JsonField score = field(score_col);
    if (score.type == JsonField::Type::String) {
      char* end = nullptr;
      double v = std::strtod(record.fields[score_col].c_str(), &end);
      if (end == record.fields[score_col].c_str() + record.fields[score_col].size() && std::isfinite(v)) {
        score.type = JsonField::Type::Float;
        score.number = v;
      }
    }
    pairs.accept(record.line, record.fields[id_col], record.columns[id_col], field(level_col), score, field(group_col));
  }
}

}  // namespace

MetaItems meta_items_from_predictions(const PredictionSet& predictions, const GoldSet& gold,
                                      const Validation& validation) {
  MetaItems items;
  const bool by_qid = gold.has_qids(), by_complexity = !by_qid && gold.has_complexity();
  // Gold with neither (an imported benchmark) is one group, as a pairs file without "group".
  items.group_by = by_qid ? "qid" : by_complexity ? "complexity" : "none";
  if (by_qid)
    items.group_names = gold.qid_names();
  else if (by_complexity) {
    // The paper's four; the later levels too when the gold has any (groups are print positions).
    int positions = kPaperComplexityCount;
    for (std::uint32_t g = 0; g < gold.size(); ++g)
      positions = std::max(positions, print_position(gold.complexity(g)) + 1);
    for (int i = 0; i < positions; ++i) items.group_names.emplace_back(complexity_name(kComplexities[i]));
  } else
    items.group_names.emplace_back("all");
  for (std::uint32_t g = 0; g < gold.size(); ++g) {
    std::uint32_t r = validation.row_of_gold[g];
    if (r == IdIndex::kAbsent || !predictions.rows[r].has_score) {
      ++items.without_score;
      continue;
    }
    items.scores.push_back(predictions.rows[r].score);
    // CAQA gold's labels map to levels; support3's class names are the levels.
    items.levels.push_back(&gold.scheme() == &caqa_scheme()
                               ? support_level_of(static_cast<Label>(gold.label(g)))
                               : *parse_support_level(gold.scheme().class_name(gold.label(g))));
    items.groups.push_back(by_qid          ? gold.qid(g)
                           : by_complexity ? static_cast<std::uint32_t>(print_position(gold.complexity(g)))
                                           : 0u);
  }
  return items;
}

MetaPairsRead read_meta_pairs(const InputText& text, std::size_t max_line_bytes, LevelCoding coding) {
  MetaPairsRead out;
  out.items.group_by = "none";
  PairReader pairs(out, coding);
  std::string_view bytes = text.bytes();
  std::size_t i = bytes.substr(0, 3) == "\xEF\xBB\xBF" ? 3 : 0;
  while (i < bytes.size() && (bytes[i] == ' ' || bytes[i] == '\t' || bytes[i] == '\r' || bytes[i] == '\n')) ++i;
  if (i < bytes.size() && bytes[i] != '{')
    read_pairs_csv(bytes, out, pairs);
  else
    read_pairs_jsonl(text, max_line_bytes, out, pairs);
  pairs.check_coding();
  if (out.lines == 0 && !out.diagnostics.has_errors())
    pairs.error(0, ErrorCode::EmptyFile, 0, "expected statement-citation pairs, found an empty file");
  return out;
}

}  // namespace caqa
