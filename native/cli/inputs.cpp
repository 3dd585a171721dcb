#include "inputs.h"

#include <fmt/format.h>

#include "files.h"

namespace caqa::cli {

void GoldFlags::add_to(CLI::App& app) {
  app.add_option("--gold", path, "Benchmark split with the gold labels (JSON Lines: id, label, complexity)")
      ->required()
      ->type_name("FILE");
  app.add_option("--split", split, "Use only gold samples whose \"split\" is NAME (default: every sample)")
      ->type_name("NAME");
}

void PredictionFlags::add_to(CLI::App& app, bool with_binary) {
  app.add_option("--format", format, "Prediction file format; auto: JSON Lines unless the file starts with an id,... CSV header")
      ->check(CLI::IsMember({"auto", "jsonl", "csv"}))
      ->capture_default_str();
  app.add_option("--extract", extract,
                 "Label reading: lenient accepts any documented spelling and finds the category in free text; "
                 "strict wants canonical labels and a response that starts with its category")
      ->check(CLI::IsMember({"lenient", "strict"}))
      ->capture_default_str();
  if (with_binary)
    app.add_flag("--binary", binary,
                 "Two-way evaluator: score supportive vs. the rest, and accept not_supportive/unsupported labels");
  app.add_option("--max-line-bytes", max_line_bytes, "Longest accepted line, in bytes")
      ->check(CLI::Range(std::size_t{64}, std::size_t{1} << 24))
      ->capture_default_str();
  app.add_option("--max-errors", max_errors, "Diagnostics printed per file (0 = all)")->capture_default_str();
}

PredictionOptions PredictionFlags::options() const {
  PredictionOptions o;
  o.format = *parse_prediction_format(format);
  o.extract = *parse_extract_mode(extract);
  o.binary = binary;
  o.max_line_bytes = max_line_bytes;
  return o;
}

void print_diagnostics(std::FILE* out, const std::string& file, const Diagnostics& diagnostics, std::size_t max) {
  std::size_t shown = 0;
  for (const auto& d : diagnostics.items) {
    if (max != 0 && shown == max) break;
    fmt::print(out, "{}\n", format_diagnostic(file, d));
    ++shown;
  }
  if (shown < diagnostics.items.size())
    fmt::print(out, "... and {} more (--max-errors 0 shows all)\n", diagnostics.items.size() - shown);
}

std::optional<LoadedGold> parse_gold_text(const GoldFlags& flags, const InputText& text, std::size_t max_line_bytes) {
  GoldOptions options;
  if (!flags.split.empty()) options.split = flags.split;
  options.max_line_bytes = max_line_bytes;
  GoldParse parsed = parse_gold(text, options);
  if (parsed.diagnostics.has_errors()) {
    print_diagnostics(stderr, display_name(flags.path), parsed.diagnostics, 20);
    fmt::print(stderr, "caqa: the gold file {} has {} problem(s); fix it before scoring\n", display_name(flags.path),
               parsed.diagnostics.error_count());
    return std::nullopt;
  }
  return LoadedGold{std::move(parsed.gold), display_name(flags.path), {}};
}

std::optional<LoadedGold> load_gold(const GoldFlags& flags, std::size_t max_line_bytes, bool with_hash) {
  std::string error;
  auto text = read_file(flags.path, error);
  if (!text) {
    fmt::print(stderr, "caqa: {}\n", error);
    return std::nullopt;
  }
  auto gold = parse_gold_text(flags, text->text(), max_line_bytes);
  if (gold && with_hash) gold->sha256 = sha256_hex(text->bytes());
  return gold;
}

std::optional<LoadedPredictions> load_predictions(const std::string& path, const PredictionFlags& flags) {
  std::string error;
  auto text = read_file(path, error);
  if (!text) {
    fmt::print(stderr, "caqa: {}\n", error);
    return std::nullopt;
  }
  return LoadedPredictions{read_predictions(text->text(), flags.options()), display_name(path)};
}

bool emit(const std::string& path, const std::string& text) {
  if (path.empty()) {
    std::fwrite(text.data(), 1, text.size(), stdout);
    return true;
  }
  std::string error;
  if (write_file_atomic(path, text, error)) return true;
  fmt::print(stderr, "caqa: {}\n", error);
  return false;
}

}  // namespace caqa::cli
