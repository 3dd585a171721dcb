#include "baseline/cli_support.h"

#include <bit>
#include <cstdio>

namespace caqa::baseline {

void TrainFlags::add_to(CLI::App& app) {
  app.add_option("--seed", seed, "Seed of the minibatch order (same seed, same data: same model bytes on the CPU)")
      ->capture_default_str();
  app.add_option("--epochs", epochs, "Passes over the training data")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  app.add_option("--batch", batch, "Minibatch size")->capture_default_str()->check(CLI::PositiveNumber);
  app.add_option("--lr", lr, "Adam learning rate")->capture_default_str();
  app.add_option("--dim", dim, "Hashed feature buckets, a power of two")->capture_default_str();
  app.add_option("--backend", backend,
                 "auto: the GPU when CUDA finds one, else the CPU; cpu; cuda (fails without a GPU)")
      ->capture_default_str()
      ->check(CLI::IsMember({"auto", "cpu", "cuda", "gpu"}));
}

TrainOptions TrainFlags::options() const {
  TrainOptions o;
  o.seed = seed;
  o.epochs = epochs;
  o.batch = batch;
  o.lr = lr;
  return o;
}

std::optional<std::uint32_t> TrainFlags::dim_bits() const {
  if (dim < 16 || dim > (1u << 26) || !std::has_single_bit(dim)) {
    std::fprintf(stderr, "error: --dim %u must be a power of two between 16 and 67108864 (e.g. 262144)\n", dim);
    return std::nullopt;
  }
  return static_cast<std::uint32_t>(std::countr_zero(dim));
}

std::unique_ptr<ComputeBackend> open_backend(const std::string& command, const std::string& request) {
  BackendChoice choice = choose_backend(parse_backend_request(request).value_or(BackendRequest::Auto));
  if (!choice.backend) {
    std::fprintf(stderr, "error: %s\nhint: use --backend auto or cpu to run on the CPU\n", choice.reason.c_str());
    return nullptr;
  }
  std::fprintf(stderr, "caqa %s: backend %.*s (%s)\n", command.c_str(), static_cast<int>(choice.backend->name().size()),
               choice.backend->name().data(), choice.reason.c_str());
  return std::move(choice.backend);
}

std::optional<Dataset> load_dataset(const std::string&, const std::string& path) {
  std::string error;
  auto data = read_dataset(path, error);
  if (!data) std::fprintf(stderr, "error: %s\n", error.c_str());
  return data;
}

}  // namespace caqa::baseline
