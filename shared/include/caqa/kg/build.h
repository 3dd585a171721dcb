// caqa build as one core call: the input files' bytes in, the four output documents
// out (train.jsonl, test.jsonl, statistics.md, manifest.json). The front end reads the
// files and writes the documents; everything between (which importer reads what, the
// graph, the pipeline, the manifest) happens here, so the CLI and the leaderboard build
// the same benchmark in-process.
#pragma once

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "caqa/audit/audit.h"
#include "caqa/hardening/aflite.h"
#include "caqa/kg/benchmark_builder.h"
#include "caqa/kg/kg_text.h"
#include "caqa/kg/memory_graph.h"
#include "caqa/kg/problem_counts.h"
#include "caqa/kg/training_questions.h"
#include "caqa/verbalize/text_stage.h"

namespace caqa::kg {

// One input file: its path as given (problems name it; the manifest keeps the file name)
// and its bytes, owned by the front end for the duration of the call.
struct SourceFile {
  std::string path;
  std::string_view bytes;
  TextSource text() const { return {path, bytes}; }
};

struct MetaQaKgFiles {
  SourceFile triples, entities, relations;  // kg/train.txt, kg/entities.dict, kg/relations.dict
};

struct MetaQaQuestionFiles {
  int hops = 1;
  std::string split;             // "test" or "dev"
  SourceFile questions, qtypes;  // qa/N-hop/{split}.txt, qa/N-hop/qa_{split}_qtype.txt
};

struct Fb15kFiles {
  std::vector<SourceFile> triples;  // train.txt, valid.txt, test.txt
  SourceFile names;                 // entity2text.txt
};

// Reads an N-Triples file into the builder and returns the triples added (native/kg:
// serd, which the WebAssembly build lacks).
using NTriplesParser = std::function<std::size_t(MemoryGraphBuilder&, const TextSource&, ProblemCounts&)>;
using Sha256Hex = std::function<std::string(std::string_view)>;

// Every input of one build. Files are read in this order, which is also the order of
// the manifest's "inputs".
struct BuildSources {
  std::optional<SourceFile> relation_names;  // id<TAB>name
  std::vector<SourceFile> kg;                // TSV or pipe triples; N-Triples when the name ends in .nt
  std::vector<SourceFile> names, types;      // key<TAB>name, key<TAB>type
  std::optional<MetaQaKgFiles> metaqa_kg;
  std::optional<Fb15kFiles> fb15k;
  std::vector<SourceFile> questions;  // caqa's question JSON Lines
  std::vector<MetaQaQuestionFiles> metaqa_questions;
  std::optional<SourceFile> webqsp, grailqa, cwq;
  std::optional<SourceFile> templates;        // relation<TAB>sentence
  std::optional<SourceFile> query_templates;  // phrases of sampled questions (query_templates.h)
  std::optional<SourceFile> implied_facts;    // facts a reader infers from others (implied_facts.h)
  std::optional<SourceFile> qualifiers;       // what tells same-name entities apart (display_names.h)
  // relation<TAB>why: relations that hold once for a reader, along which the negation level
  // asks (negation_query.h); read only when that level is built.
  std::optional<SourceFile> negatable;
  NTriplesParser ntriples;  // empty: an .nt file is skipped as a problem
  // The SPARQL endpoint (and graph IRI, or "") the graph was read from instead of files:
  // recorded in the manifest's "kg".
  std::optional<std::pair<std::string, std::string>> sparql;
  Sha256Hex sha256_hex;  // digests for the manifest (the core has no SHA-256)
  // Rewrites the samples' texts (caqa build --verbalizer llm); empty: the grammar texts stay.
  verbalize::TextRewriter rewriter;
};

struct BenchmarkOptions {
  BuildOptions build;
  std::size_t max_questions = 0;    // use only the first N questions (0 = all)
  std::size_t sample_queries = 0;   // questions sampled from the KG in addition (query_sampler.h)
  std::size_t train_questions = 0;  // more questions for the train split only (training_questions.h)
  bool audit = true;                // run the shortcut audit (caqa/audit) on the split built
  bool harden = true;               // adversarial filtering (caqa/hardening) of the samples built
  hardening::AfliteOptions hardening;
  // How, not what: threads for the per-question work, the writing, the audit's probes and
  // the filter's models (caqa/parallel.h).
  // The documents are the same with or without; never in the manifest.
  ParallelFor parallel;
};

struct GraphSummary {
  std::size_t triples_added = 0;  // as read, duplicates included
  std::size_t triples = 0, entities = 0, relations = 0, memory_bytes = 0;
};

// What a front end may show while the build runs; every member is optional.
struct BuildObserver {
  std::function<void(std::size_t done, std::size_t total)> loading;  // KG files read
  std::function<void(const GraphSummary&)> loaded;
  // Per question importer: its summary and how much of it the graph grounds (computed
  // only when this is set).
  std::function<void(std::string_view text)> import_report;
  std::function<void(std::size_t done, std::size_t total)> building;  // questions processed
};

struct BuiltBenchmark {
  std::string train_jsonl, test_jsonl, statistics_md, manifest_json;
  GraphSummary graph;
  BuildStats stats;
  std::size_t sample_count = 0;
  bool verified = true;                         // BuildOptions::verify
  ProblemCounts problems;                       // skipped inputs, by reason (loading included)
  std::vector<std::string> violations;          // "sample-id: what failed"
  std::vector<RelationProfile::Row> relations;  // how each relation behaves (relation_profile.h)
  std::size_t implied_fact_rules = 0;
  std::optional<audit::AuditResult> audit;  // BenchmarkOptions::audit
  std::optional<audit::AuditResult> audit_before_hardening;
  std::optional<hardening::AfliteResult> hardening;  // BenchmarkOptions::harden
  std::optional<TrainingQuestionsReport> training;   // BenchmarkOptions::train_questions
  verbalize::TextCheckReport text_checks;            // the lint of every build; the rewrite's checks

  // The documents in the order they are written (the manifest, which hashes the others, last).
  std::vector<std::pair<std::string_view, const std::string*>> documents() const;
  bool clean() const { return problems.empty() && violations.empty(); }
};

// The recipe of the default benchmark (the embedded data/default): its questions plus
// questions sampled from its KG, adversarially filtered, with a test split large enough to
// rank evaluators (a 95% CI of about +-0.02 on micro-F1).
BenchmarkOptions default_benchmark_options();

BuiltBenchmark build_benchmark(const BuildSources& sources, const BenchmarkOptions& options,
                               const BuildObserver& observer = {});
// The same over a graph the caller holds (a SPARQL endpoint's, native/kg/sparql_graph.h):
// the KG inputs of `sources` are not read, `graph` describes it (observer.loading and
// .loaded are not called).
BuiltBenchmark build_benchmark(const KnowledgeGraph& graph, const GraphSummary& summary, const BuildSources& sources,
                               const BenchmarkOptions& options, const BuildObserver& observer = {});

// The report printed after a build: Table 4, the skipped inputs and the verification result.
std::string format_build_summary(const BuiltBenchmark& built);

}  // namespace caqa::kg
