#include "eval_runner.h"
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <functional>
#include <optional>

#include "answer_checks.h"
#include "caqa/eval/prompt.h"
#include "caqa/label.h"
#include "files.h"
#include "logprob_classes.h"
#include "pair_protocol.h"
#include "response_cache.h"

namespace caqa::eval {

using cli::write_file_atomic;

namespace {

// judge(i, ask): the predictions of item i (a sample, or a batch of them), or nullopt when
// a request of it failed.
using JudgeFn = std::function<std::optional<std::vector<Judged>>(std::size_t i, const Ask& ask)>;

// The predictions an existing OUT holds (its non-blank lines); 0 when there is none.
std::size_t existing_predictions(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::size_t count = 0;
  for (std::string line; std::getline(in, line);)
    if (line.find_first_not_of(" \t\r") != std::string::npos) ++count;
  return count;
}

// A failed sample as the run names it on stderr: "ex-005: <why>".
std::string failure_line(const nlohmann::json& id, const std::string& why) {
  return (id.is_string() ? id.get<std::string>() : id.dump()) + ": " + why;
}

}  // namespace

std::string prediction_line(const Judged& judged, const LabelScheme& scheme) {
  nlohmann::ordered_json line = {{"id", judged.id}};
  // Only a known label is written: otherwise scoring reads the response as unparseable.
  if (judged.label) line["label"] = *judged.label;
  if (!judged.probs.empty()) {
    nlohmann::ordered_json probs = nlohmann::ordered_json::object();
    for (int c = 0; c < scheme.size() && c < static_cast<int>(judged.probs.size()); ++c)
      probs[std::string(scheme.class_name(static_cast<ClassId>(c)))] = judged.probs[static_cast<std::size_t>(c)];
    line["probs"] = std::move(probs);
  }
  if (judged.score) line["score"] = *judged.score;
  if (judged.raw.is_null()) {
    line["response"] = judged.response;
  } else {
    line["raw"] = judged.raw;
  }
  return line.dump();
}

namespace {

// ids name the items (for the cache and the failures); `samples` is how many samples they hold.
RunSummary run_judge(const std::vector<nlohmann::json>& ids, std::size_t samples, const JudgeFn& judge,
                     const RunnerSettings& settings) {
  RunSummary summary;
  summary.total = samples;
  auto start = std::chrono::steady_clock::now();
  const std::string cache_path =
      settings.cache_path.empty() ? settings.output_path + ".cache.jsonl" : settings.cache_path;
  const std::string partial_path = settings.output_path + ".partial";
  AppendFile partial;
  if (!partial.open(partial_path, /*truncate=*/true, summary.fatal)) return summary;
  const LabelScheme& scheme = *settings.scheme;
  std::vector<std::optional<std::vector<Judged>>> results(ids.size());
  // An item with a failed sample is not done: a first pass over the cache leaves it to
  // the workers, which ask its failed samples again (run_pair_eval).
  ItemWork work = [&](std::size_t i, const Ask& ask) {
    auto judged = judge(i, ask);
    if (!judged) return false;
    const bool whole = std::none_of(judged->begin(), judged->end(), [](const Judged& one) { return one.error; });
    if (whole)
      for (const Judged& one : *judged) partial.append_line(prediction_line(one, scheme));
    results[i] = std::move(judged);
    return whole;
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
      for (const Judged& one : *results[i]) {
        if (one.error) {
          summary.failures.push_back(failure_line(one.id, *one.error));
          continue;
        }
        out += prediction_line(one, scheme);
        out += '\n';
        ++summary.completed;
      }
    } else {
      // A batch's samples fail together, each named.
      const std::string why = run.last_error[i].empty() ? "not sent (the run stopped)" : run.last_error[i];
      for (const nlohmann::json& id : ids[i].is_array() ? ids[i] : nlohmann::json::array({ids[i]}))
        summary.failures.push_back(failure_line(id, why));
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
  meta["settings"] = {{"api", std::string(api_name(settings.request.api))},
                      {"scheme", std::string(scheme.name)},
                      {"temperature", settings.request.temperature},
                      {"max_tokens", settings.request.max_tokens},
                      {"top_logprobs", settings.request.top_logprobs},
                      {"raw_scores", settings.request.raw_scores},
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
  const LabelScheme& scheme = *settings.scheme;
  JudgeFn judge = [&](std::size_t i, const Ask& ask) -> std::optional<std::vector<Judged>> {
    auto response = ask(items[i].prompt);
    if (!response) return std::nullopt;
    Judged judged{items[i].id, std::move(*response), nullptr, std::nullopt, {}, std::nullopt, std::nullopt};
    if (settings.request.top_logprobs > 0) {  // {"content", "logprobs"}: see OpenAIClient::complete
      const auto reply = nlohmann::json::parse(judged.response);
      judged.response = reply["content"].get<std::string>();
      const auto positions = parse_token_positions(reply["logprobs"]);
      if (auto probs = positions ? class_probabilities(*positions, scheme) : std::nullopt) {
        judged.probs = std::move(*probs);
        judged.score = judged.probs[0];
      }
    }
    Extraction extraction = extract_label(judged.response, settings.extract);
    if (extraction.status == ExtractStatus::Found) judged.label = std::string(label_name(extraction.label));
    return std::vector<Judged>{std::move(judged)};
  };
  // Log-probabilities, fresh or cached (the cache of an older run may hold logits), are
  // checked here, never written unchecked.
  RunnerSettings checked = settings;
  if (settings.request.top_logprobs > 0)
    checked.refuse = [&](const std::string&, const std::string& answer) {
      return check_completion_logprobs(answer, settings.request.raw_scores);
    };
  return run_judge(ids, items.size(), judge, checked);
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
  JudgeFn judge = [&](std::size_t i, const Ask& ask) -> std::optional<std::vector<Judged>> {
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
    std::optional<std::string> label;
    if (outcome.label) label = std::string(label_name(*outcome.label));
    return std::vector<Judged>{
        {items[i].id, std::move(outcome.transcript), nullptr, std::move(label), {}, std::nullopt, std::nullopt}};
  };
  return run_judge(ids, items.size(), judge, settings);
}

RunSummary run_pair_eval(const std::vector<PairItem>& items, std::size_t batch, const RunnerSettings& settings) {
  const ClassMap& classes = *settings.pair_classes;
  const RequestSettings& request = settings.request;
  // A batch's answer is cached as it came and judged pair by pair; a pair it answered with
  // values caqa cannot back is asked again alone, and that answer is refused here, so that
  // it is never cached: a resumed run asks only those pairs again.
  RunnerSettings checked = settings;
  checked.refuse = [&](const std::string& body, const std::string& answer) -> std::optional<Refusal> {
    if (pair_count(body) != 1) return std::nullopt;
    std::string error;
    auto outputs = parse_pair_response(request.api, answer, 1, error);
    if (!outputs) return Refusal{error, answer.substr(0, 200)};
    return check_pair_output(request.api, classes, outputs->front(), request.raw_scores).refusal;
  };
  // A batch is an item of the pool: its body is its cache key, so a resumed run with the
  // same --batch sends none of the batches it has answered.
  std::vector<nlohmann::json> ids;
  std::vector<std::string> bodies;
  for (std::size_t begin = 0; begin < items.size(); begin += batch) {
    const std::size_t end = std::min(items.size(), begin + batch);
    std::vector<PairText> pairs;
    nlohmann::json batch_ids = nlohmann::json::array();
    for (std::size_t i = begin; i < end; ++i) {
      pairs.push_back({items[i].premise, items[i].hypothesis});
      batch_ids.push_back(items[i].id);
    }
    ids.push_back(std::move(batch_ids));
    bodies.push_back(pair_request_body(request, pairs));
  }
  JudgeFn judge = [&](std::size_t b, const Ask& ask) -> std::optional<std::vector<Judged>> {
    auto response = ask(bodies[b]);
    if (!response) return std::nullopt;
    const std::size_t begin = b * batch, n = ids[b].size();
    std::string error;
    auto outputs = parse_pair_response(request.api, *response, n, error);
    if (!outputs) return std::nullopt;  // the client checked the shape: only a cache edited by hand gets here
    std::vector<Judged> judged;
    for (std::size_t k = 0; k < n; ++k) {
      const PairItem& item = items[begin + k];
      PairOutput output = std::move((*outputs)[k]);
      PairVerdict verdict = check_pair_output(request.api, classes, output, request.raw_scores);
      if (verdict.refusal && n > 1)
        if (auto alone = ask(pair_request_body(request, {{item.premise, item.hypothesis}})))
          if (auto again = parse_pair_response(request.api, *alone, 1, error)) {
            output = std::move(again->front());
            verdict = check_pair_output(request.api, classes, output, request.raw_scores);
          }
      Judged one{item.id, {}, std::move(output.raw), std::nullopt, {}, std::nullopt, std::nullopt};
      if (verdict.judgement) {
        one.label = std::string(classes.scheme->class_name(verdict.judgement->label));
        one.probs = std::move(verdict.judgement->probs);
        one.score = verdict.judgement->score;
      } else {
        one.error = std::string(to_string(CallError::Refused)) + " (" + verdict.refusal->reason +
                    "): " + verdict.refusal->words;
      }
      judged.push_back(std::move(one));
    }
    return judged;
  };
  return run_judge(ids, items.size(), judge, checked);
}

}  // namespace caqa::eval
