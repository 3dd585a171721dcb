#include "caqa/baseline/logreg.h"

#include <algorithm>
#include <cmath>
#include <cstring>

#include "caqa/rng.h"

namespace caqa::baseline {

std::vector<std::uint32_t> epoch_order(std::size_t rows, std::uint64_t seed, int epoch) {
  std::vector<std::uint32_t> order(rows);
  for (std::size_t i = 0; i < rows; ++i) order[i] = static_cast<std::uint32_t>(i);
  Rng rng(seed * 0x9E3779B97F4A7C15ull + static_cast<std::uint64_t>(epoch) + 1);
  for (std::size_t i = rows; i > 1; --i) {
    std::size_t j = static_cast<std::size_t>(rng.next() % i);
    std::swap(order[i - 1], order[j]);
  }
  return order;
}

AdamStep adam_step(const TrainOptions& o, std::uint64_t t) {
  AdamStep s{};
  s.lr = o.lr;
  s.beta1 = o.beta1;
  s.beta2 = o.beta2;
  s.eps = o.eps;
  s.correction1 = static_cast<float>(1.0 - std::pow(static_cast<double>(o.beta1), static_cast<double>(t)));
  s.correction2 = static_cast<float>(1.0 - std::pow(static_cast<double>(o.beta2), static_cast<double>(t)));
  s.l2 = o.l2;
  return s;
}

namespace {
constexpr char kMagic[8] = {'C', 'A', 'Q', 'A', 'L', 'R', '0', '1'};
template <class T>
void put(std::string& out, const T& v) {
  out.append(reinterpret_cast<const char*>(&v), sizeof(T));
}
}  // namespace

std::string serialize_model(const LogRegModel& m) {
  std::string out(kMagic, sizeof kMagic);
  put(out, m.dim_bits);
  put(out, static_cast<std::uint32_t>(m.view));
  for (float b : m.bias) put(out, b);
  out.append(reinterpret_cast<const char*>(m.weights.data()), m.weights.size() * sizeof(float));
  return out;
}

std::optional<LogRegModel> deserialize_model(std::string_view bytes, std::string& error) {
  constexpr std::size_t header = sizeof kMagic + 8 + 4 * kClasses;
  if (bytes.size() < header || std::memcmp(bytes.data(), kMagic, sizeof kMagic) != 0) {
    error = "not a caqa trained-baseline model (expected the magic \"CAQALR01\"; make one with `caqa train`)";
    return std::nullopt;
  }
  std::uint32_t bits = 0, view = 0;
  std::memcpy(&bits, bytes.data() + 8, 4);
  std::memcpy(&view, bytes.data() + 12, 4);
  if (bits < 4 || bits > 26 || view > 3) {
    error = "corrupt model header (dim_bits " + std::to_string(bits) + ", view " + std::to_string(view) + ")";
    return std::nullopt;
  }
  LogRegModel m;
  m.reset(bits, static_cast<std::uint8_t>(view));
  std::memcpy(m.bias.data(), bytes.data() + 16, 4 * kClasses);
  std::size_t need = header + m.weights.size() * sizeof(float);
  if (bytes.size() != need) {
    error =
        "truncated or oversized model: " + std::to_string(bytes.size()) + " bytes, expected " + std::to_string(need);
    return std::nullopt;
  }
  std::memcpy(m.weights.data(), bytes.data() + header, m.weights.size() * sizeof(float));
  return m;
}

}  // namespace caqa::baseline
