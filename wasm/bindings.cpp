// The WebAssembly module of the leaderboard site: embind adapters over the core's front
// doors (caqa/scoring/pipeline.h, caqa/scoring/parsed_gold.h, caqa/kalma/pipeline.h), no
// logic of their own. Files come in as Bytes (JS writes them straight into the module's
// memory, no string conversion); the gold is parsed once and kept by a Gold.
//
//   new Bytes(n): n bytes at address(); fill with caqa.HEAPU8.set(uint8Array, bytes.address())
//   new Gold(bytes)                      takes the bytes over (delete the emptied Bytes)
//   gold.problems(optionsJson)           -> the gold's file:line:col problems, "" when usable
//   gold.scoreFile(predictions, optionsJson) -> JSON text
//     {"gold_diagnostics": "<as problems()>",
//      "validation": "<caqa validate --json>" | "",   (with the options' --dup)
//      "report": "<caqa score --json>" | ""}         ("" when a problem blocks scoring)
//   gold.meta(predictions, optionsJson)  -> caqa meta PRED --gold GOLD --json, or ""
//   gold.factscore(predictions, optionsJson) -> {diagnostics, refusal, report: caqa factscore --json}
//   kalma(questions, answers, judgments, namesJson) -> caqa kalma --json, or "" (Bytes;
//     judgments of size 0: none)
// Each report is byte for byte what the CLI prints, trailing newline included. The gold
// is parsed again only when the options read it another way (scheme, split, groupBy,
// maxLineBytes).
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
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <string>

#include <emscripten/bind.h>
#include <nlohmann/json.hpp>

#include "caqa/factscore/factscore_report.h"
#include "caqa/kalma/pipeline.h"
#include "caqa/meta/pipeline.h"
#include "caqa/report.h"
#include "caqa/scoring/parsed_gold.h"
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

// A file's bytes in the module's memory, the parser's padding after them zeroed.
class Bytes {
 public:
  explicit Bytes(std::size_t size) : data_(new char[size + caqa::InputText::kPadding]), size_(size) {
    std::memset(data_.get() + size, 0, caqa::InputText::kPadding);
  }
  Bytes(Bytes&& other) noexcept : data_(std::move(other.data_)), size_(other.size_) { other = Bytes(0); }
  Bytes& operator=(Bytes&& other) noexcept = default;

  std::uintptr_t address() const { return reinterpret_cast<std::uintptr_t>(data_.get()); }
  caqa::InputText text() const { return caqa::InputText::borrow_padded({data_.get(), size_}); }

 private:
  std::unique_ptr<char[]> data_;
  std::size_t size_;
};

std::string gold_problems(const caqa::GoldParse& gold, const std::string& gold_name) {
  std::string out;
  for (const auto& d : gold.diagnostics.items) out += caqa::format_diagnostic(gold_name, d) + "\n";
  return out;
}

class Gold {
 public:
  explicit Gold(Bytes& bytes) : bytes_(std::move(bytes)), parsed_(bytes_.text()) {}

  std::string problems(const std::string& options_json) {
    auto o = read_options(options_json);
    if (!o) return kBadOptions;
    return gold_problems(parsed_.read(o->request), o->sources.gold_name);
  }

  std::string score_file(const Bytes& predictions, const std::string& options_json) {
    json out{{"gold_diagnostics", ""}, {"validation", ""}, {"report", ""}};
    auto o = read_options(options_json);
    if (!o) {
      out["gold_diagnostics"] = kBadOptions;
      return out.dump();
    }
    caqa::ScoreRequest request = o->request;
    request.format = caqa::format_for_name(o->sources.prediction_name, request.format);
    const caqa::GoldParse& gold = parsed_.read(request);
    out["gold_diagnostics"] = gold_problems(gold, o->sources.gold_name);
    if (!gold.diagnostics.has_errors()) {
      caqa::ScoredFile f = caqa::score_file(gold.gold, predictions.text(), request, o->sources);
      caqa::ValidationSummary summary{o->sources.prediction_name, f.predictions.lines_read, gold.gold.size(),
                                      f.predictions.responses, f.predictions.responses_parsed};
      out["validation"] = caqa::validation_json(summary, f.validation) + "\n";
      if (f.report) out["report"] = caqa::report_json(*f.report) + "\n";
    }
    return out.dump(-1, ' ', false, json::error_handler_t::replace);
  }

  // `caqa meta PRED --gold GOLD --json` (bootstrap and seed from the options; no scheme:
  // levels come from CAQA gold labels).
  std::string meta(const Bytes& predictions, const std::string& options_json) {
    auto o = read_options(options_json);
    if (!o) return "";
    caqa::ScoreRequest request = caqa::meta_score_request(o->request);
    const caqa::GoldParse& gold = parsed_.read(request);
    if (gold.diagnostics.has_errors()) return "";
    caqa::ScoredFile f = caqa::score_file(gold.gold, predictions.text(), request, o->sources);
    auto report = caqa::meta_of_scored(gold.gold, f, o->request.bootstrap, o->sources);
    return report && report->n > 0 ? caqa::meta_report_json(*report) + "\n" : "";
  }

  // `caqa factscore PRED --gold GOLD --json` (sub-fact judgments, issue 41): {"diagnostics":
  // the problems as the CLI prints them, "refusal": why nothing was scored, "report": the
  // JSON report or ""}.
  std::string factscore(const Bytes& predictions, const std::string& options_json) {
    json out{{"diagnostics", ""}, {"refusal", ""}, {"report", ""}};
    auto o = read_options(options_json);
    if (!o) {
      out["refusal"] = kBadOptions;
      return out.dump();
    }
    const caqa::GoldParse& gold = parsed_.read(o->request);
    if (gold.diagnostics.has_errors()) {
      out["diagnostics"] = gold_problems(gold, o->sources.gold_name);
      out["refusal"] = "the gold file has problems";
      return out.dump(-1, ' ', false, json::error_handler_t::replace);
    }
    const auto sub = caqa::factscore::read_sub_fact_gold(bytes_.text(), gold.gold, o->request.max_line_bytes);
    std::string problems;
    for (const auto& d : sub.diagnostics.items) problems += caqa::format_diagnostic(o->sources.gold_name, d) + "\n";
    if (sub.diagnostics.has_errors() || sub.gold.samples_with_sub_facts == 0) {
      out["diagnostics"] = problems;
      out["refusal"] = o->sources.gold_name + " has no usable \"subfacts\"";
      return out.dump(-1, ' ', false, json::error_handler_t::replace);
    }
    auto outcome = caqa::factscore::score_sub_fact_file(
        gold.gold, sub.gold, predictions.text(),
        {o->request.bootstrap, o->request.ignore_missing, o->request.max_line_bytes}, o->sources.prediction_name);
    for (const auto& d : outcome.diagnostics.items)
      problems += caqa::format_diagnostic(o->sources.prediction_name, d) + "\n";
    out["diagnostics"] = problems;
    out["refusal"] = outcome.refusal;
    if (outcome.report) out["report"] = caqa::factscore::factscore_json({*outcome.report});
    return out.dump(-1, ' ', false, json::error_handler_t::replace);
  }

 private:
  static constexpr const char* kBadOptions =
      "options: format must be auto|jsonl|csv, extract lenient|strict, dup error|first|last, "
      "scheme one of caqa4|binary|attrscore|support3\n";
  Bytes bytes_;  // before parsed_, which borrows them
  caqa::ParsedGold parsed_;
};

// `caqa kalma --questions Q --answers A [--judgments J] --json`; "" when an input is
// invalid (the CLI prints nothing on stdout then). Judgments of size 0: none.
std::string kalma_json(const Bytes& questions, const Bytes& answers, const Bytes& judgments,
                       const std::string& names_json) {
  json names = json::parse(names_json, nullptr, false);
  auto name = [&](const char* key) {
    return names.is_object() ? value_or(names, key, std::string(key)) : std::string(key);
  };
  std::optional<caqa::InputText> judged;
  if (!judgments.text().bytes().empty()) judged.emplace(judgments.text());
  caqa::kalma::KalmaRequest request;
  request.sources = {name("questions"), name("answers"), judged ? name("judgments") : std::string()};
  caqa::kalma::KalmaOutcome outcome = caqa::kalma::score_kalma(questions.text(), answers.text(), judged, request);
  return outcome.report ? caqa::kalma::kalma_json(*outcome.report) + "\n" : "";
}

std::string version() { return std::string(caqa::kVersion); }

}  // namespace

EMSCRIPTEN_BINDINGS(caqa) {
  emscripten::class_<Bytes>("Bytes").constructor<std::size_t>().function("address", &Bytes::address);
  emscripten::class_<Gold>("Gold")
      .constructor<Bytes&>()
      .function("problems", &Gold::problems)
      .function("scoreFile", &Gold::score_file)
      .function("meta", &Gold::meta)
      .function("factscore", &Gold::factscore);
  emscripten::function("kalma", &kalma_json);
  emscripten::function("version", &version);
}
