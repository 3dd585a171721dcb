// The imported rows as gold JSON Lines, and the id check across the files of one import.
#include <algorithm>
#include <unordered_map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "caqa/formats/import.h"

namespace caqa {

std::string numbered_citations(const std::vector<std::string>& references) {
  std::string out;
  for (std::size_t i = 0; i < references.size(); ++i) {
    // AttributionBench's references often carry their own "[n] url" header: not numbered twice.
    std::string marker = fmt::format("[{}]", i + 1);
    bool numbered = std::string_view(references[i]).substr(0, marker.size()) == marker;
    out += fmt::format("{}{}{}", i == 0 ? "" : " ", numbered ? "" : marker + " ", references[i]);
  }
  return out;
}

void drop_duplicate_ids(std::vector<ImportResult>& results, const std::vector<std::string>& names) {
  struct First {
    std::size_t file;
    std::uint32_t line;
  };
  std::unordered_map<std::string, First> seen;
  for (std::size_t f = 0; f < results.size(); ++f) {
    ImportResult& r = results[f];
    std::vector<ImportedRow> kept;
    kept.reserve(r.rows.size());
    for (ImportedRow& row : r.rows) {
      auto inserted = seen.emplace(row.id, First{f, row.line});
      if (inserted.second) {
        kept.push_back(std::move(row));
        continue;
      }
      const First& first = inserted.first->second;
      std::string where = first.file == f ? fmt::format("line {}", first.line)
                                          : fmt::format("{}:{}", f < names.size() ? names[first.file] : "", first.line);
      r.diagnostics.items.push_back({ErrorCode::DuplicateId, Severity::Error, row.line, 0,
                                     fmt::format("duplicate id \"{}\" (first on {})", row.id, where),
                                     "every row needs its own id; a source without ids gets row ids"});
      ++r.bad_rows;
    }
    r.rows = std::move(kept);
    std::stable_sort(r.diagnostics.items.begin(), r.diagnostics.items.end(),
                     [](const Diagnostic& a, const Diagnostic& b) { return a.line < b.line; });
  }
}

std::string imported_gold_line(const ImportedRow& row, const ImportResult& result) {
  // Field order as in our gold files; replace keeps a line writable whatever the source's bytes.
  nlohmann::ordered_json line;
  line["id"] = row.id;
  if (row.question) line["question"] = *row.question;
  line["answer"] = row.answer;
  line["citation"] = row.citation;
  line["label"] = std::string(result.scheme->class_name(row.label));
  if (row.complexity) line["complexity"] = *row.complexity;
  line["scheme"] = result.scheme_name;
  for (const auto& field : row.kept) line[field.first] = field.second;
  return line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

}  // namespace caqa
