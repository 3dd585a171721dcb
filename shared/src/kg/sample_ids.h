// What names a built sample and seeds its draws: its id, a hash of what makes it, and the
// answer's markers for each passage of its citation (benchmark_builder.cpp).
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "caqa/kg/query_extension.h"
#include "caqa/label.h"

namespace caqa::kg {

// A digit short of FNV's offset basis, and kept so: every built benchmark's random
// choices and train/test split depend on this seed.
inline constexpr std::uint64_t kQuestionHashSeed = 1469598103934665603ull;

// The answer statement's marker for each passage: "... [1]." -> "... [1][2].".
std::string cite_passages(std::string answer, std::size_t passages);
// An id that says nothing about the sample: a hash keyed by the seed over what makes the
// sample (source question, extension, edit), stable for the same inputs and seed.
std::string sample_id(std::uint64_t seed, const std::string& question_id, Extension extension, Label label);
// The number a sample id's 16 hex digits spell (sample_id): one per id, in the same order.
std::uint64_t id_number(std::string_view id);

}  // namespace caqa::kg
