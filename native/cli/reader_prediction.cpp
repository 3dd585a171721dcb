#include "reader_prediction.h"

#include <fmt/format.h>

#include "caqa/reader/weights_file.h"
#include "exit_codes.h"
#include "files.h"
#include "reader/predictor.h"
#include "reader/reader_data.h"

namespace caqa::cli {

namespace {

// The gold scheme's class of a prediction in the model's scheme: the same class when the
// schemes agree, through the CAQA mapping when the model is caqa4 (a reader trained on the
// benchmark, scored on support3 or binary gold); none otherwise.
std::optional<int> in_gold_scheme(const LabelScheme& model, const LabelScheme& gold, int cls) {
  if (&model == &gold) return cls;
  if (&model != &caqa_scheme()) return std::nullopt;
  const ClassId mapped = gold.from_caqa[static_cast<std::size_t>(cls)];
  return mapped == kNoClass ? std::nullopt : std::optional<int>(mapped);
}

}  // namespace

int predict_with_reader(const std::string& model_path, const std::string& gold, const std::string& output,
                        const std::string& backend) {
  using namespace caqa::reader;
  std::string error;
  auto file = read_file(model_path, error);
  std::optional<ReaderWeights> weights;
  if (file) weights = read_reader_weights(file->bytes(), error);
  if (!weights) {
    fmt::print(stderr, "error: {}: {}\n", model_path, error);
    return kExitUsage;
  }
  const auto scheme_name = weights->metadata.find("scheme");
  const LabelScheme* scheme =
      scheme_name == weights->metadata.end() ? &caqa_scheme() : find_label_scheme(scheme_name->second);
  if (!scheme || scheme->size() != weights->config.classes) {
    fmt::print(stderr, "error: {}: its scheme does not match its {} classes\n", model_path, weights->config.classes);
    return kExitUsage;
  }
  auto data = read_reader_data(gold, nullptr, error);
  if (!data) {
    fmt::print(stderr, "error: {}\n", error);
    return kExitUsage;
  }
  const auto examples = encode_examples(*data, weights->config);
  auto choice = choose_engine(weights->config, parse_backend_request(backend).value_or(compute::BackendRequest::Auto));
  if (!choice.engine) {
    fmt::print(stderr, "error: {}\nhint: use --backend auto or cpu to run on the CPU\n", choice.reason);
    return kExitUsage;
  }
  fmt::print(stderr, "caqa predict: backend {} ({})\n", choice.engine->name(), choice.reason);
  choice.engine->set_parameters(weights->params);
  std::vector<std::size_t> all(data->size());
  for (std::size_t i = 0; i < all.size(); ++i) all[i] = i;
  const ReaderPredictions p = predict_samples(*choice.engine, examples, all, 128);
  std::string out;
  std::size_t scored = 0, right = 0;
  for (std::size_t i = 0; i < data->size(); ++i) {
    const int cls = p.predicted[i];
    out += fmt::format("{{\"id\":{},\"label\":\"{}\",\"score\":{:.6f},\"confidence\":{:.6f}}}\n", data->ids[i],
                       scheme->class_name(static_cast<ClassId>(cls)), p.probs[i * p.classes],
                       p.probs[i * p.classes + cls]);
    if (data->classes[i] < 0) continue;
    if (auto mapped = in_gold_scheme(*scheme, *data->scheme, cls)) {
      ++scored;
      right += *mapped == data->classes[i];
    }
  }
  if (!write_file_atomic(output, out, error)) {
    fmt::print(stderr, "error: {}\n", error);
    return kExitUsage;
  }
  if (scored == data->size())
    fmt::print(stderr, "caqa predict: reader micro-F1 {:.3f} on {} ({} samples, scheme {}); wrote {}\n",
               static_cast<double>(right) / static_cast<double>(scored), gold, scored, data->scheme->name, output);
  else
    fmt::print(stderr, "caqa predict: wrote {} ({} samples; score it with caqa score)\n", output, data->size());
  return kExitOk;
}

}  // namespace caqa::cli
