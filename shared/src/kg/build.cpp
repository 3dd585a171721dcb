#include "caqa/kg/build.h"

#include <iterator>
#include <unordered_map>

#include <fmt/format.h>

#include "build_manifest.h"
#include "caqa/audit/audit_render.h"
#include "caqa/hardening/aflite_report.h"
#include "caqa/kg/grounding_report.h"
#include "caqa/kg/import_fb15k.h"
#include "caqa/kg/import_metaqa.h"
#include "caqa/kg/import_sparql.h"
#include "caqa/kg/query_sampler.h"
#include "caqa/kg/question_reader.h"
#include "caqa/kg/training_questions.h"
#include "caqa/verbalize/text_check_report.h"

namespace caqa::kg {

namespace {

bool is_ntriples(std::string_view path) {
  std::string_view file = path.substr(path.find_last_of('/') + 1);
  std::size_t dot = file.rfind('.');
  return dot != std::string_view::npos && dot > 0 && file.substr(dot) == ".nt";
}

std::unordered_map<std::string, std::string> table(const std::optional<SourceFile>& file, ProblemCounts& problems) {
  std::unordered_map<std::string, std::string> out;
  if (file)
    for (auto& [key, value] : read_two_column_table(file->text(), problems)) out.emplace(key, value);
  return out;
}

// Every KG input into one graph, in the order of BuildSources.
MemoryGraph load_graph(const BuildSources& sources, GraphSummary& summary, ProblemCounts& problems,
                       const BuildObserver& observer) {
  MemoryGraphBuilder builder;
  auto relation_names = table(sources.relation_names, problems);
  std::size_t triples = 0;
  for (std::size_t i = 0; i < sources.kg.size(); ++i) {
    const SourceFile& file = sources.kg[i];
    if (!is_ntriples(file.path))
      triples += add_triples(builder, file.text(), TripleFormat::Auto, problems, relation_names);
    else if (sources.ntriples)
      triples += sources.ntriples(builder, file.text(), problems);
    else
      problems.add("kg: N-Triples needs the native parser", file.path);
    if (observer.loading) observer.loading(i + 1, sources.kg.size());
  }
  for (const auto& file : sources.names)
    for (auto& [key, name] : read_two_column_table(file.text(), problems)) builder.set_name(key, name);
  for (const auto& file : sources.types)
    for (auto& [key, type] : read_two_column_table(file.text(), problems)) builder.set_type(key, type);
  if (const auto& m = sources.metaqa_kg)
    triples += add_metaqa_kg(builder, m->triples.text(), m->entities.text(), m->relations.text(), problems).triples;
  if (const auto& fb = sources.fb15k) {
    std::vector<TextSource> texts;
    for (const auto& file : fb->triples) texts.push_back(file.text());
    triples += add_fb15k237(builder, texts, fb->names.text(), problems).triples;
  }
  MemoryGraph graph = builder.build();
  summary = {triples, graph.triple_count(), graph.entity_count(), graph.relation_count(), graph.memory_bytes()};
  if (observer.loaded) observer.loaded(summary);
  return graph;
}

// MetaQA, WebQSP, GrailQA and CWQ questions, imported against the loaded graph.
void import_questions(const BuildSources& sources, const KnowledgeGraph& graph, std::vector<Question>& questions,
                      ProblemCounts& problems, const BuildObserver& observer, const ParallelFor& parallel) {
  auto take = [&](QuestionImport import, const std::string& name) {
    if (observer.import_report)
      observer.import_report(format_import_summary(name, import) +
                             format_grounding_report(name, ground_questions(import.questions, graph)));
    for (const auto& [reason, n] : import.skipped.counts())
      for (std::size_t i = 0; i < n; ++i) problems.add("import: " + reason, name);
    questions.insert(questions.end(), std::make_move_iterator(import.questions.begin()),
                     std::make_move_iterator(import.questions.end()));
  };
  // MetaQA's files imported side by side, taken in their order.
  std::vector<QuestionImport> metaqa(sources.metaqa_questions.size());
  run_each(parallel, metaqa.size(), [&](std::size_t i) {
    const MetaQaQuestionFiles& m = sources.metaqa_questions[i];
    metaqa[i] = import_metaqa_questions(m.questions.text(), m.qtypes.text(), m.hops, graph,
                                        m.split == "test" ? std::string_view() : std::string_view(m.split));
  });
  for (std::size_t i = 0; i < metaqa.size(); ++i) {
    const MetaQaQuestionFiles& m = sources.metaqa_questions[i];
    take(std::move(metaqa[i]), fmt::format("metaqa {}-hop {}", m.hops, m.split));
  }
  SparqlImportOptions sparql;
  sparql.kg = &graph;
  std::optional<AnswerNameIndex> names;
  if (const auto& f = sources.webqsp) {
    names = webqsp_answer_names(f->text(), problems);
    take(import_webqsp(f->text(), sparql), f->path);
  }
  if (const auto& f = sources.grailqa) take(import_grailqa(f->text(), sparql), f->path);
  if (const auto& f = sources.cwq) {
    if (names) sparql.answer_names = &*names;
    take(import_cwq(f->text(), sparql), f->path);
  }
}

// --sample-queries: questions sampled from the graph after the ones read, none repeating them.
void append_sampled_questions(const QueryTemplates& phrases, const BenchmarkOptions& options,
                              const KnowledgeGraph& graph, std::vector<Question>& questions, ProblemCounts& problems) {
  if (options.sample_queries == 0) return;
  auto sampled = sample_questions(graph, phrases, questions, options.sample_queries, options.build.seed);
  if (sampled.size() < options.sample_queries)
    problems.add("sample-queries: the KG and query templates allow fewer questions", "--sample-queries",
                 fmt::format("{} of {}", sampled.size(), options.sample_queries));
  questions.insert(questions.end(), std::make_move_iterator(sampled.begin()), std::make_move_iterator(sampled.end()));
}

// The shortcut audit of the split just built (caqa/audit): every shallow probe trained on
// train and scored on test, as `caqa audit` does from the written files.
audit::AuditResult audit_samples(const std::vector<BenchmarkSample>& samples, const ParallelFor& parallel) {
  std::array<std::vector<audit::AuditSample>, 2> split;
  for (const auto& s : samples)
    split[s.test].push_back({s.id, s.question, s.answer, s.citation, s.label, s.complexity, {}});
  return audit::run_audit(split[0], split[1], {}, parallel);
}

// --harden: AFLite over every sample (caqa/hardening); the samples it removes are gone
// from both splits and from the counts.
void harden(BuildResult& result, const hardening::AfliteOptions& options, const ParallelFor& parallel,
            BuiltBenchmark& built, std::string& markdown) {
  std::vector<hardening::FilterSample> samples;
  for (const auto& s : result.samples) samples.push_back({s.question, s.answer, s.citation, s.label, s.complexity});
  built.hardening = hardening::aflite_filter(samples, options, parallel);
  if (built.hardening->error != hardening::AfliteError::None) return;
  markdown = fmt::format("\n{}", hardening::aflite_markdown(*built.hardening, options));
  std::vector<BenchmarkSample> kept;
  for (std::size_t i = 0; i < result.samples.size(); ++i)
    if (built.hardening->keep[i]) kept.push_back(std::move(result.samples[i]));
  result.samples = std::move(kept);
  count_samples(result.samples, result.stats);
}

// About the bytes of a sample's line: its texts and names, and the JSON around them.
std::size_t estimated_line_size(const BenchmarkSample& s, const KnowledgeGraph& graph) {
  constexpr std::size_t kFixed = 192;  // keys, quotes and the short values
  std::size_t out =
      kFixed + s.id.size() + s.question.size() + s.answer.size() + s.citation.size() + s.source_question.size();
  for (const Triple& t : s.evidence)
    out += 22 + graph.entity_name(t.head).size() + graph.entity_name(t.tail).size() + graph.entity_key(t.head).size() +
           graph.entity_key(t.tail).size() + 2 * graph.relation_name(t.relation).size();
  return out;
}

// The lines of both splits, rendered a block of samples at a time (in parallel) and
// appended in order. Each split is reserved at about its size first: a string of hundreds
// of megabytes that grows by doubling is held twice while it moves.
void render_samples(const std::vector<BenchmarkSample>& samples, const KnowledgeGraph& graph,
                    const ParallelFor& parallel, BuiltBenchmark& built) {
  std::array<std::size_t, 2> estimate{};
  for (const auto& s : samples) estimate[s.test] += estimated_line_size(s, graph);
  built.train_jsonl.reserve(estimate[0] + estimate[0] / 16);
  built.test_jsonl.reserve(estimate[1] + estimate[1] / 16);
  constexpr std::size_t kBlock = 256;  // samples a task renders
  constexpr std::size_t kWave = 16;    // blocks rendered before they are appended
  std::vector<std::array<std::string, 2>> blocks;
  for (std::size_t begin = 0; begin < samples.size(); begin += kBlock * kWave) {
    const std::size_t end = std::min(samples.size(), begin + kBlock * kWave);
    blocks.assign((end - begin + kBlock - 1) / kBlock, {});
    run_each(parallel, blocks.size(), [&](std::size_t b) {
      for (std::size_t i = begin + b * kBlock; i < std::min(end, begin + (b + 1) * kBlock); ++i) {
        std::string& out = blocks[b][samples[i].test];
        append_sample_json(out, samples[i], graph);
        out.push_back('\n');
      }
    });
    for (const auto& block : blocks) {
      built.train_jsonl += block[0];
      built.test_jsonl += block[1];
    }
  }
}

}  // namespace

std::vector<std::pair<std::string_view, const std::string*>> BuiltBenchmark::documents() const {
  return {{"train.jsonl", &train_jsonl},
          {"test.jsonl", &test_jsonl},
          {"statistics.md", &statistics_md},
          {"manifest.json", &manifest_json}};
}

BenchmarkOptions default_benchmark_options() {
  BenchmarkOptions options;
  options.sample_queries = 7000;
  options.build.test_fraction = 0.3;
  return options;
}

namespace {

BuiltBenchmark build_over(const KnowledgeGraph& graph, const GraphSummary& summary, ProblemCounts problems,
                          const BuildSources& sources, const BenchmarkOptions& options, const BuildObserver& observer) {
  BuiltBenchmark built;
  built.graph = summary;
  std::vector<Question> questions;
  for (const auto& file : sources.questions) {
    auto more = read_questions(file.text(), problems);
    questions.insert(questions.end(), std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()));
  }
  import_questions(sources, graph, questions, problems, observer, options.parallel);
  if (options.max_questions > 0 && questions.size() > options.max_questions) questions.resize(options.max_questions);
  QueryTemplates phrases;
  if (sources.query_templates) phrases = QueryTemplates::parse(sources.query_templates->text(), problems);
  append_sampled_questions(phrases, options, graph, questions, problems);
  auto templates = table(sources.templates, problems);

  Verbalizer verbalizer(graph, templates);
  if (!phrases.empty()) verbalizer.set_question_phrases(&phrases);
  const RelationProfile profile(graph);
  DisplayNames display_names(graph, profile);
  if (sources.qualifiers) display_names.read_preferences(sources.qualifiers->text(), problems);
  verbalizer.set_display_names(&display_names);
  BuildOptions build = options.build;
  if (sources.implied_facts) build.implied_facts = ImpliedFacts::parse(sources.implied_facts->text(), graph, problems);
  if (sources.negatable) {
    build.negatable.assign(graph.relation_count(), false);
    for (const auto& [relation, why] : read_two_column_table(sources.negatable->text(), problems)) {
      if (auto r = graph.find_relation(relation))
        build.negatable[*r] = true;
      else
        problems.add("negatable relations: a relation the KG lacks", sources.negatable->path, relation);
    }
  }
  BuildResult result = build_benchmark(graph, questions, verbalizer, build, observer.building, options.parallel);
  result.problems.merge(problems);
  if (sources.rewriter.rewrite)
    verbalize::rewrite_texts(result.samples, graph, verbalize::EntityNameIndex(graph), sources.rewriter,
                             built.text_checks);
  std::string hardening_md;
  if (options.harden) {
    if (options.audit) built.audit_before_hardening = audit_samples(result.samples, options.parallel);
    harden(result, options.hardening, options.parallel, built, hardening_md);
  }
  // --train-questions: train samples of new questions, added after the benchmark is built
  // and filtered, so its test split is what it is without them (training_questions.h).
  if (options.train_questions > 0) {
    TrainingQuestionsReport report;
    auto extra =
        training_samples(graph, phrases, questions, result.samples, verbalizer, build, options.train_questions,
                         options.harden ? &options.hardening : nullptr, options.parallel, result.problems, report);
    result.samples.insert(result.samples.end(), std::make_move_iterator(extra.begin()),
                          std::make_move_iterator(extra.end()));
    std::sort(result.samples.begin(), result.samples.end(),
              [](const BenchmarkSample& a, const BenchmarkSample& b) { return a.id < b.id; });
    count_samples(result.samples, result.stats);
    built.training = report;
  }
  // The samples hold what they need; the memory goes to what comes next.
  std::vector<Question>().swap(questions);
  // The lint and the audit first: what they allocate (the audit's probe rows: hundreds of
  // megabytes at MetaQA's size) is free again before the documents grow.
  verbalize::lint_samples(result.samples, graph, built.text_checks, options.parallel, &display_names);
  if (options.audit) built.audit = audit_samples(result.samples, options.parallel);
  render_samples(result.samples, graph, options.parallel, built);
  built.statistics_md = statistics_markdown(result.stats);
  if (built.training)
    built.statistics_md += fmt::format(
        "\nTraining questions (--train-questions {}): {} new questions sampled; {} of their samples left out for a "
        "fact that is a claim of the test split, {} by their own adversarial filtering; {} added to the train split.\n",
        built.training->asked, built.training->sampled, built.training->sharing_test_facts, built.training->filtered,
        built.training->samples);
  built.statistics_md += verbalize::text_checks_markdown(built.text_checks) + hardening_md;
  if (built.audit_before_hardening && built.audit_before_hardening->ok())
    built.statistics_md +=
        "\n## Before adversarial filtering\n\n" + audit::render_markdown(built.audit_before_hardening->report);
  if (built.audit && built.audit->ok())
    built.statistics_md += fmt::format("\n{}", audit::render_markdown(built.audit->report));
  built.stats = result.stats;
  built.sample_count = result.samples.size();
  built.verified = options.build.verify;
  built.problems = std::move(result.problems);
  built.violations = std::move(result.violations);
  built.relations = std::move(result.relations);
  built.implied_fact_rules = build.implied_facts.size();
  built.manifest_json = manifest_json(sources, options, built);
  return built;
}

}  // namespace

BuiltBenchmark build_benchmark(const BuildSources& sources, const BenchmarkOptions& options,
                               const BuildObserver& observer) {
  GraphSummary summary;
  ProblemCounts problems;
  MemoryGraph graph = load_graph(sources, summary, problems, observer);
  return build_over(graph, summary, std::move(problems), sources, options, observer);
}

BuiltBenchmark build_benchmark(const KnowledgeGraph& graph, const GraphSummary& summary, const BuildSources& sources,
                               const BenchmarkOptions& options, const BuildObserver& observer) {
  return build_over(graph, summary, {}, sources, options, observer);
}

std::string format_build_summary(const BuiltBenchmark& built) {
  std::string out = built.statistics_md;
  if (built.audit && !built.audit->ok())
    out += fmt::format("\naudit not run: {} {}\n", audit::to_string(built.audit->error), built.audit->message);
  if (built.audit && built.audit->ok())
    for (const auto& warning : audit::audit_warnings(built.audit->report)) out += "\n" + warning + "\n";
  const ProblemCounts& problems = built.problems;
  if (!problems.empty()) {
    out += fmt::format("\nskipped inputs ({}):\n", problems.total());
    for (const auto& [reason, n] : problems.counts()) {
      out += fmt::format("  {:>7}  {}", n, reason);
      const auto& ex = problems.examples(reason);
      if (!ex.empty())
        out += fmt::format("  (e.g. {}{})", ex[0].where, ex[0].detail.empty() ? "" : ": " + ex[0].detail);
      out += "\n";
    }
  }
  out += fmt::format(
      "verification: {} violation(s){}; determinacy: {} extended queries run over the KG, {} skipped for "
      "answers other than the stated ones\n",
      built.violations.size(), built.verified ? "" : " (--no-verify)", built.stats.determinacy_checked,
      built.stats.determinacy_failures);
  for (std::size_t i = 0; i < built.violations.size() && i < 5; ++i) out += fmt::format("  {}\n", built.violations[i]);
  return out;
}

}  // namespace caqa::kg
