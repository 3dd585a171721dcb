// Features of the id probe (private to shared/src/audit).
#pragma once

#include <cstdint>
#include <string_view>

#include "caqa/baseline/logreg.h"

namespace caqa::audit::detail {

// Appends one row: hashed character 2-4-grams of "<id>" and the id's pieces (split at
// - _ . /), each piece alone and with its position from either end ("ends in -sup"),
// lower-cased, unit L2 norm.
void id_features(std::string_view id, std::uint32_t dim_bits, baseline::SparseRows& out);

}  // namespace caqa::audit::detail
