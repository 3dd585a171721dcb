// The WebAssembly module of the leaderboard site: embind adapters over the core's front
// doors (caqa/scoring/pipeline.h, caqa/kalma/pipeline.h), no logic of their own.
//
//   scoreFile(predictions, gold, optionsJson) -> JSON text
//     {"gold_diagnostics": "<file:line:col lines, \"\" when the gold file is usable>",
//      "validation": "<caqa validate --json>" | "",   (with the options' --dup)
//      "report": "<caqa score --json>" | ""}         ("" when a problem blocks scoring)
//   meta(predictions, gold, optionsJson)      -> caqa meta PRED --gold GOLD --json, or ""
//   kalma(questions, answers, judgments, namesJson) -> caqa kalma --json, or ""
// Each report is byte for byte what the CLI prints, trailing newline included.
//
// optionsJson (every key optional; the core's ScoreRequest defaults otherwise):
//   {"predictionName": "pred.jsonl", "goldName": "gold.jsonl", "goldSha256": "<hex>",
//    "split": "test", "format": "auto|jsonl|csv", "extract": "lenient|strict",
//    "scheme": "caqa4|binary|attrscore|support3" (also caqa, levels), "binary": false, "ignoreMissing": false,
//    "dup": "error|first|last", "bootstrap": 1000, "seed": 13, "level": 0.95, "maxLineBytes": 1048576,
//    "groupBy": "src_dataset", "date": "2026-11-26" (the report's date, UTC; the page passes today's)}
// Without "scheme" or "binary", a gold file whose lines name a "scheme" selects it (as the CLI).
// The core does no I/O, so the caller hashes the gold bytes (crypto.subtle in the
// browser, node:crypto in tests) and names the files.
#include <optional>
#include <string>

#include <emscripten/bind.h>
#include <nlohmann/json.hpp>

#include "caqa/kalma/pipeline.h"
#include "caqa/meta/pipeline.h"
#include "caqa/report.h"
#include "caqa/scoring/pipeline.h"
#include "caqa/version.h"

namespace {

using nlohmann::json;

struct Options {
  caqa::ScoreRequest request;
  caqa::ScoreSources sources{"predictions.jsonl", "gold.jsonl", ""};
};

template <typename T>
T value_or(const json& o, const char* key, T fallback) {
  auto it = o.find(key);
  if (it == o.end()) return fallback;
  if constexpr (std::is_same_v<T, std::string>)
    return it->is_string() ? it->get<std::string>() : fallback;
  else if constexpr (std::is_same_v<T, bool>)
    return it->is_boolean() ? it->get<bool>() : fallback;
  else
    return it->is_number() ? it->get<T>() : fallback;
}

// The CLI's flags, read from optionsJson; a value of the wrong type keeps the default.
std::optional<Options> read_options(const std::string& options_json) {
  json o = json::parse(options_json.empty() ? std::string("{}") : options_json, nullptr, false);
  if (o.is_discarded() || !o.is_object()) return std::nullopt;
  Options out;
  caqa::ScoreRequest& r = out.request;
  out.sources = {value_or(o, "predictionName", out.sources.prediction_name),
                 value_or(o, "goldName", out.sources.gold_name), value_or<std::string>(o, "goldSha256", ""),
                 value_or<std::string>(o, "date", "")};
  std::string split = value_or<std::string>(o, "split", "");
  if (!split.empty()) r.split = split;
  auto format = caqa::parse_prediction_format(value_or<std::string>(o, "format", "auto"));
  auto extract = caqa::parse_extract_mode(value_or<std::string>(o, "extract", "lenient"));
  auto dup = caqa::parse_duplicate_policy(value_or<std::string>(o, "dup", "error"));
  r.scheme_given = value_or(o, "binary", false) || o.contains("scheme");
  const caqa::LabelScheme* scheme = value_or(o, "binary", false)
                                        ? caqa::find_label_scheme("binary")
                                        : caqa::find_label_scheme(value_or(o, "scheme", std::string(r.scheme->name)));
  if (!format || !extract || !dup || !scheme) return std::nullopt;
  r.format = *format;
  r.extract = *extract;
  r.duplicates = *dup;
  r.scheme = scheme;
  r.ignore_missing = value_or(o, "ignoreMissing", r.ignore_missing);
  r.group_by = value_or(o, "groupBy", r.group_by);
  r.max_line_bytes = value_or(o, "maxLineBytes", r.max_line_bytes);
  r.bootstrap = {value_or(o, "bootstrap", r.bootstrap.resamples), value_or(o, "seed", r.bootstrap.seed),
                 value_or(o, "level", r.bootstrap.level)};
  return out;
}

std::string score_file(const std::string& prediction_text, const std::string& gold_text,
                       const std::string& options_json) {
  json out{{"gold_diagnostics", ""}, {"validation", ""}, {"report", ""}};
  auto o = read_options(options_json);
  if (!o) {
    out["gold_diagnostics"] =
        "options: format must be auto|jsonl|csv, extract lenient|strict, dup error|first|last, "
        "scheme one of caqa4|binary|attrscore|support3\n";
    return out.dump();
  }
  caqa::ScoreRequest request = o->request;
  request.format = caqa::format_for_name(o->sources.prediction_name, request.format);
  caqa::ScoredBytes s = caqa::score_bytes(gold_text, prediction_text, request, o->sources);
  std::string gold_problems;
  for (const auto& d : s.gold.diagnostics.items)
    gold_problems += caqa::format_diagnostic(o->sources.gold_name, d) + "\n";
  out["gold_diagnostics"] = gold_problems;
  if (s.file) {
    const caqa::ScoredFile& f = *s.file;
    caqa::ValidationSummary summary{o->sources.prediction_name, f.predictions.lines_read, s.gold.gold.size(),
                                    f.predictions.responses, f.predictions.responses_parsed};
    out["validation"] = caqa::validation_json(summary, f.validation) + "\n";
    if (f.report) out["report"] = caqa::report_json(*f.report) + "\n";
  }
  return out.dump(-1, ' ', false, json::error_handler_t::replace);
}

// `caqa meta PRED --gold GOLD --json` (bootstrap and seed from the options; no scheme: levels
// come from CAQA gold labels).
std::string meta_json(const std::string& prediction_text, const std::string& gold_text,
                      const std::string& options_json) {
  auto o = read_options(options_json);
  if (!o) return "";
  caqa::ScoreRequest request = caqa::meta_score_request(o->request);
  caqa::ScoredBytes s = caqa::score_bytes(gold_text, prediction_text, request, o->sources);
  if (!s.file) return "";
  auto report = caqa::meta_of_scored(s.gold.gold, *s.file, o->request.bootstrap, o->sources);
  return report && report->n > 0 ? caqa::meta_report_json(*report) + "\n" : "";
}

// `caqa kalma --questions Q --answers A [--judgments J] --json`; "" when an input is
// invalid (the CLI prints nothing on stdout then). judgments_text empty = no judgments.
std::string kalma_json(const std::string& questions_text, const std::string& answers_text,
                       const std::string& judgments_text, const std::string& names_json) {
  json names = json::parse(names_json, nullptr, false);
  auto name = [&](const char* key) {
    return names.is_object() ? value_or(names, key, std::string(key)) : std::string(key);
  };
  caqa::kalma::KalmaRequest request;
  request.sources = {name("questions"), name("answers"), judgments_text.empty() ? std::string() : name("judgments")};
  std::optional<caqa::InputText> judgments;
  if (!judgments_text.empty()) judgments.emplace(judgments_text);
  caqa::kalma::KalmaOutcome outcome = caqa::kalma::score_kalma(questions_text, answers_text, judgments, request);
  return outcome.report ? caqa::kalma::kalma_json(*outcome.report) + "\n" : "";
}

std::string version() { return std::string(caqa::kVersion); }

}  // namespace

EMSCRIPTEN_BINDINGS(caqa) {
  emscripten::function("scoreFile", &score_file);
  emscripten::function("meta", &meta_json);
  emscripten::function("kalma", &kalma_json);
  emscripten::function("version", &version);
}
