// Runs an LLM judge over prompts through the request pool (request_pool.h: endpoints,
// concurrency, retries, the response cache and resume), predictions streamed to
// OUT.partial and the final OUT (plus OUT.meta.json) written atomically at the end.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "caqa/label_extract.h"
#include "caqa/vocab/label_scheme.h"
#include "class_map.h"
#include "request_pool.h"

namespace caqa::eval {

struct EvalItem {
  nlohmann::json id;  // string or integer, written back as given
  std::string prompt;
};

struct RunnerSettings : RequestPoolSettings {
  std::string cache_path;  // empty: OUT + ".cache.jsonl"
  std::string output_path;
  bool overwrite = false;  // replace an existing OUT even with fewer predictions
  ExtractMode extract = ExtractMode::Lenient;
  const LabelScheme* scheme = &caqa_scheme();  // the classes of "probs"
  nlohmann::json meta;                         // evaluator, prompt set, its SHA-256...: copied into OUT.meta.json
};

// One prediction line of OUT: {"id", "label", "probs", "score", "response" or "raw"}, the
// keys that are known (a label only when one was read: otherwise caqa score reads the
// response). A pair classifier's answer is "raw", the server's JSON for the pair, which
// caqa score does not read as text (it reads "response" before "label").
struct Judged {
  nlohmann::json id;
  std::string response;              // a judge's reply
  nlohmann::json raw;                // a pair classifier's answer (null for a judge)
  std::optional<std::string> label;  // a class name
  std::vector<double> probs;         // by the scheme's class; empty when unknown
  std::optional<double> score;       // the probability of the scheme's first class
  std::optional<std::string> error;  // set: the sample failed (never written), with the reason and the server's words
};
std::string prediction_line(const Judged& judged, const LabelScheme& scheme);

struct RunSummary {
  std::size_t total = 0, completed = 0, cached = 0, failed = 0;
  std::uint64_t requests = 0, retries = 0, errors = 0;
  double seconds = 0;
  std::vector<std::string> failures;  // "id: last error", in input order
  std::string fatal;                  // set when the run could not start or finish its files
  std::string stopped;                // set when identical errors stopped the run: the error repeated
  std::size_t kept_existing = 0;      // > 0: OUT held this many predictions, more than this run's, and stays
};

// A chat or text-completion judge: one prompt a sample; with request.top_logprobs, the
// class probabilities from the first label token's alternatives (logprob_classes.h).
RunSummary run_eval(const std::vector<EvalItem>& items, const RunnerSettings& settings);

// A sequence-pair classifier (TEI /predict, vLLM /classify or /score): premise = the
// citation, hypothesis = the answer (with the question before it when asked), `batch`
// pairs a request, the server's classes mapped to the scheme by settings.pair_classes.
struct PairItem {
  nlohmann::json id;
  std::string premise, hypothesis;
};
RunSummary run_pair_eval(const std::vector<PairItem>& items, std::size_t batch, const RunnerSettings& settings);

// The CoT decomposition evaluator (CAQA Appendix E.3). Per sample: (1) the cot_decompose
// prompt with {sentence} = the answer; (2) split_sub_facts of its answer, then the cot_fact
// prompt with {sub_fact}, {reference} = the citation for each sub-fact, in order; (3)
// aggregate_fact_labels over the facts' categories (extract_label, settings.extract).
// So 1 + (number of sub-facts) requests a sample, each cached on its own: a killed run
// resumes without re-sending any answered request, even inside a half-judged sample.
struct CotItem {
  nlohmann::json id;
  std::string answer;
  std::string citation;
};
struct CotPrompts {
  std::string decompose;  // template with {sentence}
  std::string fact;       // template with {sub_fact} and {reference}
};
struct CotOutcome {
  std::string transcript;      // "Label: <category>." then "Sub-facts: N" then "Fact k: <fact> => <verdict>"
  std::optional<Label> label;  // none when some fact's category cannot be read
};
// Steps 2-3 over the model's answers: fact_responses[k] answers the k-th sub-fact.
CotOutcome cot_judge(const std::string& decomposition, const std::vector<std::string>& fact_responses,
                     ExtractMode mode);
RunSummary run_cot_eval(const std::vector<CotItem>& items, const CotPrompts& prompts, const RunnerSettings& settings);

}  // namespace caqa::eval
