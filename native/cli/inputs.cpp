#include "inputs.h"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "files.h"

namespace caqa::cli {

void GoldFlags::add_to(CLI::App& app) {
  app.add_option("--gold", path, "Benchmark split with the gold labels (JSON Lines: id, label, complexity)")
      ->required()
      ->type_name("FILE");
  app.add_option("--split", split, "Use only gold samples whose \"split\" is NAME (default: every sample)")
      ->type_name("NAME");
}

std::string schemes_help() {
  std::string s = "Label scheme of gold and predictions:";
  for (const LabelScheme* scheme : label_schemes())
    s += fmt::format("\n  {:<10} {}: {}{}", scheme->name, scheme->expected_list(), scheme->description,
                     scheme->aliases.empty() ? "" : fmt::format(" (also: {})", fmt::join(scheme->aliases, ", ")));
  s += "\nWithout --scheme (or --binary), a gold file whose lines name a \"scheme\" selects it.";
  return s;
}

void PredictionFlags::add_to(CLI::App& app, bool with_scheme) {
  app.add_option("--format", format,
                 "Prediction file format; auto: JSON Lines unless the file starts with an id,... CSV header")
      ->check(CLI::IsMember({"auto", "jsonl", "csv"}))
      ->capture_default_str();
  app.add_option("--extract", extract,
                 "Label reading: lenient accepts any documented spelling and finds the category in free text; "
                 "strict wants canonical labels and a response that starts with its category")
      ->check(CLI::IsMember({"lenient", "strict"}))
      ->capture_default_str();
  if (with_scheme) {
    scheme_option =
        app.add_option("--scheme", scheme, schemes_help())
            ->check([](const std::string& s) { return find_label_scheme(s) ? std::string() : "unknown scheme " + s; })
            ->capture_default_str();
    app.add_flag("--binary", binary,
                 "Two-way evaluator: --scheme binary (attributable vs. not_attributable; supportive/rest, 1/0, "
                 "not_supportive, unsupported accepted)");
  }
  app.add_option("--max-line-bytes", max_line_bytes, "Longest accepted line, in bytes")
      ->check(CLI::Range(std::size_t{64}, std::size_t{1} << 24))
      ->capture_default_str();
  app.add_option("--max-errors", max_errors, "Diagnostics printed per file (0 = all)")->capture_default_str();
}

void PredictionFlags::apply_to(ScoreRequest& request) const {
  request.format = *parse_prediction_format(format);
  request.extract = *parse_extract_mode(extract);
  request.scheme = binary ? find_label_scheme("binary") : find_label_scheme(scheme);
  request.scheme_given = binary || (scheme_option && scheme_option->count() > 0);
  request.max_line_bytes = max_line_bytes;
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

std::optional<LoadedGold> parse_gold_text(const std::string& path, const InputText& text, const GoldOptions& options) {
  GoldParse parsed = parse_gold(text, options);
  if (parsed.diagnostics.has_errors()) {
    print_diagnostics(stderr, display_name(path), parsed.diagnostics, 20);
    fmt::print(stderr, "caqa: the gold file {} has {} problem(s); fix it before scoring\n", display_name(path),
               parsed.diagnostics.error_count());
    return std::nullopt;
  }
  return LoadedGold{std::move(parsed.gold), display_name(path), {}};
}

std::optional<LoadedGold> load_gold(const std::string& path, const GoldOptions& options, bool with_hash) {
  std::string error;
  auto text = read_file(path, error);
  if (!text) {
    fmt::print(stderr, "caqa: {}\n", error);
    return std::nullopt;
  }
  auto gold = parse_gold_text(path, text->text(), options);
  if (gold && with_hash) gold->sha256 = sha256_hex(text->bytes());
  return gold;
}

std::optional<LoadedPredictions> load_predictions(const std::string& path, const PredictionOptions& options) {
  std::string error;
  auto text = read_file(path, error);
  if (!text) {
    fmt::print(stderr, "caqa: {}\n", error);
    return std::nullopt;
  }
  PredictionOptions named = options;
  named.format = format_for_name(path, options.format);
  return LoadedPredictions{read_predictions(text->text(), named), display_name(path)};
}

bool emit(const std::string& path, const std::string& text) {
  std::string error;
  if (write_file_atomic(path.empty() ? "-" : path, text, error)) return true;
  fmt::print(stderr, "caqa: {}\n", error);
  return false;
}

}  // namespace caqa::cli
