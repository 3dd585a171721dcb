// Checks a prediction file against gold: everything read_predictions reports, plus
// duplicate ids, ids not in gold and gold samples with no prediction.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "caqa/errors.h"
#include "caqa/gold_set.h"
#include "caqa/prediction.h"

namespace caqa {

enum class DuplicatePolicy : std::uint8_t { Error, First, Last };
std::string_view duplicate_policy_name(DuplicatePolicy policy);
std::optional<DuplicatePolicy> parse_duplicate_policy(std::string_view text);

struct Validation {
  Diagnostics diagnostics;  // sorted by line; missing predictions as one warning
  std::size_t duplicate_lines = 0;
  std::size_t unknown_id_lines = 0;
  std::size_t missing = 0;
  std::vector<std::string> first_missing_ids;  // up to 10, in gold order
  // Row used for each gold sample (index into PredictionSet::rows), kAbsent when none.
  std::vector<std::uint32_t> row_of_gold;
  // Gold sample of each prediction row, kAbsent for ids not in gold.
  std::vector<std::uint32_t> gold_of_row;
  bool valid() const { return !diagnostics.has_errors(); }
};

// out[r - begin] = gold sample of prediction row r for r in [begin, end), kAbsent for
// ids not in gold. The costly part of validate, separate so that a front end may
// spread it over threads.
void match_ids(const PredictionSet& predictions, const GoldSet& gold, std::size_t begin, std::size_t end,
               std::uint32_t* out);

// policy decides which row counts for a repeated id; with Error, repeats are
// diagnostics and the first row is kept. gold_of_row, when given, is match_ids over
// every row.
Validation validate(const PredictionSet& predictions, const GoldSet& gold,
                    DuplicatePolicy policy = DuplicatePolicy::Error, std::vector<std::uint32_t> gold_of_row = {});

}  // namespace caqa
