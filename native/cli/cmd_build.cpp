// caqa build: the benchmark from a knowledge graph and KGQA questions (CAQA paper, section 4).
// Flags -> read the inputs -> kg::build_benchmark -> write the four documents.
#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <optional>

#include <fmt/format.h>

#include "build_sources.h"
#include "command.h"
#include "inputs.h"
#include "kg/sparql_build.h"
#include "progress.h"
#include "staged_directory.h"
#include "thread_runner.h"
#include "verbalize/llm_rewriter.h"

namespace caqa::cli {

namespace {

// A citation of six facts runs to about 150 tokens; room for a wordy model.
constexpr int kVerbalizeMaxTokens = 384;

constexpr const char* kBuildHelp =
    "Pipeline: collect single, path (<= 2 hops) and tree (<= 2 subjects) queries; extend them\n"
    "(single: union where the subject shares its name, else head intersection / answer\n"
    "intersection / none; path and tree: the two intersections, equally likely); ground them;\n"
    "edit the supportive subgraph into partially supportive, contradictory (only along a link\n"
    "that holds once) and irrelevant ones; write questions clause by clause and answer\n"
    "statements that state every fact of G; verify each label on its citation, by the query\n"
    "and claim by claim as a reader reads it; filter (AFLite); split train/test by source\n"
    "question. Questions a reader could not answer as written are skipped and counted\n"
    "(docs/benchmark.md). Same inputs and seed give byte-identical files. Outputs in OUT:\n"
    "train.jsonl, test.jsonl, manifest.json (versions, seed, SHA-256 of every input and output,\n"
    "counts, skipped inputs by reason, contradiction rules, the relation table), statistics.md\n"
    "(Table 4, label x complexity).\n"
    "With no input flags the default KG and questions built into caqa (data/default) are used.\n"
    "OUT is replaced all-or-nothing: the files are written to a temporary sibling\n"
    "(.caqa-tmp-OUT-PID) that replaces OUT at the end; Ctrl-C leaves the old OUT whole. OUT must\n"
    "be new or hold only these four files. A build that gives no sample is an error (exit 1).\n"
    "\n"
    "Texts (docs/verbalize.md). --verbalizer grammar (default, no network): the relation\n"
    "templates. --verbalizer llm: after the samples are built, an LLM behind an OpenAI-compatible\n"
    "API rewrites each sample's citation (from its triples), each question (from the original\n"
    "question and the extended query) and each answer statement (from the question and the\n"
    "answers) with the paper's Appendix A prompts (data/prompts/verbalize_*.txt). Every reply is\n"
    "checked before use: all names of its triples present (else Absent), no other KG entity name\n"
    "(else Hallucinated), a question never names its answer, an answer statement names every\n"
    "answer, and the text lint is clean; a reply that fails keeps the grammar text (fell back).\n"
    "statistics.md (\"## Text checks\") and manifest.json (\"text_checks\") give the lint counts\n"
    "of every build and, for llm, Table 8 per task. Requests go as caqa eval's do: --concurrency in\n"
    "flight over every --endpoint, retries with backoff, a preflight, and an append-only cache\n"
    "(--cache, default OUT.verbalize-cache.jsonl): rerun the same command after a crash and no\n"
    "answered prompt is sent again. Example:\n"
    "  caqa build --kg kg.tsv --names names.tsv --questions q.jsonl -o bench --verbalizer llm \\\n"
    "    --endpoint http://127.0.0.1:8000 --model qwen2.5-7b-instruct --concurrency 16\n"
    "\n"
    "KG behind a SPARQL endpoint (docs/freebase.md): --sparql URL [--graph IRI] instead of --kg,\n"
    "--fb15k or --metaqa. The build runs in rounds: each builds over what has been fetched, then\n"
    "fetches what it missed (edges, names, same-name entities, relation ends) in batched queries,\n"
    "--sparql-concurrency in flight, retried with backoff, through an append-only cache (--sparql-cache,\n"
    "default OUT.sparql-cache.jsonl) keyed by the query text: a rebuild sends nothing twice. The\n"
    "files are those of the same graph built in memory, but for the manifest's inputs and kg.\n"
    "  caqa build --sparql http://127.0.0.1:8890/sparql --graph http://freebase.com \\\n"
    "    --webqsp WebQSP.test.jsonl --grailqa grailqa.dev.jsonl -o bench";

// Why a build gave no sample: the skipped inputs by reason and the verification failures.
std::string no_samples_message(const kg::BuiltBenchmark& built) {
  std::string why;
  for (const auto& [reason, count] : built.problems.counts())
    why += fmt::format("{}{} skipped ({})", why.empty() ? "" : ", ", count, reason);
  if (!built.violations.empty())
    why += fmt::format("{}{} failed verification", why.empty() ? "" : ", ", built.violations.size());
  return fmt::format("no sample built from {} question(s) over a KG of {} triple(s): {}", built.stats.questions,
                     built.graph.triples, why.empty() ? "no question to build from" : why);
}

class BuildCommand : public Command {
 public:
  explicit BuildCommand(CLI::App& parent) {
    CLI::App* app =
        parent.add_subcommand("build", "Build the CAQA benchmark from a knowledge graph and KGQA questions.");
    inputs_.add_to(*app);
    app->add_option("-o,--out", out_, "Output folder")->capture_default_str();
    app->add_option("--seed", seed_, "Seed of every random choice")->capture_default_str();
    app->add_option("--test-fraction", test_fraction_,
                    "Share of source questions in the test split (default 0.15; 0.3 for the default benchmark)")
        ->check(CLI::Range(0.0, 1.0));
    app->add_option("--max-questions", options_.max_questions, "Use only the first N questions (0 = all)")
        ->capture_default_str();
    app->add_option("--sample-queries", sample_queries_,
                    "Also sample N questions from the KG (single triples, 2-hop paths, 2-branch trees with 1-3 "
                    "answers; text from --query-templates). Default 0; 7000 for the default benchmark");
    app->add_option("--train-questions", options_.train_questions,
                    "Also N new questions sampled from the KG for the train split only (a reader trains on them): "
                    "built and filtered after the benchmark, none of their facts a claim of a test question; the test "
                    "split stays byte-identical. Default 0")
        ->capture_default_str();
    harden_ =
        app->add_flag("--harden,!--no-harden", harden_value_,
                      "Adversarial filtering (AFLite, docs/hardening.md): drop the samples a bag-of-n-grams model "
                      "predicts from many random splits. On by default for every build (MetaQA: about 50 s on 2 "
                      "cores): unfiltered, a probe on surface numbers reads labels off the citations");
    app->add_option("--levels", levels_,
                    "Complexity levels to build, comma-separated: single, union, intersection, concatenation (the "
                    "paper's four), comparison, negation (issue 42; docs/benchmark.md). Default: all six. The "
                    "paper's four alone build byte for byte what caqa built before the later levels")
        ->delimiter(',')
        ->check(CLI::IsMember(level_names()));
    app->add_flag("!--no-verify", options_.build.verify, "Skip re-deriving each label from its subgraph");
    app->add_flag("!--no-audit", options_.audit,
                  "Skip the shortcut audit (caqa audit's probes, written into statistics.md and the manifest)");
    app->add_option("--threads", threads_,
                    "Threads for building and writing the samples (0 = one per core); the output is the same for any")
        ->capture_default_str();
    app->add_flag("--strict", strict_, "Fail (exit 1) on any skipped input or verification violation");
    app->add_flag("-q,--quiet", quiet_, "No progress output");
    app->add_option("--verbalizer", verbalizer_, "Who writes the texts: grammar (templates) or llm (see below)")
        ->check(CLI::IsMember({"grammar", "llm"}))
        ->capture_default_str();
    app->add_option("--endpoint", endpoints_, "llm: base URL of an OpenAI-compatible server (repeatable)");
    app->add_option("--model", pool_.request.model, "llm: model name");
    app->add_option("--api-key-env", api_key_env_, "llm: environment variable holding the API key (never logged)");
    app->add_option("--concurrency", pool_.concurrency, "llm: requests in flight")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    app->add_option("--cache", cache_, "llm: response cache (default OUT.verbalize-cache.jsonl)");
    app->add_option("--sparql-cache", sparql_.client.cache_path,
                    "--sparql: query cache (default OUT.sparql-cache.jsonl; \"none\" for none)");
    app->add_option("--sparql-concurrency", sparql_.client.concurrency, "--sparql: queries in flight")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    app->add_option("--sparql-batch", sparql_.batch, "--sparql: entities or names per query (its VALUES block)")
        ->check(CLI::PositiveNumber)
        ->capture_default_str();
    app->add_option("--prompt-dir", prompt_dir_, "llm: folder of index.json and the prompts (default: built in)");
    app->footer(kBuildHelp);
  }

  int run() override {
    std::string error;
    StagedDirectory out(out_);
    std::vector<std::string_view> outputs;
    for (const auto& document : kg::BuiltBenchmark{}.documents()) outputs.push_back(document.first);
    if (!out.can_replace(outputs, error)) {
      fmt::print(stderr, "caqa build: {}\n", error);
      return kExitUsage;
    }
    auto loaded = load_build_sources(inputs_, error);
    if (!loaded) {
      fmt::print(stderr, "caqa: {}\n", error);
      return kExitUsage;
    }
    // Read only for the level that asks along it: a build of the paper's four lists no such input.
    if (!options(loaded->is_default).build.levels[index_of(Complexity::Negation)]) loaded->sources.negatable.reset();
    std::optional<verbalize::LlmRewriter> llm;
    if (!make_llm_rewriter(llm, error)) {
      fmt::print(stderr, "caqa build: {}\n", error);
      return kExitUsage;
    }
    if (llm) loaded->sources.rewriter = llm->hook();
    Progress load("load", !quiet_);
    std::optional<Progress> ground;
    kg::BuildObserver observer;
    observer.loading = [&](std::size_t done, std::size_t total) { load.update(done, total); };
    observer.loaded = [&](const kg::GraphSummary& g) {
      load.finish(g.triples_added, fmt::format("triples ({} entities, {} relations, {:.1f} MB resident)", g.entities,
                                               g.relations, g.memory_bytes / 1e6));
    };
    if (!quiet_) observer.import_report = [](std::string_view text) { fmt::print(stderr, "{}", text); };
    observer.building = [&](std::size_t done, std::size_t total) {
      if (!ground) ground.emplace("build", !quiet_);
      ground->update(done, total);
    };
    std::optional<kg::BuiltBenchmark> over_sparql;
    if (loaded->sources.sparql) {
      over_sparql = build_over_sparql(*loaded, options(false), observer, error);
      if (!over_sparql) {
        fmt::print(stderr, "caqa build: {}; nothing written to {}\n", error, out_);
        return kExitUsage;
      }
    }
    kg::BuiltBenchmark built = over_sparql
                                   ? std::move(*over_sparql)
                                   : kg::build_benchmark(loaded->sources, options(loaded->is_default), observer);
    if (!ground) ground.emplace("build", !quiet_);
    ground->finish(built.sample_count,
                   fmt::format("samples from {} of {} questions", built.stats.collected, built.stats.questions));

    if (llm) {
      if (!llm->fatal().empty()) {
        fmt::print(stderr, "caqa build: the LLM verbaliser could not run: {}; nothing written to {}\n", llm->fatal(),
                   out_);
        return kExitUsage;
      }
      if (!quiet_)
        fmt::print(stderr, "verbalize: {} request(s) sent, {} text(s) from the cache, {} failed\n", llm->requests(),
                   llm->from_cache(), llm->failed());
    }

    if (built.sample_count == 0) {
      if (!quiet_) fmt::print("{}", kg::format_build_summary(built));
      fmt::print(stderr, "caqa build: {}; nothing written to {}\n", no_samples_message(built), out_);
      return kExitInvalid;
    }

    Progress write("write", !quiet_);
    bool written = out.open(error);
    for (const auto& [name, text] : built.documents()) written = written && out.write(name, *text, error);
    if (!written || !out.commit(error)) {
      fmt::print(stderr, "caqa build: {}\n", error);
      return kExitUsage;
    }
    write.finish(built.sample_count, "samples written to " + out_);

    if (!quiet_) fmt::print("{}", kg::format_build_summary(built));
    return strict_ && !built.clean() ? kExitInvalid : kExitOk;
  }

 private:
  // --verbalizer llm: the rewriter over the flags' endpoints; none for grammar. False (with
  // error) on a flag combination that cannot work.
  bool make_llm_rewriter(std::optional<verbalize::LlmRewriter>& llm, std::string& error) {
    if (verbalizer_ == "grammar") {
      if (!endpoints_.empty() || !pool_.request.model.empty()) error = "--endpoint and --model need --verbalizer llm";
      return error.empty();
    }
    if (endpoints_.empty() || pool_.request.model.empty()) {
      error = "--verbalizer llm needs --endpoint URL and --model M";
      return false;
    }
    if (!api_key_env_.empty()) {
      auto key = eval::api_key_from_env(api_key_env_, error);
      if (!key) return false;
      pool_.api_key = *key;
    }
    auto prompts = verbalize::load_llm_prompts(prompt_dir_, error);
    if (!prompts) return false;
    std::string cache = cache_.empty() ? out_ + ".verbalize-cache.jsonl" : cache_;
    auto folder = std::filesystem::path(cache).parent_path();
    if (!folder.empty() && !std::filesystem::is_directory(folder)) {
      error = "cannot write " + cache + ": folder " + folder.string() + " does not exist";
      return false;
    }
    pool_.endpoints = endpoints_;
    pool_.request.max_tokens = kVerbalizeMaxTokens;
    pool_.progress = !quiet_;
    llm.emplace(std::move(*prompts), pool_, cache);
    return true;
  }

  // --sparql: the build in rounds over the endpoint, and what it cost.
  std::optional<kg::BuiltBenchmark> build_over_sparql(const LoadedBuildSources& loaded,
                                                      const kg::BenchmarkOptions& options,
                                                      const kg::BuildObserver& observer, std::string& error) {
    kg::SparqlBuildSettings settings = sparql_;
    settings.client.endpoint = loaded.sources.sparql->first;
    settings.graph_iri = loaded.sources.sparql->second;
    settings.client.progress = !quiet_;
    if (settings.client.cache_path.empty()) settings.client.cache_path = out_ + ".sparql-cache.jsonl";
    if (settings.client.cache_path == "none") settings.client.cache_path.clear();
    kg::SparqlBuildReport report;
    auto built = kg::build_benchmark_over_sparql(loaded.sources, options, observer, settings, report, error);
    if (built && !quiet_) {
      const auto& q = report.queries;
      fmt::print(stderr,
                 "sparql: {} rounds, {} queries ({} from the cache, {:.1f}%; {} sent, {:.1f}/s over {:.2f}s), {} "
                 "rows, {} retries; build {:.2f}s\n",
                 report.rounds, q.queries, q.cache_hits, q.queries ? 100.0 * q.cache_hits / q.queries : 0.0, q.sent,
                 q.seconds > 0 ? q.sent / q.seconds : 0.0, q.seconds, q.rows, q.retries, report.seconds);
    }
    return built;
  }

  // The flags given, over the default benchmark's recipe when no input is named.
  kg::BenchmarkOptions options(bool is_default) const {
    kg::BenchmarkOptions o = is_default ? kg::default_benchmark_options() : kg::BenchmarkOptions{};
    o.max_questions = options_.max_questions;
    o.train_questions = options_.train_questions;
    o.audit = options_.audit;
    o.build.verify = options_.build.verify;
    o.build.seed = seed_;
    if (test_fraction_) o.build.test_fraction = *test_fraction_;
    if (sample_queries_) o.sample_queries = *sample_queries_;
    if (harden_->count() > 0) o.harden = harden_value_;
    o.parallel = thread_runner(threads_);
    if (!levels_.empty())
      for (Complexity c : kComplexities)
        o.build.levels[index_of(c)] = std::find(levels_.begin(), levels_.end(), complexity_name(c)) != levels_.end();
    return o;
  }

  static std::vector<std::string> level_names() {
    std::vector<std::string> out;
    for (Complexity c : kComplexities) out.emplace_back(complexity_name(c));
    return out;
  }

  BuildInputFlags inputs_;
  std::string out_ = "benchmark";
  kg::BenchmarkOptions options_;
  std::uint64_t seed_ = kg::BuildOptions{}.seed;
  std::optional<double> test_fraction_;
  std::optional<std::size_t> sample_queries_;
  std::vector<std::string> levels_;  // --levels; empty: BuildOptions' default
  CLI::Option* harden_ = nullptr;
  bool harden_value_ = false;
  unsigned threads_ = 0;
  bool strict_ = false, quiet_ = false;
  std::string verbalizer_ = "grammar", api_key_env_, cache_, prompt_dir_;
  std::vector<std::string> endpoints_;
  eval::RequestPoolSettings pool_;
  kg::SparqlBuildSettings sparql_;
};

}  // namespace

std::unique_ptr<Command> add_build_command(CLI::App& app) { return std::make_unique<BuildCommand>(app); }

}  // namespace caqa::cli
