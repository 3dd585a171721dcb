// caqa eval: run an evaluator behind a server over benchmark samples, writing a prediction
// file `caqa score` and `caqa meta` read: an LLM judge (an OpenAI-compatible server) with
// one of the CAQA prompt sets (data/prompts/), or a sequence-pair classifier (TEI, vLLM's
// pooling runner) whose classes --label-map names in the scheme's.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <functional>
#include <tuple>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "caqa/eval/prompt.h"
#include "caqa/formats/samples_reader.h"
#include "caqa/vocab/label_scheme.h"
#include "command.h"
#include "eval/eval_runner.h"
#include "eval/prompt_sets.h"
#include "eval_help.h"
#include "files.h"
#include "sub_fact_runs.h"

namespace caqa::cli {

using eval::load_prompt_set;
using eval::PromptSet;

namespace {

class EvalCommand : public Command {
 public:
  explicit EvalCommand(CLI::App& parent) {
    CLI::App* app =
        parent.add_subcommand("eval",
                              "Judge benchmark samples with an evaluator behind a server: an LLM (OpenAI-compatible "
                              "chat or completions) or a sequence-pair classifier (TEI, vLLM pooling).");
    app->add_option("--gold", gold_, "Benchmark samples to judge (JSON Lines with id, question, answer, citation)")
        ->required()
        ->type_name("BENCH.jsonl");
    app->add_option("--prompt-set", prompt_set_, "Prompt set name (see below)")->default_val("gpt_zero_shot");
    app->add_option("--prompt-dir", prompt_dir_,
                    "Directory holding index.json and the prompt files (default: data/prompts, built into caqa)")
        ->type_name("DIR");
    app->add_option("--endpoint", endpoints_, "Base URL, e.g. http://127.0.0.1:8000 (repeatable: least-loaded first)")
        ->required()
        ->type_name("URL");
    app->add_option("--model", settings_.request.model, "Model name sent in each request")->required();
    app->add_option("--api-key-env", api_key_env_, "Environment variable holding the API key (never logged)")
        ->type_name("VAR");
    app->add_option("--api", api_, "Server protocol: chat, completions, tei, vllm-classify, vllm-score (see below)")
        ->check(CLI::IsMember({"chat", "completions", "tei", "vllm-classify", "vllm-score"}));
    app->add_flag("--completions", completions_, "Same as --api completions");
    app->add_option("--scheme", scheme_name_,
                    "Label scheme of --label-map's classes and of probs: caqa4, binary, "
                    "attrscore, support3")
        ->default_val("caqa4");
    app->add_option("--label-map", label_map_, "Pair APIs: the server's classes as the scheme's, SRC=CLASS,...")
        ->type_name("MAP");
    app->add_option("--threshold", threshold_, "Pair APIs with one score: the positive class at or above it")
        ->default_val(0.5);
    app->add_option("--batch", batch_, "Pair APIs: pairs per request")->default_val(32)->check(CLI::Range(1, 4096));
    app->add_flag("--with-question", with_question_, "Pair APIs: the hypothesis is the question, then the answer");
    app->add_option("--pair-separator", settings_.request.pair_separator,
                    "vllm-classify: the text between premise and hypothesis (the model's, e.g. \"</s></s>\")")
        ->default_str("a newline");
    app->add_flag("--logprobs", logprobs_, "Chat / completions: read class probabilities from token log-probabilities");
    app->add_flag("--raw-scores", settings_.request.raw_scores,
                  "Pair APIs and --logprobs: the server's values are logits on purpose: a softmax over the classes "
                  "(a sigmoid of one score) makes them probabilities, and OUT.meta.json says so. Without it, values "
                  "that are not probabilities fail their samples");
    app->add_option("--top-logprobs", top_logprobs_, "Alternatives per token with --logprobs")
        ->default_val(10)
        ->check(CLI::Range(1, 20));
    app->add_option("--max-tokens", settings_.request.max_tokens, "max_tokens of each request")->default_val(128);
    app->add_option("--concurrency", settings_.concurrency, "Requests in flight")
        ->default_val(8)
        ->check(CLI::Range(1, 4096));
    app->add_option("--timeout", settings_.request.timeout_s, "Seconds before a request times out")
        ->default_val(60.0)
        ->check(CLI::PositiveNumber);
    app->add_option("--max-retries", settings_.max_retries, "Retries per sample after the first attempt")
        ->default_val(5)
        ->check(CLI::Range(0, 100));
    app->add_option("--retry-base", settings_.backoff_base_s,
                    "Seconds of the first backoff (doubles each retry, jittered)")
        ->default_val(0.5);
    app->add_option("--cache", settings_.cache_path, "Response cache (JSON Lines; default OUT.cache.jsonl)")
        ->type_name("FILE");
    app->add_option("-o,--output", settings_.output_path, "Prediction file to write")->required()->type_name("OUT");
    app->add_option("--limit", limit_, "Judge only the first N samples (a positive integer)")
        ->type_name("N")
        ->check(CLI::Validator(
            [](std::string& text) {
              bool positive = !text.empty() && text.find_first_not_of("0123456789") == std::string::npos &&
                              text.find_first_not_of('0') != std::string::npos;
              return positive ? std::string() : "expected a positive integer, found " + text;
            },
            "N > 0"));
    app->add_option("--stop-after", settings_.stop_after_identical,
                    "Stop the run after N identical non-retryable errors in a row (0: never)")
        ->type_name("N")
        ->default_val(5)
        ->check(CLI::NonNegativeNumber);
    app->add_flag("--overwrite", settings_.overwrite, "Replace an existing OUT even with fewer predictions");
    app->add_option("--evaluator", evaluator_,
                    "Evaluator name for OUT.meta.json (default: llm-judge/MODEL); \"cot\" runs the CoT evaluator "
                    "(same as --prompt-set cot)");
    app->add_flag("--quiet", quiet_, "No progress line");
    app->add_flag("--subfacts", sub_facts_,
                  "Judge each sample's sub-facts (caqa factscore): one request per (sub-fact, citation) pair, the "
                  "sub-fact as the answer; OUT gets {\"id\", \"subfacts\": [...]}, true where the label is the "
                  "scheme's first class (supportive, attributable), or its probability with --logprobs");
    app->footer(kEvalHelp);
  }

  int run() override {
    if (sub_facts_) return judge_sub_facts();
    std::string error;
    if (completions_ && !api_.empty() && api_ != "completions") {
      fmt::print(stderr, "caqa eval: --completions and --api {} disagree: give one\n", api_);
      return kExitUsage;
    }
    const eval::Api api = eval::parse_api(api_.empty() ? (completions_ ? "completions" : "chat") : api_).value();
    scheme_ = find_label_scheme(scheme_name_);
    if (!scheme_) {
      fmt::print(stderr, "caqa eval: --scheme {}: expected one of {}\n", scheme_name_, label_scheme_names());
      return kExitUsage;
    }
    if (eval::is_pair_api(api)) return run_pairs(api);
    if (!label_map_.empty() || with_question_) {
      fmt::print(stderr,
                 "caqa eval: --label-map and --with-question are for pair APIs (--api tei, vllm-classify, "
                 "vllm-score); a chat judge's labels come from its prompt set\n");
      return kExitUsage;
    }
    if (settings_.request.raw_scores && !logprobs_) {
      fmt::print(stderr,
                 "caqa eval: --raw-scores is for pair APIs and --logprobs: a chat judge's text has no scores\n");
      return kExitUsage;
    }
    if (prompt_set_ == "cot") return run_cot();
    if (prompt_set_ == "cot_decompose" || prompt_set_ == "cot_fact") {
      fmt::print(stderr, "caqa eval: prompt set \"{}\" is one step of the CoT evaluator: use --prompt-set cot\n",
                 prompt_set_);
      return kExitUsage;
    }
    auto prompt_set = load_prompt_set(prompt_dir_, prompt_set_, error);
    if (!prompt_set) {
      fmt::print(stderr, "caqa eval: {}\n", error);
      return kExitUsage;
    }
    std::string_view tmpl = eval::template_body(prompt_set->file_bytes);
    auto items = load_items(tmpl, error);
    if (!items) {
      fmt::print(stderr, "caqa eval: {}\n", error);
      return kExitUsage;
    }
    if (int status = prepare_settings(); status != kExitOk) return status;
    if (logprobs_) settings_.request.top_logprobs = top_logprobs_;
    settings_.meta = {
        {"evaluator", evaluator_.empty() ? "llm-judge/" + settings_.request.model : evaluator_},
        {"prompt_set", {{"name", prompt_set->name}, {"version", prompt_set->version}, {"sha256", prompt_set->sha256}}},
        {"gold", gold_}};
    return finish(eval::run_eval(*items, settings_));
  }

  // A sequence-pair classifier: batches of (citation, answer) pairs, classes mapped to the scheme.
  int run_pairs(eval::Api api) {
    std::string error;
    if (logprobs_) {
      fmt::print(stderr, "caqa eval: --logprobs is for chat and completions; a pair API gives probabilities itself\n");
      return kExitUsage;
    }
    auto classes = eval::parse_class_map(label_map_, *scheme_, threshold_, error);
    if (!classes) {
      fmt::print(stderr, "caqa eval: {}\n", error);
      return kExitUsage;
    }
    if (classes->entries.empty() && api != eval::Api::VllmScore) {
      fmt::print(stderr,
                 "caqa eval: --api {} needs --label-map: the server's class names as the scheme's, e.g. --label-map "
                 "entailment=supportive,neutral=irrelevant,contradiction=contradictory\n",
                 api_);
      return kExitUsage;
    }
    std::vector<eval::PairItem> items;
    if (!load_samples(
            [&](nlohmann::json& id, std::string& question, std::string& answer, std::string& citation) {
              std::string hypothesis = with_question_ && !question.empty() ? question + " " + answer : answer;
              items.push_back({std::move(id), std::move(citation), std::move(hypothesis)});
              return true;
            },
            error)) {
      fmt::print(stderr, "caqa eval: {}\n", error);
      return kExitUsage;
    }
    if (int status = prepare_settings(); status != kExitOk) return status;
    settings_.request.api = api;
    settings_.pair_classes = *classes;
    nlohmann::json map = nlohmann::json::object();
    for (const auto& [source, cls] : classes->entries) map[source] = std::string(scheme_->class_name(cls));
    settings_.meta = {
        {"evaluator", evaluator_.empty() ? std::string(api_) + "/" + settings_.request.model : evaluator_},
        {"method", "sequence-pair classifier: premise = citation, hypothesis = " +
                       std::string(with_question_ ? "question + answer" : "answer")},
        {"label_map", map},
        {"threshold", threshold_},
        {"batch", batch_},
        {"gold", gold_}};
    return finish(eval::run_pair_eval(items, batch_, settings_));
  }

  // CAQA Appendix D.2: each (sub-fact, citation) pair judged by the same runner (cache,
  // resume after a kill: OUT.subfact-labels.jsonl stays until OUT is written), then folded.
  // The paper's zero-shot prompt (factscore_fact) reads the plain sentence; a four-way
  // prompt or a pair model reads it as an answer, "... [1]".
  int judge_sub_facts() {
    if (prompt_set_ == "cot" || limit_) {
      fmt::print(stderr, "caqa eval: --subfacts judges every sub-fact with one prompt: not with {}\n",
                 limit_ ? "--limit" : "--prompt-set cot");
      return kExitUsage;
    }
    const LabelScheme* scheme = find_label_scheme(scheme_name_);
    if (!scheme) {
      fmt::print(stderr, "caqa eval: --scheme {}: expected one of {}\n", scheme_name_, label_scheme_names());
      return kExitUsage;
    }
    const SubFactRun how{
        gold_, settings_.output_path, prompt_set_ != "factscore_fact", scheme, logprobs_, true, "caqa eval", quiet_};
    sub_facts_ = false;
    return run_sub_facts(how, [&](const std::string& pairs, const std::string& labels) {
      gold_ = pairs;
      settings_.output_path = labels;
      return run();
    });
  }

  // CAQA Appendix E.3: decomposition, per-fact attribution, aggregation.
  int run_cot() {
    std::string error;
    auto decompose = load_prompt_set(prompt_dir_, "cot_decompose", error);
    auto fact = decompose ? load_prompt_set(prompt_dir_, "cot_fact", error) : std::nullopt;
    if (!decompose || !fact) {
      fmt::print(stderr, "caqa eval: {}\n", error);
      return kExitUsage;
    }
    eval::CotPrompts prompts{std::string(eval::template_body(decompose->file_bytes)),
                             std::string(eval::template_body(fact->file_bytes))};
    // A wrong file must fail here, not at the model: each template may name only its slots.
    for (const auto& [set, tmpl, allowed] :
         {std::tuple{&*decompose, &prompts.decompose, std::vector<std::string>{"sentence"}},
          std::tuple{&*fact, &prompts.fact, std::vector<std::string>{"sub_fact", "reference"}}}) {
      for (const auto& name : eval::template_placeholders(*tmpl)) {
        if (std::find(allowed.begin(), allowed.end(), name) == allowed.end()) {
          fmt::print(stderr, "caqa eval: prompt set \"{}\": {} {{{}}}\n", set->name,
                     eval::to_string(eval::PromptError::UnknownPlaceholder), name);
          return kExitUsage;
        }
      }
    }
    std::vector<eval::CotItem> items;
    if (!load_samples(
            [&](nlohmann::json& id, std::string&, std::string& answer, std::string& citation) {
              items.push_back({std::move(id), std::move(answer), std::move(citation)});
              return true;
            },
            error)) {
      fmt::print(stderr, "caqa eval: {}\n", error);
      return kExitUsage;
    }
    if (int status = prepare_settings(); status != kExitOk) return status;
    auto set_meta = [](const PromptSet& set) {
      return nlohmann::json{{"name", set.name}, {"version", set.version}, {"sha256", set.sha256}};
    };
    settings_.meta = {{"evaluator", evaluator_.empty() ? "cot/" + settings_.request.model : evaluator_},
                      {"method", "cot-decomposition (CAQA Appendix E.3)"},
                      {"prompt_set", {{"name", "cot"}, {"decompose", set_meta(*decompose)}, {"fact", set_meta(*fact)}}},
                      {"gold", gold_}};
    return finish(eval::run_cot_eval(items, prompts, settings_));
  }

 private:
  int prepare_settings() {
    if (!api_key_env_.empty()) {
      std::string error;
      auto key = eval::api_key_from_env(api_key_env_, error);
      if (!key) {
        fmt::print(stderr, "caqa eval: {}\n", error);
        return kExitUsage;
      }
      settings_.api_key = *key;
    }
    for (const auto& path : {settings_.output_path, settings_.cache_path}) {
      auto folder = std::filesystem::path(path).parent_path();
      if (!folder.empty() && !std::filesystem::is_directory(folder)) {
        fmt::print(stderr, "caqa eval: cannot write {}: folder {} does not exist (create it first)\n", path,
                   folder.string());
        return kExitUsage;
      }
    }
    settings_.endpoints = endpoints_;
    settings_.scheme = scheme_;
    settings_.request.api = api_ == "completions" || completions_ ? eval::Api::Completions : eval::Api::Chat;
    settings_.request.temperature = 0.0;
    settings_.progress = !quiet_;
    return kExitOk;
  }

  int finish(const eval::RunSummary& summary) {
    if (!summary.fatal.empty()) {
      fmt::print(stderr, "caqa eval: {}\n", summary.fatal);
      return kExitUsage;
    }
    if (!summary.stopped.empty()) {
      fmt::print(stderr, "caqa eval: stopped after {}; {} of {} samples not judged (fix it and rerun)\n",
                 summary.stopped, summary.total - summary.completed, summary.total);
    } else {
      // A few lines show what failed; hundreds would bury it.
      constexpr std::size_t kShown = 10;
      for (std::size_t k = 0; k < summary.failures.size() && k < kShown; ++k)
        fmt::print(stderr, "caqa eval: failed: {}\n", summary.failures[k]);
      if (summary.failures.size() > kShown)
        fmt::print(stderr, "caqa eval: ... and {} more failed\n", summary.failures.size() - kShown);
    }
    if (summary.kept_existing > 0) {
      fmt::print(stderr,
                 "caqa eval: kept the existing {} ({} predictions; this run judged {}): rerun to retry the failed "
                 "samples, or --overwrite to replace it\n",
                 settings_.output_path, summary.kept_existing, summary.completed);
      return kExitInvalid;
    }
    if (!quiet_)
      fmt::print(stderr, "caqa eval: wrote {} ({} of {} samples, {} from cache, {} requests, {} retries)\n",
                 settings_.output_path, summary.completed, summary.total, summary.cached, summary.requests,
                 summary.retries);
    return summary.completed == summary.total ? kExitOk : kExitInvalid;
  }

  // Reads --gold (up to --limit samples) and calls take(id, question, answer, citation).
  bool load_samples(const std::function<bool(nlohmann::json&, std::string&, std::string&, std::string&)>& take,
                    std::string& error) {
    auto bytes = read_file(gold_, error);
    if (!bytes) return false;
    SampleReadOptions options;
    options.texts = true;
    options.require_texts = true;
    options.require_label = false;
    options.require_complexity = false;  // a judge reads texts; imported benchmarks have no complexity
    if (limit_) options.max_samples = *limit_;
    SampleParse parsed = read_samples(bytes->text(), options);
    if (!parsed.diagnostics.items.empty()) {
      error = format_diagnostic(gold_, parsed.diagnostics.items.front());
      return false;
    }
    for (Sample& sample : parsed.samples) {
      // Written back as read: an integer id stays an integer in the predictions.
      nlohmann::json id = sample.integer_id ? nlohmann::json::parse(sample.id) : nlohmann::json(sample.id);
      if (!take(id, sample.question, sample.answer, sample.citation)) return false;
    }
    return true;
  }

  std::optional<std::vector<eval::EvalItem>> load_items(std::string_view tmpl, std::string& error) {
    std::vector<eval::EvalItem> items;
    bool ok = load_samples(
        [&](nlohmann::json& id, std::string& question, std::string& answer, std::string& citation) {
          auto rendered = eval::render_sample_prompt(tmpl, {question, answer, citation});
          if (!rendered.ok()) {
            error = fmt::format("prompt set \"{}\": {} {} (a sample gives question, answer, citation)", prompt_set_,
                                eval::to_string(rendered.error), rendered.detail);
            return false;
          }
          items.push_back({std::move(id), std::move(rendered.text)});
          return true;
        },
        error);
    if (!ok) return std::nullopt;
    return items;
  }

  std::string gold_, prompt_set_, prompt_dir_, api_key_env_, evaluator_, api_, scheme_name_, label_map_;
  std::vector<std::string> endpoints_;
  bool completions_ = false, quiet_ = false, with_question_ = false, logprobs_ = false, sub_facts_ = false;
  double threshold_ = 0.5;
  std::size_t batch_ = 32;
  int top_logprobs_ = 10;
  const LabelScheme* scheme_ = nullptr;
  std::optional<std::size_t> limit_;
  eval::RunnerSettings settings_;
};

}  // namespace

std::unique_ptr<Command> add_eval_command(CLI::App& app) { return std::make_unique<EvalCommand>(app); }

}  // namespace caqa::cli
