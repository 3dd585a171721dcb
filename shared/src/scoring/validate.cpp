#include "caqa/validate.h"

#include <algorithm>

#include <fmt/format.h>

namespace caqa {

std::string_view duplicate_policy_name(DuplicatePolicy policy) {
  static constexpr std::string_view kNames[] = {"error", "first", "last"};  // in enum order
  return kNames[static_cast<int>(policy)];
}

std::optional<DuplicatePolicy> parse_duplicate_policy(std::string_view text) {
  if (text == "error") return DuplicatePolicy::Error;
  if (text == "first") return DuplicatePolicy::First;
  if (text == "last") return DuplicatePolicy::Last;
  return std::nullopt;
}

void match_ids(const PredictionSet& predictions, const GoldSet& gold, std::size_t begin, std::size_t end,
               std::uint32_t* out) {
  gold.ids().find_all(
      end - begin, [&](std::size_t i) { return predictions.id(predictions.rows[begin + i]); }, out);
}

Validation validate(const PredictionSet& predictions, const GoldSet& gold, DuplicatePolicy policy,
                    std::vector<std::uint32_t> gold_of_row_given) {
  Validation v;
  v.diagnostics.items = predictions.diagnostics.items;
  v.row_of_gold.assign(gold.size(), IdIndex::kAbsent);
  IdIndex unknown;  // ids not in gold, to report their repeats too
  std::vector<std::uint32_t> unknown_first_line;
  std::vector<std::uint32_t>& gold_of_row = v.gold_of_row;
  if (gold_of_row_given.size() == predictions.rows.size()) {
    gold_of_row = std::move(gold_of_row_given);
  } else {
    gold_of_row.resize(predictions.rows.size());
    match_ids(predictions, gold, 0, predictions.rows.size(), gold_of_row.data());
  }
  for (std::uint32_t r = 0; r < predictions.rows.size(); ++r) {
    const PredictionRow& row = predictions.rows[r];
    std::string_view id = predictions.id(row);
    std::uint32_t g = gold_of_row[r];
    std::uint32_t first_line = 0;
    if (g == IdIndex::kAbsent) {
      std::uint32_t seen = unknown.insert(id);
      if (seen == IdIndex::kAbsent) {
        unknown_first_line.push_back(row.line);
        ++v.unknown_id_lines;
        v.diagnostics.items.push_back({ErrorCode::UnknownId, Severity::Error, row.line, row.id_column,
                                       fmt::format("expected an id of the gold file, found \"{}\"", id),
                                       "check that the predictions and --gold are the same benchmark split"});
        continue;
      }
      ++v.unknown_id_lines;
      first_line = unknown_first_line[seen];
    } else if (v.row_of_gold[g] == IdIndex::kAbsent) {
      v.row_of_gold[g] = r;
      continue;
    } else {
      first_line = predictions.rows[v.row_of_gold[g]].line;
      if (policy == DuplicatePolicy::Last) v.row_of_gold[g] = r;
    }
    ++v.duplicate_lines;
    if (policy == DuplicatePolicy::Error)
      v.diagnostics.items.push_back({ErrorCode::DuplicateId, Severity::Error, row.line, row.id_column,
                                     fmt::format("duplicate id \"{}\" (first on line {})", id, first_line),
                                     "keep one prediction per id, or score with --dup first|last"});
  }
  for (std::uint32_t g = 0; g < gold.size(); ++g) {
    if (v.row_of_gold[g] != IdIndex::kAbsent) continue;
    ++v.missing;
    if (v.first_missing_ids.size() < 10) v.first_missing_ids.emplace_back(gold.ids().id(g));
  }
  // Predictions for another split (or benchmark) share no id with gold: scoring them would
  // report 0.000 everywhere for a file that was never compared.
  if (!predictions.rows.empty() && v.missing == gold.size() && gold.size() > 0)
    v.diagnostics.items.push_back({ErrorCode::NoMatchingIds, Severity::Error, 0, 0,
                                   fmt::format("none of the {} prediction line(s) has an id of the {} gold samples",
                                               predictions.rows.size(), gold.size()),
                                   "none of these ids are in this split (--split?)"});
  if (v.missing > 0) {
    v.diagnostics.items.push_back({ErrorCode::MissingPredictions, Severity::Warning, 0, 0,
                                   fmt::format("{} of {} gold samples have no prediction (first: {})", v.missing,
                                               gold.size(), fmt::join(v.first_missing_ids, ", ")),
                                   "scored as wrong unless you pass --ignore-missing"});
  }
  std::stable_sort(v.diagnostics.items.begin(), v.diagnostics.items.end(),
                   [](const Diagnostic& a, const Diagnostic& b) {
                     // File-level notes (line 0) go last.
                     auto key = [](const Diagnostic& d) { return d.line == 0 ? ~0u : d.line; };
                     return key(a) < key(b);
                   });
  return v;
}

}  // namespace caqa
