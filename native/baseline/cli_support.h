// What caqa train and predict share: training flags, backend choice with its one-line
// explanation, reading datasets.
#pragma once

#include <optional>
#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "baseline/backend.h"

namespace caqa::baseline {

struct TrainFlags {
  std::uint64_t seed = 13;
  int epochs = TrainOptions{}.epochs;
  int batch = TrainOptions{}.batch;
  float lr = TrainOptions{}.lr;
  std::uint32_t dim = 1u << 18;
  std::string backend = "auto";
  void add_to(CLI::App& app);
  TrainOptions options() const;
  // nullopt after printing why (--dim not a power of two).
  std::optional<std::uint32_t> dim_bits() const;
};

// Picks the backend and prints "caqa CMD: backend NAME (REASON)" to stderr; nullptr
// (after printing why) when --backend cuda cannot run.
std::unique_ptr<ComputeBackend> open_backend(const std::string& command, const std::string& request);

std::optional<Dataset> load_dataset(const std::string& command, const std::string& path);

}  // namespace caqa::baseline
