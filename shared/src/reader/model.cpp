#include "caqa/reader/model.h"

#include <cmath>
#include <string>

#include "caqa/reader/ops.h"

namespace caqa::reader {

std::string check_config(const ReaderConfig& c) {
  if (c.buckets < 16 || c.buckets > (1u << 24)) return "buckets must be between 16 and 16777216";
  if (c.dim < 1 || c.dim > 1024) return "dim must be between 1 and 1024";
  if (c.hidden < 1 || c.hidden > 2048) return "hidden must be between 1 and 2048";
  if (c.window < 1 || c.window > 15 || c.window % 2 == 0) return "window must be odd, between 1 and 15";
  if (c.classes < 2 || c.classes > 16) return "classes must be between 2 and 16";
  if (!(c.dropout >= 0.0f && c.dropout < 1.0f)) return "dropout must be in [0, 1)";
  if (c.max_tokens < 1 || c.max_tokens > 4096) return "max_tokens must be between 1 and 4096";
  return "";
}

std::vector<Tensor> parameter_layout(const ReaderConfig& c) {
  const std::size_t d = static_cast<std::size_t>(c.dim), h = static_cast<std::size_t>(c.hidden),
                    k = static_cast<std::size_t>(c.classes), w = static_cast<std::size_t>(c.window);
  std::vector<Tensor> out = {{"embedding", 0, c.buckets, d},    {"exact_match", 0, 2, d},
                             {"project.weight", 0, h, w * d},   {"project.bias", 0, 1, h},
                             {"compare.weight", 0, h, 4 * h},   {"compare.bias", 0, 1, h},
                             {"aggregate.weight", 0, h, 4 * h}, {"aggregate.bias", 0, 1, h},
                             {"classify.weight", 0, k, h},      {"classify.bias", 0, 1, k}};
  std::size_t at = 0;
  for (Tensor& t : out) {
    t.offset = at;
    at += t.size();
  }
  return out;
}

std::size_t parameter_count(const ReaderConfig& config) {
  const auto layout = parameter_layout(config);
  return layout.back().offset + layout.back().size();
}

std::vector<float> initial_parameters(const ReaderConfig& config, std::uint64_t seed) {
  const auto layout = parameter_layout(config);
  std::vector<float> out(parameter_count(config));
  for (std::size_t t = 0; t < layout.size(); ++t) {
    const Tensor& tensor = layout[t];
    // A weight and its bias share the weight's fan in.
    const bool table = t == kEmbedding || t == kExactMatch;
    const std::size_t fan_in = t % 2 == 0 ? tensor.cols : layout[t - 1].cols;
    const float bound = table ? 0.1f * std::sqrt(3.0f) : 1.0f / std::sqrt(static_cast<float>(fan_in));
    for (std::size_t i = 0; i < tensor.size(); ++i)
      out[tensor.offset + i] = (2.0f * ops::counter_uniform(seed, t, i) - 1.0f) * bound;
  }
  return out;
}

}  // namespace caqa::reader
