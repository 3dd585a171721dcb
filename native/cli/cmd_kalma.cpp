// caqa kalma: the KG-citation quality track (KaLMA / BioKaLMA, Li et al., Findings ACL 2024):
// citation correctness, precision, recall and F1, text-citation alignment and [NA] precision
// and recall of generated answers that cite a knowledge graph.
#include <filesystem>
#include <optional>

#include <fmt/format.h>

#include "caqa/eval/prompt.h"
#include "caqa/kalma/pipeline.h"
#include "caqa/kalma/report.h"
#include "command.h"
#include "eval/prompt_sets.h"
#include "files.h"
#include "inputs.h"
#include "kalma/llm_judge.h"

namespace caqa::cli {

namespace {

class KalmaCommand : public Command {
 public:
  explicit KalmaCommand(CLI::App& parent) {
    CLI::App* app =
        parent.add_subcommand("kalma",
                              "Score the KG citations of generated answers: correctness, precision, recall, F1,\n"
                              "text-citation alignment and [NA] precision/recall (KaLMA, Li et al. 2024).");
    app->add_option("--questions", questions_,
                    "Questions, JSON Lines: {\"question_id\", \"kg\": [[qid, property, value], ...], "
                    "\"minimum_knowledge\": [...], \"absent_knowledge\": [...] (optional)}; or BioKaLMA's own "
                    "simple_question_graph.json / complex_question_graph.json (question ids 1, 2, ... by position)")
        ->required()
        ->type_name("FILE");
    app->add_option("--answers", answers_,
                    "Answers, JSON Lines: {\"question_id\", \"answer\": \"text with [Q1, property: value] and [NA]\"}")
        ->required()
        ->type_name("FILE");
    auto* judgments = app->add_option("--judgments", judgments_,
                                      "Entailment judgments, JSON Lines: {\"question_id\", \"sentence_index\", "
                                      "\"knowledge\": [qid, property, value], \"entailed\": true|false} and/or "
                                      "{\"question_id\", \"sentence_index\", \"answers_question\": false}")
                          ->type_name("FILE");
    auto* pairs = app->add_flag("--pairs", pairs_,
                                "Print the sentence-knowledge pairs an NLI model must judge (JSON Lines) instead of "
                                "the report")
                      ->excludes(judgments);
    auto* endpoint =
        app->add_option("--endpoint", pool_.endpoints,
                        "Judge the pairs with an LLM behind this OpenAI-compatible base URL (repeatable) instead of "
                        "--judgments; prompt set kalma_entailment")
            ->type_name("URL")
            ->excludes(judgments)
            ->excludes(pairs);
    app->add_option("--model", pool_.request.model, "With --endpoint: model name")->needs(endpoint);
    app->add_option("--api-key-env", api_key_env_, "With --endpoint: environment variable holding the API key")
        ->type_name("VAR")
        ->needs(endpoint);
    app->add_option("--concurrency", pool_.concurrency, "With --endpoint: requests in flight")
        ->check(CLI::Range(1, 4096))
        ->capture_default_str()
        ->needs(endpoint);
    app->add_option("--cache", cache_,
                    "With --endpoint: response cache (JSON Lines; default ANSWERS.kalma-cache.jsonl); a rerun sends "
                    "only what it lacks")
        ->type_name("FILE")
        ->needs(endpoint);
    app->add_option("--prompt-dir", prompt_dir_, "With --endpoint: folder of index.json and the prompts")
        ->type_name("DIR")
        ->needs(endpoint);
    app->add_option("--save-judgments", save_judgments_,
                    "With --endpoint: also write the LLM's judgments (the --judgments format) to FILE")
        ->type_name("FILE")
        ->needs(endpoint);
    auto* json = app->add_flag("--json", json_, "Print the versioned JSON report")->excludes(pairs);
    app->add_flag("--markdown", markdown_, "Print Markdown tables")->excludes(json)->excludes(pairs);
    app->add_option("-o,--output", output_, "Write the output to FILE (atomically) instead of standard output")
        ->type_name("FILE");
    app->add_option("--max-line-bytes", max_line_bytes_, "Longest accepted line, in bytes")
        ->check(CLI::Range(std::size_t{64}, std::size_t{1} << 24))
        ->capture_default_str();
    app->add_option("--max-errors", max_errors_, "Diagnostics printed per file (0 = all)")->capture_default_str();
    app->footer(kHelp);
  }

  int run() override {
    auto questions_file = read(questions_);
    auto answers_file = read(answers_);
    std::optional<FileBytes> judgments_file;
    if (!judgments_.empty()) judgments_file = read(judgments_);
    if (!questions_file || !answers_file || (!judgments_.empty() && !judgments_file)) return kExitUsage;

    kalma::KalmaRequest request;
    request.sources = {display_name(questions_), display_name(answers_),
                       judgments_.empty() ? std::string() : display_name(judgments_)};
    request.read.max_line_bytes = max_line_bytes_;
    request.pairs = pairs_;
    std::optional<InputText> judgments_text;
    if (judgments_file) judgments_text = judgments_file->text();
    std::string llm_judgments;
    if (!pool_.endpoints.empty()) {
      const int status = judge_with_llm(*questions_file, *answers_file, request, llm_judgments);
      if (status != kExitOk) return status;
      judgments_text = InputText(llm_judgments);
      request.sources.judgments = "LLM " + pool_.request.model;
    }
    kalma::KalmaOutcome outcome =
        kalma::score_kalma(questions_file->text(), answers_file->text(), judgments_text, request);
    print_diagnostics(stderr, display_name(questions_), outcome.questions, max_errors_);
    if (outcome.blocked == kalma::KalmaBlock::Questions) {
      fmt::print(stderr, "caqa: the questions file {} is invalid; fix it before scoring\n", display_name(questions_));
      return kExitInvalid;
    }
    print_diagnostics(stderr, display_name(answers_), outcome.answers, max_errors_);
    if (judgments_text) print_diagnostics(stderr, request.sources.judgments, outcome.judgments, max_errors_);
    if (!outcome.ok()) {
      fmt::print(stderr, "caqa: invalid input; nothing scored\n");
      return kExitInvalid;
    }
    std::string text = pairs_      ? outcome.pairs_jsonl
                       : json_     ? kalma::kalma_json(*outcome.report) + "\n"
                       : markdown_ ? kalma::kalma_markdown(*outcome.report)
                                   : kalma::kalma_table(*outcome.report);
    return emit(output_, text) ? kExitOk : kExitUsage;
  }

 private:
  // --endpoint: the pairs, judged by the LLM, as a judgments file's bytes. kExitOk, or the
  // exit status after saying what went wrong.
  int judge_with_llm(const FileBytes& questions, const FileBytes& answers, const kalma::KalmaRequest& request,
                     std::string& judgments) {
    if (pool_.request.model.empty()) {
      fmt::print(stderr, "caqa kalma: --endpoint needs --model M\n");
      return kExitUsage;
    }
    std::string error;
    if (!api_key_env_.empty()) {
      auto key = eval::api_key_from_env(api_key_env_, error);
      if (!key) {
        fmt::print(stderr, "caqa kalma: {}\n", error);
        return kExitUsage;
      }
      pool_.api_key = *key;
    }
    auto prompt = eval::load_prompt_set(prompt_dir_, "kalma_entailment", error);
    if (!prompt) {
      fmt::print(stderr, "caqa kalma: {}\n", error);
      return kExitUsage;
    }
    if (eval::template_placeholders(eval::template_body(prompt->file_bytes)) !=
        std::vector<std::string>{"premise", "hypothesis"}) {
      fmt::print(stderr,
                 "caqa kalma: prompt set kalma_entailment must have the placeholders {{premise}}, "
                 "{{hypothesis}}\n");
      return kExitUsage;
    }
    kalma::KalmaRequest listing = request;
    listing.pairs = true;
    kalma::KalmaOutcome pairs = kalma::score_kalma(questions.text(), answers.text(), std::nullopt, listing);
    if (!pairs.ok()) return kExitOk;  // the scoring call below reports the inputs' problems
    const std::string cache = cache_.empty() ? answers_ + ".kalma-cache.jsonl" : cache_;
    auto folder = std::filesystem::path(cache).parent_path();
    if (!folder.empty() && !std::filesystem::is_directory(folder)) {
      fmt::print(stderr, "caqa kalma: cannot write {}: folder {} does not exist\n", cache, folder.string());
      return kExitUsage;
    }
    pool_.request.max_tokens = 8;
    kalma::LlmJudgeRun run = kalma::judge_pairs_with_llm(pairs.pairs_jsonl, *prompt, pool_, cache);
    if (!run.pool.fatal.empty()) {
      fmt::print(stderr, "caqa kalma: {}\n", run.pool.fatal);
      return kExitUsage;
    }
    fmt::print(stderr,
               "kalma: {} pair(s) to judge: {} judged by {} ({} request(s) sent, {} from the cache), {} failed, {} "
               "replies neither yes nor no (counted as not entailed)\n",
               run.pairs, run.judged, pool_.request.model, run.pool.requests, run.pool.cached, run.failed, run.unread);
    if (run.failed > 0) {
      fmt::print(stderr, "caqa kalma: {} request(s) failed{}; rerun the same command to send only those\n", run.failed,
                 run.pool.stopped.empty() ? "" : " (" + run.pool.stopped + ")");
      return kExitInvalid;
    }
    if (!save_judgments_.empty() && !emit(save_judgments_, run.judgments_jsonl)) return kExitUsage;
    judgments = std::move(run.judgments_jsonl);
    return kExitOk;
  }

  static std::optional<FileBytes> read(const std::string& path) {
    std::string error;
    auto bytes = read_file(path, error);
    if (!bytes) fmt::print(stderr, "caqa: {}\n", error);
    return bytes;
  }

  std::string questions_, answers_, judgments_, output_, api_key_env_, cache_, prompt_dir_, save_judgments_;
  eval::RequestPoolSettings pool_;
  bool pairs_ = false, json_ = false, markdown_ = false;
  std::size_t max_line_bytes_ = kDefaultMaxLineBytes;
  std::size_t max_errors_ = 50;

  // --help footer: every metric's definition.
  static constexpr const char* kHelp =
      "Metrics (KaLMA section 4; docs/kalma.md has the formats and the exact definitions):\n"
      "  A citation is one \"property: value\" of a bracket [QID, property: value, ...]; it is\n"
      "  complete when QID, property and value are all present. Triples match exactly, spacing aside.\n"
      "  correctness  citations that are complete and in the question's retrieved KG / all citations (4.2)\n"
      "  precision    citations that are correct and in the minimum knowledge set / all citations (4.2)\n"
      "  recall       minimum-set triples equal to some correct citation of the answer / all of them (4.2)\n"
      "  F1           2PR/(P+R) of the precision and recall on the same scale\n"
      "  micro        pooled over all answers; macro: mean of answer-level values over the answers\n"
      "               where they are defined (a citation for P, a minimum-set triple for R)\n"
      "  alignment    entailed sentence-citation pairs / all distinct sentence-citation pairs (4.3)\n"
      "  [NA] prec.   [NA] sentences that entail an absent-knowledge triple, or are judged not to\n"
      "               answer the question (4.5) / all [NA] sentences (4.4)\n"
      "  [NA] recall  absent-knowledge triples entailed by some [NA] sentence / all of them (4.4)\n"
      "  [NA] F1      2PR/(P+R); [NA] metrics use the questions that have \"absent_knowledge\"\n"
      "A question without an answer counts as an answer with no citations. Entailment comes from\n"
      "--judgments (an NLI model run outside caqa); unjudged pairs count as not entailed, and\n"
      "without --judgments alignment and [NA] scores are undefined (\"-\", null). --pairs lists the\n"
      "pairs to judge: add \"entailed\": true|false to each line to make the judgments file.\n"
      "--endpoint URL --model M asks an LLM instead (prompt set kalma_entailment, one pair a request,\n"
      "cached, resumable; a reply neither yes nor no counts as not entailed, and is counted).\n"
      "Exit codes: 0 success, 1 an input file is invalid or LLM requests failed (nothing scored),\n"
      "2 usage or I/O error.";
};

}  // namespace

std::unique_ptr<Command> add_kalma_command(CLI::App& app) { return std::make_unique<KalmaCommand>(app); }

}  // namespace caqa::cli
