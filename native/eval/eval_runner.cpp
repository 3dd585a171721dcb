#include "eval_runner.h"
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <functional>
#include <optional>

#include "caqa/eval/prompt.h"
#include "caqa/label.h"
#include "files.h"
#include "response_cache.h"

namespace caqa::eval {

using cli::write_file_atomic;

namespace {

// The judged form of one sample: the response written to OUT and, when known, its label.
struct Judged {
  std::string response;
  std::optional<Label> label;
};

// judge(i, ask): sample i's prediction, or nullopt when a request of it failed.
using JudgeFn = std::function<std::optional<Judged>(std::size_t i, const Ask& ask)>;

// The predictions an existing OUT holds (its non-blank lines); 0 when there is none.
std::size_t existing_predictions(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::size_t count = 0;
  for (std::string line; std::getline(in, line);)
    if (line.find_first_not_of(" \t\r") != std::string::npos) ++count;
  return count;
}

std::string prediction_line(const nlohmann::json& id, const Judged& judged) {
  nlohmann::json line = {{"id", id}, {"response", judged.response}};
  // Only a known label is written: otherwise scoring reads the response as unparseable.
  if (judged.label) line["label"] = std::string(label_name(*judged.label));
  return line.dump();
}

RunSummary run_judge(const std::vector<nlohmann::json>& ids, const JudgeFn& judge, const RunnerSettings& settings) {
  RunSummary summary;
  summary.total = ids.size();
  auto start = std::chrono::steady_clock::now();
  const std::string cache_path =
      settings.cache_path.empty() ? settings.output_path + ".cache.jsonl" : settings.cache_path;
  const std::string partial_path = settings.output_path + ".partial";
  AppendFile partial;
  if (!partial.open(partial_path, /*truncate=*/true, summary.fatal)) return summary;
  std::vector<std::optional<Judged>> results(ids.size());
  ItemWork work = [&](std::size_t i, const Ask& ask) {
    auto judged = judge(i, ask);
    if (!judged) return false;
    partial.append_line(prediction_line(ids[i], *judged));
    results[i] = std::move(judged);
    return true;
  };
  PoolRun run = run_items(ids, work, settings, cache_path);
  if (!run.fatal.empty()) {
    summary.fatal = run.fatal;
    std::remove(partial_path.c_str());
    return summary;
  }
  std::string out;
  for (std::size_t i = 0; i < ids.size(); ++i) {
    if (results[i]) {
      out += prediction_line(ids[i], *results[i]);
      out += '\n';
      ++summary.completed;
    } else {
      summary.failures.push_back((ids[i].is_string() ? ids[i].get<std::string>() : ids[i].dump()) + ": " +
                                 (run.last_error[i].empty() ? "not sent (the run stopped)" : run.last_error[i]));
    }
  }
  summary.cached = run.cached;
  summary.failed = run.failed;
  summary.requests = run.requests;
  summary.retries = run.retries;
  summary.errors = run.errors;
  summary.stopped = run.stopped;
  summary.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  nlohmann::json meta = settings.meta.is_object() ? settings.meta : nlohmann::json::object();
  meta["format"] = "caqa-eval-meta";
  meta["format_version"] = 1;
  meta["model"] = settings.request.model;
  meta["settings"] = {{"api", settings.request.api == Api::Chat ? "chat" : "completions"},
                      {"temperature", settings.request.temperature},
                      {"max_tokens", settings.request.max_tokens},
                      {"timeout_s", settings.request.timeout_s},
                      {"max_retries", settings.max_retries},
                      {"concurrency", settings.concurrency},
                      {"endpoints", settings.endpoints},
                      {"extract", std::string(extract_mode_name(settings.extract))}};
  meta["counts"] = {
      {"samples", summary.total},     {"completed", summary.completed}, {"failed", summary.total - summary.completed},
      {"from_cache", summary.cached}, {"requests", summary.requests},   {"retries", summary.retries}};
  // Never a smaller file over a bigger one (a run whose requests all failed would empty
  // a good OUT); its answers stay in the cache for the next run.
  if (!settings.overwrite) {
    if (std::size_t existing = existing_predictions(settings.output_path); existing > summary.completed) {
      summary.kept_existing = existing;
      std::remove(partial_path.c_str());
      return summary;
    }
  }
  std::string error;
  if (!write_file_atomic(settings.output_path, out, error) ||
      !write_file_atomic(settings.output_path + ".meta.json", meta.dump(2) + "\n", error)) {
    summary.fatal = error;
    return summary;
  }
  std::remove(partial_path.c_str());
  return summary;
}

std::string one_line(std::string_view text) {
  std::string out;
  for (char c : text) out.push_back(c == '\n' || c == '\r' || c == '\t' ? ' ' : c);
  std::size_t b = out.find_first_not_of(' ');
  if (b == std::string::npos) return {};
  return out.substr(b, out.find_last_not_of(' ') - b + 1);
}

}  // namespace

RunSummary run_eval(const std::vector<EvalItem>& items, const RunnerSettings& settings) {
  std::vector<nlohmann::json> ids;
  ids.reserve(items.size());
  for (const auto& item : items) ids.push_back(item.id);
  JudgeFn judge = [&](std::size_t i, const Ask& ask) -> std::optional<Judged> {
    auto response = ask(items[i].prompt);
    if (!response) return std::nullopt;
    Judged judged{std::move(*response), std::nullopt};
    Extraction extraction = extract_label(judged.response, settings.extract);
    if (extraction.status == ExtractStatus::Found) judged.label = extraction.label;
    return judged;
  };
  return run_judge(ids, judge, settings);
}

std::string_view cot_label_phrase(Label label) {
  switch (label) {
    case Label::Supportive: return "Supportive";
    case Label::PartiallySupportive: return "Partially supportive";
    case Label::Contradictory: return "Contradictory";
    case Label::Irrelevant: return "Irrelevant";
  }
  return "Irrelevant";
}

CotOutcome cot_judge(const std::string& decomposition, const std::vector<std::string>& fact_responses,
                     ExtractMode mode) {
  CotOutcome out;
  std::vector<std::string> facts = split_sub_facts(decomposition);
  std::vector<Label> labels;
  std::string lines;
  bool decided = true;
  for (std::size_t k = 0; k < facts.size(); ++k) {
    std::string verdict = k < fact_responses.size() ? one_line(fact_responses[k]) : std::string();
    Extraction extraction = extract_label(verdict, mode);
    if (extraction.status == ExtractStatus::Found) {
      labels.push_back(extraction.label);
    } else {
      decided = false;
    }
    lines += "\nFact " + std::to_string(k + 1) + ": " + one_line(facts[k]) + " => " + verdict;
  }
  if (decided) out.label = aggregate_fact_labels(labels);
  // The first line states the label ("label" is what caqa score reads). With no label, the
  // first line names two categories in one sentence on purpose: caqa score, reading the
  // response, finds it ambiguous (lenient) or not starting with a category (strict), so the
  // sample counts as unparseable rather than as some category of the transcript.
  out.transcript = out.label ? "Label: " + std::string(cot_label_phrase(*out.label)) + "."
                             : std::string("Label: undecided, supportive or irrelevant.");
  out.transcript += "\nSub-facts: " + std::to_string(facts.size()) + lines;
  return out;
}

RunSummary run_cot_eval(const std::vector<CotItem>& items, const CotPrompts& prompts, const RunnerSettings& settings) {
  std::vector<nlohmann::json> ids;
  ids.reserve(items.size());
  for (const auto& item : items) ids.push_back(item.id);
  JudgeFn judge = [&](std::size_t i, const Ask& ask) -> std::optional<Judged> {
    const PromptField step1[] = {{"sentence", items[i].answer}};
    auto decomposition = ask(render_prompt(prompts.decompose, step1).text);
    if (!decomposition) return std::nullopt;
    std::vector<std::string> verdicts;
    for (const std::string& fact : split_sub_facts(*decomposition)) {
      const PromptField step2[] = {{"sub_fact", fact}, {"reference", items[i].citation}};
      auto verdict = ask(render_prompt(prompts.fact, step2).text);
      if (!verdict) return std::nullopt;
      verdicts.push_back(std::move(*verdict));
    }
    CotOutcome outcome = cot_judge(*decomposition, verdicts, settings.extract);
    return Judged{std::move(outcome.transcript), outcome.label};
  };
  return run_judge(ids, judge, settings);
}

}  // namespace caqa::eval
