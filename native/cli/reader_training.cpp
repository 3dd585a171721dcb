#include "reader_training.h"

#include <fmt/format.h>
#include <filesystem>
#include <fstream>
#include <thread>

#include "caqa/reader/weights_file.h"
#include "caqa/version.h"
#include "exit_codes.h"
#include "files.h"
#include "reader/trainer.h"

namespace caqa::cli {

namespace {

// The benchmark a train file belongs to: its version is the SHA-256 of the test.jsonl beside
// it, as `caqa leaderboard` names benchmark versions.
std::string benchmark_version(const std::string& train) {
  const std::string test = (std::filesystem::path(train).parent_path() / "test.jsonl").string();
  std::string error;
  auto file = read_file(test, error);
  return file ? sha256_hex(file->bytes()) : "unknown (no test.jsonl beside the train file)";
}

std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("model name", 0) == 0) {
      const auto colon = line.find(':');
      if (colon != std::string::npos) return line.substr(colon + 2);
    }
  return "unknown CPU";
}

std::string command_line() {
  std::ifstream in("/proc/self/cmdline", std::ios::binary);
  std::string all((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>()), out;
  for (char c : all) out += c == '\0' ? ' ' : c;
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

}  // namespace

void ReaderTraining::add_to(CLI::App& app) {
  const char* group = "Reader (--model reader)";
  app.add_option("--embed", embed_, "Embedding size")->capture_default_str()->group(group);
  app.add_option("--hidden", hidden_, "Width of the projection, comparison and aggregation layers")
      ->capture_default_str()
      ->group(group);
  app.add_option("--window", window_, "Tokens the projection sees at once (odd)")->capture_default_str()->group(group);
  app.add_option("--dropout", dropout_, "Dropout on the comparison's input and the pooled vector")
      ->capture_default_str()
      ->group(group);
  app.add_option("--weight-decay", weight_decay_, "AdamW's decoupled weight decay")
      ->capture_default_str()
      ->group(group);
  app.add_option("--max-tokens", max_tokens_, "Tokens read per text (longer texts are cut)")
      ->capture_default_str()
      ->group(group);
  app.add_option("--dev-fraction", dev_fraction_, "Share of the train file's questions held out as the dev slice")
      ->capture_default_str()
      ->check(CLI::Range(0.01, 0.5))
      ->group(group);
  app.add_option("--patience", patience_, "Stop after this many epochs without a better dev micro-F1")
      ->capture_default_str()
      ->check(CLI::PositiveNumber)
      ->group(group);
  app.add_option("--max-samples", max_samples_, "Train on the first N samples of the file only (0 = all)")
      ->capture_default_str()
      ->group(group);
  app.add_option("--checkpoint-dir", checkpoint_dir_,
                 "Write checkpoint.safetensors (every epoch) and best.safetensors here")
      ->type_name("DIR")
      ->group(group);
  app.add_flag("--resume", resume_,
               "Continue the run whose checkpoint is in --checkpoint-dir (same file and settings): after a kill, "
               "it ends with the weights the uninterrupted run would have written")
      ->group(group);
  app.add_option("--scheme", scheme_, "Label scheme of the train file (default: its \"scheme\" field, else caqa4)")
      ->group(group);
  app.add_flag("-q,--quiet", quiet_, "No progress line")->group(group);
}

int ReaderTraining::run(const CLI::App& app, const baseline::TrainFlags& shared, const std::string& train,
                        const std::string& output) {
  using namespace caqa::reader;
  if (resume_ && checkpoint_dir_.empty()) {
    fmt::print(stderr, "error: --resume needs --checkpoint-dir DIR (where the run wrote its checkpoint)\n");
    return kExitUsage;
  }
  const LabelScheme* scheme = nullptr;
  if (!scheme_.empty() && !(scheme = find_label_scheme(scheme_))) {
    fmt::print(stderr, "error: --scheme {}: expected {}\n", scheme_, label_scheme_names());
    return kExitUsage;
  }
  std::string error;
  auto data = read_reader_data(train, scheme, error);
  if (!data) {
    fmt::print(stderr, "error: {}\n", error);
    return kExitUsage;
  }
  if (!data->has_labels || data->size() == 0) {
    fmt::print(stderr, "error: {}: every training sample needs a \"label\"\n", train);
    return kExitUsage;
  }
  if (max_samples_ > 0 && max_samples_ < data->size()) {
    for (auto* column : {&data->ids, &data->question, &data->answer, &data->citation}) column->resize(max_samples_);
    data->classes.resize(max_samples_);
  }
  TrainingPlan plan;
  ReaderConfig& c = plan.config;
  auto given = [&](const char* name) { return app.count(name) > 0; };
  c.buckets = given("--dim") ? shared.dim : c.buckets;
  c.dim = embed_;
  c.hidden = hidden_;
  c.window = window_;
  c.dropout = dropout_;
  c.max_tokens = max_tokens_;
  c.classes = data->scheme->size();
  if (std::string why = check_config(c); !why.empty()) {
    fmt::print(stderr, "error: reader: {}\n", why);
    return kExitUsage;
  }
  plan.adamw.lr = given("--lr") ? shared.lr : 1e-3f;
  plan.adamw.weight_decay = weight_decay_;
  plan.epochs = given("--epochs") ? shared.epochs : plan.epochs;
  plan.batch = given("--batch") ? shared.batch : plan.batch;
  plan.seed = shared.seed;
  plan.dev_fraction = dev_fraction_;
  plan.patience = patience_;
  plan.checkpoint_dir = checkpoint_dir_;
  plan.resume = resume_;
  plan.progress = !quiet_;
  auto choice = choose_engine(c, parse_backend_request(shared.backend).value_or(compute::BackendRequest::Auto));
  if (!choice.engine) {
    fmt::print(stderr, "error: {}\nhint: use --backend auto or cpu to run on the CPU\n", choice.reason);
    return kExitUsage;
  }
  fmt::print(stderr, "caqa train: backend {} ({})\n", choice.engine->name(), choice.reason);
  const auto examples = encode_examples(*data, c);
  plan.metadata = {{"scheme", std::string(data->scheme->name)},
                   {"benchmark_version", benchmark_version(train)},
                   {"command", command_line()},
                   {"caqa_version", kVersion},
                   {"tokenizer", tokenizer_description({c.buckets, static_cast<std::size_t>(c.max_tokens)})}};
  std::string classes;
  for (int k = 0; k < c.classes; ++k) classes += (k ? "," : "") + std::string(data->scheme->class_name(k));
  plan.metadata["classes_names"] = classes;
  auto outcome = train_reader(*data, examples, *choice.engine, plan, error);
  if (!outcome) {
    fmt::print(stderr, "error: {}\n", error);
    return kExitUsage;
  }
  const std::string hardware = choice.engine->name() == "cpu" ? fmt::format("CPU: {} ({} threads)", cpu_model(),
                                                                            std::thread::hardware_concurrency())
                                                              : fmt::format("CUDA ({})", choice.reason);
  outcome->best.metadata["hardware"] = hardware;
  outcome->best.metadata["training_seconds"] = fmt::format("{:.1f}", outcome->seconds);
  if (!write_file_atomic(output, write_reader_weights(outcome->best), error)) {
    fmt::print(stderr, "error: {}\n", error);
    return kExitUsage;
  }
  fmt::print(stderr,
             "caqa train: reader, {} parameters, {} training + {} dev samples, {} epochs{} in {:.1f} s on {}; best dev "
             "micro-F1 {} (epoch {}); wrote {}\n",
             parameter_count(c), outcome->train_samples, outcome->dev_samples, outcome->epochs.size(),
             outcome->stopped_early ? " (stopped early)" : "", outcome->seconds, hardware,
             outcome->best.metadata["dev_micro_f1"], outcome->best_epoch, output);
  return kExitOk;
}

}  // namespace caqa::cli
