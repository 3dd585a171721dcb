// caqa build: the benchmark from a knowledge graph and KGQA questions (CAQA paper, section 4).
#include <filesystem>
#include <unordered_map>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "caqa/kg/benchmark_builder.h"
#include "caqa/kg/grounding_report.h"
#include "caqa/kg/import_fb15k.h"
#include "caqa/kg/import_metaqa.h"
#include "caqa/kg/import_sparql.h"
#include "caqa/kg/kg_text.h"
#include "caqa/kg/question_reader.h"
#include "caqa/version.h"
#include "kg/ntriples.h"
#include "command.h"
#include "files.h"
#include "inputs.h"
#include "progress.h"

namespace caqa::cli {

namespace {

namespace fs = std::filesystem;
using Json = nlohmann::ordered_json;

constexpr const char* kBuildHelp =
    "Pipeline: collect single, path (<= 2 hops) and tree (<= 2 subjects) queries; extend them\n"
    "(single: union / head intersection / answer intersection / none, path and tree: the two\n"
    "intersections, equally likely); ground them; edit the supportive subgraph into partially\n"
    "supportive, contradictory and irrelevant ones; verbalise with relation templates; verify\n"
    "each label on its own subgraph; split train/test by source question. Same inputs and seed\n"
    "give byte-identical files. Outputs in OUT: train.jsonl, test.jsonl, manifest.json (versions,\n"
    "seed, SHA-256 of every input and output, counts, skipped inputs), statistics.md (Table 4).\n"
    "With no input flags the embedded default KG and questions (data/default) are used.";

struct Input {
  std::string path;
  FileBytes bytes;
  std::string sha256;
};

class BuildCommand : public Command {
 public:
  explicit BuildCommand(CLI::App& parent) {
    CLI::App* app = parent.add_subcommand("build", "Build the CAQA benchmark from a knowledge graph and KGQA questions.");
    app->add_option("--kg", kg_, "Triples: TSV (head<TAB>relation<TAB>tail), head|relation|tail lines, or N-Triples (.nt)")
        ->type_name("FILE");
    app->add_option("--names", names_, "Entity names: key<TAB>name")->type_name("FILE");
    app->add_option("--types", types_, "Entity types: key<TAB>type")->type_name("FILE");
    app->add_option("--relation-names", relation_names_, "Relation ids to names: id<TAB>name (e.g. MetaQA relations.dict)")
        ->type_name("FILE");
    app->add_option("--questions", questions_, "Questions in caqa's JSON Lines format (README)")->type_name("FILE");
    app->add_option("--metaqa", metaqa_, "MetaQA folder (kg/train.txt, kg/*.dict, qa/N-hop/{test,dev}.txt + qtypes)")
        ->type_name("DIR");
    app->add_option("--metaqa-hops", metaqa_hops_, "MetaQA question files to import (1-3; paths longer than two hops are skipped)")
        ->capture_default_str();
    app->add_option("--fb15k", fb15k_, "FB15k-237 folder with train.txt, valid.txt, test.txt and entity2text.txt")
        ->type_name("DIR");
    app->add_option("--webqsp", webqsp_, "WebQSP questions (JSON Lines), basic-graph-pattern SPARQL subset")->type_name("FILE");
    app->add_option("--grailqa", grailqa_, "GrailQA questions (JSON Lines)")->type_name("FILE");
    app->add_option("--cwq", cwq_, "ComplexWebQuestions (JSON Lines)")->type_name("FILE");
    app->add_option("--templates", templates_, "Relation templates: relation<TAB>sentence with {head} and {tail}")
        ->type_name("FILE");
    app->add_option("-o,--out", out_, "Output folder")->capture_default_str();
    app->add_option("--seed", options_.seed, "Seed of every random choice")->capture_default_str();
    app->add_option("--test-fraction", options_.test_fraction, "Share of source questions in the test split")
        ->check(CLI::Range(0.0, 1.0))
        ->capture_default_str();
    app->add_option("--max-questions", max_questions_, "Use only the first N questions (0 = all)")->capture_default_str();
    app->add_flag("!--no-verify", options_.verify, "Skip re-deriving each label from its subgraph");
    app->add_flag("--strict", strict_, "Fail (exit 1) on any skipped input or verification violation");
    app->add_flag("-q,--quiet", quiet_, "No progress output");
    app->footer(kBuildHelp);
  }

  int run() override {
    use_defaults_if_no_inputs();
    kg::ProblemCounts problems;
    // Load.
    Progress load("load", !quiet_);
    kg::KnowledgeGraphBuilder builder;
    std::unordered_map<std::string, std::string> relation_names;
    if (!relation_names_.empty()) {
      auto in = read(relation_names_);
      if (!in) return kExitUsage;
      for (auto& [id, name] : kg::read_two_column_table({relation_names_, in->bytes.bytes()}, problems))
        relation_names.emplace(id, name);
    }
    std::size_t triples = 0;
    for (std::size_t i = 0; i < kg_.size(); ++i) {
      auto in = read(kg_[i]);
      if (!in) return kExitUsage;
      kg::TextSource source{kg_[i], in->bytes.bytes()};
      triples += fs::path(kg_[i]).extension() == ".nt"
                     ? kg::add_ntriples(builder, source, problems).triples
                     : kg::add_triples(builder, source, kg::TripleFormat::Auto, problems, relation_names);
      load.update(i + 1, kg_.size());
    }
    for (const auto& path : names_) {
      auto in = read(path);
      if (!in) return kExitUsage;
      for (auto& [key, name] : kg::read_two_column_table({path, in->bytes.bytes()}, problems)) builder.set_name(key, name);
    }
    for (const auto& path : types_) {
      auto in = read(path);
      if (!in) return kExitUsage;
      for (auto& [key, type] : kg::read_two_column_table({path, in->bytes.bytes()}, problems)) builder.set_type(key, type);
    }
    if (!metaqa_.empty()) {
      fs::path kg_dir = fs::path(metaqa_) / "kg";
      Input* t = read((kg_dir / "train.txt").string());
      Input* e = t ? read((kg_dir / "entities.dict").string()) : nullptr;
      Input* r = e ? read((kg_dir / "relations.dict").string()) : nullptr;
      if (!r) return kExitUsage;
      triples += kg::add_metaqa_kg(builder, {t->path, t->bytes.bytes()}, {e->path, e->bytes.bytes()},
                                   {r->path, r->bytes.bytes()}, problems).triples;
    }
    if (!fb15k_.empty()) {
      std::vector<kg::TextSource> texts;
      for (const char* name : {"train.txt", "valid.txt", "test.txt"}) {
        Input* in = read((fs::path(fb15k_) / name).string());
        if (!in) return kExitUsage;
        texts.push_back({in->path, in->bytes.bytes()});
      }
      Input* names = read((fs::path(fb15k_) / "entity2text.txt").string());
      if (!names) return kExitUsage;
      triples += kg::add_fb15k237(builder, texts, {names->path, names->bytes.bytes()}, problems).triples;
    }
    kg::KnowledgeGraph graph = builder.build();
    load.finish(triples, fmt::format("triples ({} entities, {} relations, {:.1f} MB resident)", graph.entity_count(),
                                      graph.relation_count(), graph.memory_bytes() / 1e6));
    std::vector<kg::Question> questions;
    for (const auto& path : questions_) {
      auto in = read(path);
      if (!in) return kExitUsage;
      auto more = kg::read_questions({path, in->bytes.bytes()}, problems);
      questions.insert(questions.end(), std::make_move_iterator(more.begin()), std::make_move_iterator(more.end()));
    }
    if (!import_questions(graph, questions, problems)) return kExitUsage;
    if (max_questions_ > 0 && questions.size() > max_questions_) questions.resize(max_questions_);
    std::unordered_map<std::string, std::string> templates;
    if (!templates_.empty()) {
      auto in = read(templates_);
      if (!in) return kExitUsage;
      for (auto& [relation, sentence] : kg::read_two_column_table({templates_, in->bytes.bytes()}, problems))
        templates.emplace(relation, sentence);
    }

    // Ground, extend, edit, verbalise, verify.
    Progress ground("build", !quiet_);
    kg::Verbalizer verbalizer(graph, templates);
    kg::BuildResult result = kg::build_benchmark(graph, questions, verbalizer, options_,
                                                 [&](std::size_t done, std::size_t total) { ground.update(done, total); });
    result.problems.merge(problems);
    ground.finish(result.samples.size(), fmt::format("samples from {} of {} questions", result.stats.collected,
                                                     result.stats.questions));

    // Write.
    Progress write("write", !quiet_);
    std::error_code ec;
    fs::create_directories(out_, ec);
    if (ec) {
      fmt::print(stderr, "caqa: cannot create {}: {}\n", out_, ec.message());
      return kExitUsage;
    }
    std::array<std::string, 2> split_text;
    for (const auto& s : result.samples) split_text[s.test] += kg::sample_json(s, graph) + "\n";
    std::string statistics = kg::statistics_markdown(result.stats);
    Json outputs = Json::array();
    const std::array<std::pair<std::string, const std::string*>, 3> files = {
        {{"train.jsonl", &split_text[0]}, {"test.jsonl", &split_text[1]}, {"statistics.md", &statistics}}};
    for (const auto& [name, text] : files) {
      if (!emit((fs::path(out_) / name).string(), *text)) return kExitUsage;
      outputs.push_back(Json{{"path", name}, {"sha256", sha256_hex(*text)}, {"bytes", text->size()}});
    }
    std::string manifest = manifest_json(result, graph, outputs).dump(2) + "\n";
    if (!emit((fs::path(out_) / "manifest.json").string(), manifest)) return kExitUsage;
    write.finish(result.samples.size(), "samples written to " + out_);

    report(result);
    bool clean = result.problems.empty() && result.violations.empty();
    return strict_ && !clean ? kExitInvalid : kExitOk;
  }

 private:
  // MetaQA, WebQSP, GrailQA and CWQ questions, imported against the loaded KG.
  bool import_questions(const kg::KnowledgeGraph& graph, std::vector<kg::Question>& questions, kg::ProblemCounts& problems) {
    auto take = [&](const kg::QuestionImport& import, const std::string& name) {
      if (!quiet_) {
        fmt::print(stderr, "{}", kg::format_import_summary(name, import));
        // How many of the imported questions the loaded KG can answer at all.
        fmt::print(stderr, "{}", kg::format_grounding_report(name, kg::ground_questions(import.questions, graph)));
      }
      for (const auto& [reason, n] : import.skipped.counts())
        for (std::size_t i = 0; i < n; ++i) problems.add("import: " + reason, name);
      questions.insert(questions.end(), import.questions.begin(), import.questions.end());
    };
    for (int hops : metaqa_hops_) {
      for (const char* split : {"test", "dev"}) {
        fs::path dir = fs::path(metaqa_) / "qa" / fmt::format("{}-hop", hops);
        fs::path qa = dir / fmt::format("{}.txt", split), qtype = dir / fmt::format("qa_{}_qtype.txt", split);
        if (metaqa_.empty() || !fs::exists(qa) || !fs::exists(qtype)) continue;
        Input* q = read(qa.string());
        Input* t = q ? read(qtype.string()) : nullptr;
        if (!t) return false;
        take(kg::import_metaqa_questions({q->path, q->bytes.bytes()}, {t->path, t->bytes.bytes()}, hops, graph,
                                         split == std::string_view("test") ? std::string_view() : split),
             fmt::format("metaqa {}-hop {}", hops, split));
      }
    }
    kg::SparqlImportOptions sparql;
    sparql.kg = &graph;
    std::optional<kg::AnswerNameIndex> names;
    for (const auto& [path, kind] : {std::pair{webqsp_, 0}, {grailqa_, 1}, {cwq_, 2}}) {
      if (path.empty()) continue;
      Input* in = read(path);
      if (!in) return false;
      kg::TextSource text{path, in->bytes.bytes()};
      if (kind == 0) names = kg::webqsp_answer_names(text, problems);
      if (kind == 2 && names) sparql.answer_names = &*names;
      take(kind == 0 ? kg::import_webqsp(text, sparql) : kind == 1 ? kg::import_grailqa(text, sparql)
                                                                    : kg::import_cwq(text, sparql),
           path);
    }
    return true;
  }

  void use_defaults_if_no_inputs() {
    if (!metaqa_.empty() && templates_.empty()) {
      fs::path metaqa_templates = fs::path(CAQA_DEFAULT_DATA_DIR).parent_path() / "templates" / "metaqa_relations.tsv";
      if (fs::exists(metaqa_templates)) templates_ = metaqa_templates.string();
    }
    if (!kg_.empty() || !questions_.empty() || !metaqa_.empty() || !fb15k_.empty()) return;
    fs::path data = CAQA_DEFAULT_DATA_DIR;
    if (!fs::exists(data) && fs::exists("data/default")) data = "data/default";
    kg_ = {(data / "triples.tsv").string()};
    names_ = {(data / "names.tsv").string()};
    types_ = {(data / "types.tsv").string()};
    questions_ = {(data / "questions.jsonl").string()};
    if (templates_.empty()) templates_ = (data / "relation_templates.tsv").string();
  }

  // The file, kept (and hashed for the manifest) until the end; nullptr after printing why not.
  Input* read(const std::string& path) {
    std::string error;
    auto bytes = read_file(path, error);
    if (!bytes) {
      fmt::print(stderr, "caqa: {}\n", error);
      return nullptr;
    }
    inputs_.push_back(std::make_unique<Input>(Input{path, std::move(*bytes), {}}));
    inputs_.back()->sha256 = sha256_hex(inputs_.back()->bytes.bytes());
    return inputs_.back().get();
  }

  Json manifest_json(const kg::BuildResult& r, const kg::KnowledgeGraph& graph, const Json& outputs) const {
    Json m;
    m["tool"] = "caqa build";
    m["caqa_version"] = kVersion;
    m["seed"] = options_.seed;
    m["test_fraction"] = options_.test_fraction;
    m["verify"] = options_.verify;
    Json inputs = Json::array();
    for (const auto& in : inputs_)
      inputs.push_back(Json{{"path", fs::path(in->path).filename().string()}, {"sha256", in->sha256},
                            {"bytes", in->bytes.bytes().size()}});
    m["inputs"] = inputs;
    m["outputs"] = outputs;
    m["kg"] = Json{{"triples", graph.triple_count()}, {"entities", graph.entity_count()},
                   {"relations", graph.relation_count()}};
    const kg::BuildStats& st = r.stats;
    Json labels, complexities;
    for (Label l : kLabels)
      labels[std::string(label_name(l))] = Json{{"train", st.labels[index_of(l)][0]}, {"test", st.labels[index_of(l)][1]}};
    for (Complexity c : kComplexities)
      complexities[std::string(complexity_name(c))] =
          Json{{"train", st.complexities[index_of(c)][0]}, {"test", st.complexities[index_of(c)][1]}};
    m["counts"] = Json{{"questions", st.questions},
                       {"collected", st.collected},
                       {"samples", Json{{"train", st.samples[0]}, {"test", st.samples[1]}}},
                       {"labels", labels},
                       {"complexities", complexities},
                       {"extensions", Json{{"none", st.extensions[0]},
                                           {"union", st.extensions[1]},
                                           {"head_intersection", st.extensions[2]},
                                           {"answer_intersection", st.extensions[3]}}}};
    Json skipped = Json::object();
    for (const auto& [reason, n] : r.problems.counts()) {
      Json examples = Json::array();
      for (const auto& e : r.problems.examples(reason)) examples.push_back(e.detail.empty() ? e.where : e.where + ": " + e.detail);
      skipped[reason] = Json{{"count", n}, {"examples", examples}};
    }
    m["skipped"] = skipped;
    Json violations = Json::array();
    for (std::size_t i = 0; i < r.violations.size() && i < 20; ++i) violations.push_back(r.violations[i]);
    m["verification"] = Json{{"violations", r.violations.size()}, {"examples", violations}};
    return m;
  }

  void report(const kg::BuildResult& r) const {
    if (quiet_) return;
    fmt::print("{}", kg::statistics_markdown(r.stats));
    if (!r.problems.empty()) {
      fmt::print("\nskipped inputs ({}):\n", r.problems.total());
      for (const auto& [reason, n] : r.problems.counts()) {
        fmt::print("  {:>7}  {}", n, reason);
        const auto& ex = r.problems.examples(reason);
        if (!ex.empty()) fmt::print("  (e.g. {}{})", ex[0].where, ex[0].detail.empty() ? "" : ": " + ex[0].detail);
        fmt::print("\n");
      }
    }
    fmt::print("verification: {} violation(s){}\n", r.violations.size(), options_.verify ? "" : " (--no-verify)");
    for (std::size_t i = 0; i < r.violations.size() && i < 5; ++i) fmt::print("  {}\n", r.violations[i]);
  }

  std::vector<std::string> kg_, names_, types_, questions_;
  std::string metaqa_, fb15k_, webqsp_, grailqa_, cwq_;
  std::vector<int> metaqa_hops_{1, 2};
  std::size_t max_questions_ = 0;
  std::string relation_names_, templates_, out_ = "benchmark";
  kg::BuildOptions options_;
  bool strict_ = false, quiet_ = false;
  std::vector<std::unique_ptr<Input>> inputs_;
};

}  // namespace

std::unique_ptr<Command> add_build_command(CLI::App& app) { return std::make_unique<BuildCommand>(app); }

}  // namespace caqa::cli
