#include "build_sources.h"

#include <filesystem>

#include <fmt/format.h>

#include "embedded_data.h"
#include "kg/ntriples.h"

namespace caqa::cli {

namespace {

namespace fs = std::filesystem;

// With no KG or question input, the default benchmark built into caqa (data/default).
bool uses_default_benchmark(const BuildInputFlags& flags) {
  return flags.kg.empty() && flags.questions.empty() && flags.metaqa.empty() && flags.fb15k.empty() &&
         flags.sparql.empty();
}

// Reads files in the order BuildSources lists them and stops at the first failure.
class Reader {
 public:
  explicit Reader(LoadedBuildSources& out) : out_(out) {}

  std::optional<kg::SourceFile> file(const std::string& path) {
    if (!error_.empty()) return std::nullopt;
    auto bytes = read_file(path, error_);
    if (!bytes) return std::nullopt;
    out_.files.push_back(std::make_unique<FileBytes>(std::move(*bytes)));
    return kg::SourceFile{path, out_.files.back()->bytes()};
  }
  void files(const std::vector<std::string>& paths, std::vector<kg::SourceFile>& into) {
    for (const auto& path : paths)
      if (auto f = file(path)) into.push_back(std::move(*f));
  }
  std::optional<kg::SourceFile> optional_file(const std::string& path) {
    return path.empty() ? std::nullopt : file(path);
  }
  // data/<name> as built into caqa, named as in the source tree.
  std::optional<kg::SourceFile> embedded(std::string_view name) {
    if (!error_.empty()) return std::nullopt;
    std::string path = "data/" + std::string(name);
    auto bytes = embedded_file(name);
    if (!bytes) error_ = path + ": not built into this caqa (native/CMakeLists.txt embeds data/)";
    return bytes ? std::optional(kg::SourceFile{path, *bytes}) : std::nullopt;
  }
  void embedded(std::string_view name, std::vector<kg::SourceFile>& into) {
    if (auto f = embedded(name)) into.push_back(std::move(*f));
  }
  const std::string& error() const { return error_; }

 private:
  LoadedBuildSources& out_;
  std::string error_;
};

}  // namespace

void BuildInputFlags::add_to(CLI::App& app) {
  app.add_option("--kg", kg, "Triples: TSV (head<TAB>relation<TAB>tail), head|relation|tail lines, or N-Triples (.nt)")
      ->type_name("FILE");
  app.add_option("--names", names, "Entity names: key<TAB>name")->type_name("FILE");
  app.add_option("--types", types, "Entity types: key<TAB>type")->type_name("FILE");
  app.add_option("--relation-names", relation_names, "Relation ids to names: id<TAB>name (e.g. MetaQA relations.dict)")
      ->type_name("FILE");
  app.add_option("--questions", questions, "Questions in caqa's JSON Lines format (README)")->type_name("FILE");
  app.add_option("--metaqa", metaqa, "MetaQA folder (kg/train.txt, kg/*.dict, qa/N-hop/{test,dev}.txt + qtypes)")
      ->type_name("DIR");
  app.add_option("--metaqa-hops", metaqa_hops,
                 "MetaQA question files to import (1-3; paths longer than two hops are skipped)")
      ->capture_default_str();
  app.add_option("--fb15k", fb15k, "FB15k-237 folder with train.txt, valid.txt, test.txt and entity2text.txt")
      ->type_name("DIR");
  app.add_option("--sparql", sparql,
                 "The KG of a SPARQL endpoint (Virtuoso: http://host:8890/sparql), fetched as the build needs it, "
                 "instead of KG files (docs/freebase.md)")
      ->type_name("URL");
  app.add_option("--graph", graph, "--sparql: the named graph to read (default: the endpoint's default graph)")
      ->type_name("IRI");
  app.add_option("--webqsp", webqsp, "WebQSP questions (JSON Lines), basic-graph-pattern SPARQL subset")
      ->type_name("FILE");
  app.add_option("--grailqa", grailqa, "GrailQA questions (JSON Lines)")->type_name("FILE");
  app.add_option("--cwq", cwq, "ComplexWebQuestions (JSON Lines)")->type_name("FILE");
  app.add_option("--templates", templates,
                 "Relation phrasings: relation<TAB>[head noun > tail noun] sentence | sentence ..., with {head} and "
                 "{tail} ({a tail}: with its article; data/default/README.md)")
      ->type_name("FILE");
  app.add_option("--query-templates", query_templates,
                 "Phrases of sampled questions (--sample-queries): relation<TAB>six phrases with {x} "
                 "(data/default/README.md)")
      ->type_name("FILE");
  app.add_option("--implied-facts", implied_facts,
                 "Facts a reader infers from others, which the label checks read: relation[ tail]<TAB>term relation "
                 "term (docs/benchmark.md; default: the embedded KG's table, none for other KGs)")
      ->type_name("FILE");
  app.add_option("--negatable", negatable,
                 "Relations that hold once for a reader, along which the negation level asks: relation<TAB>why "
                 "(default: the embedded KG's table, none for other KGs: no negation level there)")
      ->type_name("FILE");
  app.add_option("--qualifiers", qualifiers,
                 "What tells entities that share a name apart and how a text writes it: type<TAB>relation ... in "
                 "order of preference, then optionally <TAB>form | ... per relation (\"the {value} film {name}\": "
                 "\"the 1937 film A Star Is Born\"; without a form, \"A Star Is Born (1937)\"; type * gives forms "
                 "for any type). Default: the embedded KG's table, MetaQA's release years; without one, a relation "
                 "that holds once (data/default/README.md)")
      ->type_name("FILE");
}

std::optional<LoadedBuildSources> load_build_sources(const BuildInputFlags& flags, std::string& error) {
  LoadedBuildSources out;
  kg::BuildSources& s = out.sources;
  const bool kg_files = !flags.kg.empty() || !flags.metaqa.empty() || !flags.fb15k.empty();
  if (!flags.sparql.empty() && kg_files) {
    error = "--sparql reads the KG from the endpoint: drop --kg, --metaqa and --fb15k";
    return std::nullopt;
  }
  if (!flags.graph.empty() && flags.sparql.empty()) {
    error = "--graph needs --sparql URL";
    return std::nullopt;
  }
  if (!flags.sparql.empty()) s.sparql = std::pair(flags.sparql, flags.graph);
  Reader read(out);
  s.relation_names = read.optional_file(flags.relation_names);
  const bool use_default = uses_default_benchmark(flags);
  out.is_default = use_default;
  if (use_default) {
    read.embedded("default/triples.tsv", s.kg);
    read.embedded("default/names.tsv", s.names);
    read.embedded("default/types.tsv", s.types);
  }
  read.files(flags.kg, s.kg);
  read.files(flags.names, s.names);
  read.files(flags.types, s.types);
  if (!flags.metaqa.empty()) {
    fs::path dir = fs::path(flags.metaqa) / "kg";
    auto t = read.file((dir / "train.txt").string());
    auto e = read.file((dir / "entities.dict").string());
    auto r = read.file((dir / "relations.dict").string());
    if (t && e && r) s.metaqa_kg = kg::MetaQaKgFiles{*t, *e, *r};
  }
  if (!flags.fb15k.empty()) {
    kg::Fb15kFiles fb;
    read.files({(fs::path(flags.fb15k) / "train.txt").string(), (fs::path(flags.fb15k) / "valid.txt").string(),
                (fs::path(flags.fb15k) / "test.txt").string()},
               fb.triples);
    if (auto names = read.file((fs::path(flags.fb15k) / "entity2text.txt").string())) fb.names = *names;
    s.fb15k = std::move(fb);
  }
  if (use_default) read.embedded("default/questions.jsonl", s.questions);
  read.files(flags.questions, s.questions);
  for (int hops : flags.metaqa_hops) {
    for (const char* split : {"test", "dev"}) {
      fs::path dir = fs::path(flags.metaqa) / "qa" / fmt::format("{}-hop", hops);
      fs::path qa = dir / fmt::format("{}.txt", split), qtype = dir / fmt::format("qa_{}_qtype.txt", split);
      if (flags.metaqa.empty() || !fs::exists(qa) || !fs::exists(qtype)) continue;
      auto q = read.file(qa.string());
      auto t = read.file(qtype.string());
      if (q && t) s.metaqa_questions.push_back({hops, split, *q, *t});
    }
  }
  s.webqsp = read.optional_file(flags.webqsp);
  s.grailqa = read.optional_file(flags.grailqa);
  s.cwq = read.optional_file(flags.cwq);
  if (!flags.templates.empty())
    s.templates = read.file(flags.templates);
  else if (!flags.metaqa.empty())
    s.templates = read.embedded("templates/metaqa_relations.tsv");
  else if (use_default)
    s.templates = read.embedded("default/relation_templates.tsv");
  if (!flags.query_templates.empty())
    s.query_templates = read.file(flags.query_templates);
  else if (!flags.metaqa.empty())
    s.query_templates = read.embedded("templates/metaqa_query_templates.tsv");
  else if (use_default)
    s.query_templates = read.embedded("default/query_templates.tsv");
  if (!flags.implied_facts.empty())
    s.implied_facts = read.file(flags.implied_facts);
  else if (use_default)
    s.implied_facts = read.embedded("default/implied_facts.tsv");
  if (!flags.negatable.empty())
    s.negatable = read.file(flags.negatable);
  else if (use_default)
    s.negatable = read.embedded("default/negatable.tsv");
  if (!flags.qualifiers.empty())
    s.qualifiers = read.file(flags.qualifiers);
  else if (!flags.metaqa.empty())
    s.qualifiers = read.embedded("templates/metaqa_qualifiers.tsv");
  else if (use_default)
    s.qualifiers = read.embedded("default/qualifiers.tsv");
  if (!read.error().empty()) {
    error = read.error();
    return std::nullopt;
  }
  s.ntriples = [](kg::MemoryGraphBuilder& builder, const kg::TextSource& source, kg::ProblemCounts& problems) {
    return kg::add_ntriples(builder, source, problems).triples;
  };
  s.sha256_hex = [](std::string_view bytes) { return sha256_hex(bytes); };
  return out;
}

}  // namespace caqa::cli
