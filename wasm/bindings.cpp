// The WebAssembly module of the leaderboard site: embind adapters over the core, no
// logic of their own. Each function returns exactly what the CLI prints on standard
// output for the same inputs (`caqa validate --json`, `caqa score --json`,
// `caqa meta PRED --gold GOLD --json`), trailing newline included, or "" where the CLI
// prints nothing (blocking errors: call validate for the diagnostics; an unusable gold
// file: call goldDiagnostics).
//
// optionsJson (every key optional; the CLI's defaults otherwise):
//   {"predictionName": "pred.jsonl", "goldName": "gold.jsonl", "goldSha256": "<hex>",
//    "split": "test", "format": "auto|jsonl|csv", "extract": "lenient|strict",
//    "binary": false, "ignoreMissing": false, "dup": "error|first|last",
//    "bootstrap": 1000, "seed": 13, "level": 0.95, "maxLineBytes": 1048576}
// The core does no I/O, so the caller hashes the gold bytes (crypto.subtle in the
// browser, node:crypto in tests) and names the files.
#include <cstdint>
#include <optional>
#include <string>

#include <emscripten/bind.h>
#include <nlohmann/json.hpp>

#include "caqa/errors.h"
#include "caqa/gold_set.h"
#include "caqa/kalma/inputs.h"
#include "caqa/kalma/report.h"
#include "caqa/meta/meta_items.h"
#include "caqa/meta/meta_report.h"
#include "caqa/prediction.h"
#include "caqa/report.h"
#include "caqa/score.h"
#include "caqa/validate.h"
#include "caqa/version.h"

namespace {

using nlohmann::json;

// The CLI's flags, read from optionsJson; a value of the wrong type keeps the default.
struct Flags {
  bool ok = true;
  std::string error;
  std::string prediction_name = "predictions.jsonl", gold_name = "gold.jsonl", gold_sha256;
  std::optional<std::string> split;
  caqa::PredictionOptions prediction;
  caqa::ScoreOptions score;
};

std::string string_or(const json& o, const char* key, std::string fallback) {
  auto it = o.find(key);
  return it != o.end() && it->is_string() ? it->get<std::string>() : fallback;
}
bool bool_or(const json& o, const char* key, bool fallback) {
  auto it = o.find(key);
  return it != o.end() && it->is_boolean() ? it->get<bool>() : fallback;
}
template <typename T>
T number_or(const json& o, const char* key, T fallback) {
  auto it = o.find(key);
  return it != o.end() && it->is_number() ? it->get<T>() : fallback;
}

Flags read_flags(const std::string& options_json) {
  Flags f;
  json o = json::parse(options_json.empty() ? std::string("{}") : options_json, nullptr, false);
  if (o.is_discarded() || !o.is_object()) {
    f.ok = false;
    f.error = "options are not a JSON object";
    return f;
  }
  f.prediction_name = string_or(o, "predictionName", f.prediction_name);
  f.gold_name = string_or(o, "goldName", f.gold_name);
  f.gold_sha256 = string_or(o, "goldSha256", "");
  std::string split = string_or(o, "split", "");
  if (!split.empty()) f.split = split;
  auto format = caqa::parse_prediction_format(string_or(o, "format", "auto"));
  auto extract = caqa::parse_extract_mode(string_or(o, "extract", "lenient"));
  auto dup = caqa::parse_duplicate_policy(string_or(o, "dup", "error"));
  if (!format || !extract || !dup) {
    f.ok = false;
    f.error = "format must be auto|jsonl|csv, extract lenient|strict, dup error|first|last";
    return f;
  }
  f.prediction.format = *format;
  f.prediction.extract = *extract;
  f.prediction.binary = bool_or(o, "binary", false);
  f.prediction.max_line_bytes = number_or<std::size_t>(o, "maxLineBytes", caqa::kDefaultMaxLineBytes);
  f.score.duplicates = *dup;
  f.score.ignore_missing = bool_or(o, "ignoreMissing", false);
  f.score.extract = *extract;
  f.score.binary = f.prediction.binary;
  f.score.bootstrap.resamples = number_or<std::uint32_t>(o, "bootstrap", 1000);
  f.score.bootstrap.seed = number_or<std::uint64_t>(o, "seed", 13);
  f.score.bootstrap.level = number_or<double>(o, "level", 0.95);
  return f;
}

caqa::GoldParse parse_gold(const std::string& gold_text, const Flags& f) {
  caqa::GoldOptions options;
  options.split = f.split;
  options.max_line_bytes = f.prediction.max_line_bytes;
  return caqa::parse_gold(gold_text, options);
}

// `caqa validate PRED --gold GOLD --json` (validate always uses --dup error, as the CLI).
std::string validate_json(const std::string& prediction_text, const std::string& gold_text,
                          const std::string& options_json) {
  Flags f = read_flags(options_json);
  if (!f.ok) return "";
  caqa::GoldParse g = parse_gold(gold_text, f);
  if (g.diagnostics.has_errors()) return "";
  caqa::PredictionSet p = caqa::read_predictions(prediction_text, f.prediction);
  caqa::Validation v = caqa::validate(p, g.gold, caqa::DuplicatePolicy::Error);
  caqa::ValidationSummary summary{f.prediction_name, p.lines_read, g.gold.size(), p.responses, p.responses_parsed};
  return caqa::validation_json(summary, v) + "\n";
}

// The scored file, or nullopt where the CLI refuses to score it.
struct Scored {
  caqa::GoldParse gold;
  caqa::PredictionSet predictions;
  caqa::Validation validation;
};
std::optional<Scored> validate_for_scoring(const std::string& prediction_text, const std::string& gold_text,
                                           const Flags& f, caqa::DuplicatePolicy duplicates) {
  Scored s{parse_gold(gold_text, f), {}, {}};
  if (s.gold.diagnostics.has_errors()) return std::nullopt;
  s.predictions = caqa::read_predictions(prediction_text, f.prediction);
  s.validation = caqa::validate(s.predictions, s.gold.gold, duplicates);
  if (caqa::blocks_scoring(s.validation.diagnostics, duplicates)) return std::nullopt;
  return s;
}

// `caqa score PRED --gold GOLD --json`.
std::string score_json(const std::string& prediction_text, const std::string& gold_text,
                       const std::string& options_json) {
  Flags f = read_flags(options_json);
  if (!f.ok) return "";
  auto s = validate_for_scoring(prediction_text, gold_text, f, f.score.duplicates);
  if (!s) return "";
  caqa::ScoreReport r = caqa::score(s->predictions, s->gold.gold, s->validation, f.score,
                                    {f.prediction_name, f.gold_name, f.gold_sha256});
  return caqa::report_json(r) + "\n";
}

// `caqa meta PRED --gold GOLD --json` (bootstrap and seed from the options).
std::string meta_json(const std::string& prediction_text, const std::string& gold_text,
                      const std::string& options_json) {
  Flags f = read_flags(options_json);
  if (!f.ok) return "";
  f.prediction.binary = false;  // meta has no --binary
  auto s = validate_for_scoring(prediction_text, gold_text, f, caqa::DuplicatePolicy::Error);
  if (!s) return "";
  caqa::MetaItems items = caqa::meta_items_from_predictions(s->predictions, s->gold.gold, s->validation);
  caqa::BootstrapOptions bootstrap;
  bootstrap.resamples = f.score.bootstrap.resamples;
  bootstrap.seed = f.score.bootstrap.seed;
  return caqa::meta_report_json(caqa::meta_report(items, bootstrap, f.prediction_name, f.gold_name, f.gold_sha256)) +
         "\n";
}

// The gold file's problems, one `file:line:col: error[code]: message` block each; ""
// when it is usable.
std::string gold_diagnostics(const std::string& gold_text, const std::string& options_json) {
  Flags f = read_flags(options_json);
  if (!f.ok) return "options: " + f.error + "\n";
  caqa::GoldParse g = parse_gold(gold_text, f);
  if (!g.diagnostics.has_errors()) return "";
  std::string out;
  for (const auto& d : g.diagnostics.items) out += caqa::format_diagnostic(f.gold_name, d) + "\n";
  return out;
}

// `caqa kalma --questions Q --answers A [--judgments J] --json`; "" when an input is
// invalid (the CLI prints nothing on stdout then). judgments_text empty = no judgments.
std::string kalma_json(const std::string& questions_text, const std::string& answers_text,
                       const std::string& judgments_text, const std::string& names_json) {
  nlohmann::json names = nlohmann::json::parse(names_json, nullptr, false);
  auto name = [&](const char* key) {
    return names.is_object() && names.contains(key) && names[key].is_string() ? names[key].get<std::string>()
                                                                                 : std::string(key);
  };
  caqa::kalma::QuestionParse questions = caqa::kalma::parse_questions(questions_text);
  if (questions.diagnostics.has_errors()) return "";
  caqa::kalma::AnswerParse answers = caqa::kalma::parse_answers(answers_text, questions.set);
  if (answers.diagnostics.has_errors()) return "";
  std::optional<caqa::kalma::JudgmentParse> judgments;
  if (!judgments_text.empty()) {
    judgments = caqa::kalma::parse_judgments(judgments_text, questions.set, answers);
    if (judgments->diagnostics.has_errors()) return "";
  }
  caqa::kalma::KalmaSources sources{name("questions"), name("answers"), judgments ? name("judgments") : std::string()};
  return caqa::kalma::kalma_json(
             caqa::kalma::kalma_report(questions.set, answers, judgments ? &*judgments : nullptr, sources)) +
         "\n";
}

std::string version() { return std::string(caqa::kVersion); }

}  // namespace

EMSCRIPTEN_BINDINGS(caqa) {
  emscripten::function("validate", &validate_json);
  emscripten::function("score", &score_json);
  emscripten::function("meta", &meta_json);
  emscripten::function("kalma", &kalma_json);
  emscripten::function("goldDiagnostics", &gold_diagnostics);
  emscripten::function("version", &version);
}
