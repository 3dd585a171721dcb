// The importers on the real datasets in ../shared/data (not in the repository; each
// test is skipped with the reason when its files are absent): MetaQA 1/2/3-hop against
// the MetaQA KG, WebQSP / GrailQA / CWQ, and WebQSP grounded in FB15k-237 (extracted from
// its tar.gz with `tar`). The counts are printed; docs/importers.md quotes them.
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>

#include <unistd.h>

#include "caqa/kg/import_fb15k.h"
#include "caqa/kg/import_metaqa.h"
#include "caqa/kg/import_sparql.h"

namespace {

using namespace caqa::kg;
namespace fs = std::filesystem;

const fs::path kData = fs::path(CAQA_SOURCE_DIR) / ".." / "shared" / "data";

std::optional<std::string> read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// Declares TextSource `var` over the file's text, or skips the test when it is absent.
#define READ_OR_SKIP(var, file)                                                                         \
  const fs::path var##_path = (file);                                                                   \
  auto var##_text = read_file(var##_path);                                                              \
  if (!var##_text) GTEST_SKIP() << var##_path << " is absent (real data stays outside the repository)"; \
  const TextSource var { var##_path.filename().string(), *var##_text }

std::string shapes_and_mediators(const QuestionImport& import) {
  std::map<std::string, std::size_t> shapes;
  std::size_t cvt = 0;
  std::map<std::size_t, std::size_t> hops;
  for (const auto& q : import.questions) {
    auto shape = q.query.shape();
    ++shapes[shape ? std::string(query_shape_name(*shape)) : "other"];
    cvt += is_cvt_mediated(q);
    ++hops[hop_count(q)];
  }
  std::string out = "  shapes:";
  for (const auto& [name, n] : shapes) out += " " + name + " " + std::to_string(n);
  out += "; CVT-mediated " + std::to_string(cvt) + "; hops (CVT = one):";
  for (const auto& [h, n] : hops) out += " " + std::to_string(h) + ":" + std::to_string(n);
  return out + "\n";
}

// Prints the import; checks the count read, each skipped question under one reason, a
// floor on the imported count and that `reason` was met.
void check(const std::string& name, const QuestionImport& import, std::size_t read, std::size_t min_imported,
           const std::string& reason) {
  std::string summary = format_import_summary(name, import);
  std::cout << summary << shapes_and_mediators(import);
  EXPECT_EQ(import.read, read) << summary;
  EXPECT_EQ(import.read, import.imported() + import.skipped.total()) << summary;
  EXPECT_GE(import.imported(), min_imported) << summary;
  EXPECT_TRUE(import.skipped.counts().count(reason)) << reason;
}

// FB15k-237 from its tarball, loaded once for the tests that ground in it.
struct Fb15k {
  std::optional<MemoryGraph> kg;
  std::string why_not;
};

const Fb15k& fb15k() {
  static const Fb15k loaded = [] {
    Fb15k f;
    fs::path tarball = kData / "fb15k-237" / "FB15k-237.tar.gz";
    auto names = read_file(kData / "fb15k-237" / "entity2text.txt");
    if (!fs::exists(tarball) || !names) return f.why_not = tarball.string() + " or entity2text.txt is not present", f;
    if (std::system("command -v tar >/dev/null 2>&1") != 0) return f.why_not = "tar is not available", f;
    fs::path dir = fs::temp_directory_path() / ("caqa_fb15k_" + std::to_string(::getpid()));
    fs::create_directories(dir);
    std::string command = "tar -xzf '" + tarball.string() + "' -C '" + dir.string() + "'";
    if (std::system(command.c_str()) != 0) return f.why_not = "tar failed: " + command, f;
    std::vector<std::string> texts;
    for (const char* split : {"train.txt", "valid.txt", "test.txt"}) {
      fs::path found;
      for (const auto& entry : fs::recursive_directory_iterator(dir))
        if (entry.path().filename() == split) found = entry.path();
      if (auto text = read_file(found)) texts.push_back(std::move(*text));
    }
    fs::remove_all(dir);
    if (texts.size() != 3) return f.why_not = "the tarball lacks train/valid/test.txt", f;
    std::vector<TextSource> sources = {{"train.txt", texts[0]}, {"valid.txt", texts[1]}, {"test.txt", texts[2]}};
    MemoryGraphBuilder builder;
    ProblemCounts problems;
    Fb15kLoad load = add_fb15k237(builder, sources, {"entity2text.txt", *names}, problems);
    f.kg = builder.build();
    std::cout << "fb15k-237: " << load.triples << " triple lines, " << f.kg->triple_count() << " triples, "
              << f.kg->entity_count() << " entities, " << f.kg->relation_count() << " relations, " << load.named
              << " named, " << load.names_unused << " names unused, " << problems.total() << " problems\n";
    return f;
  }();
  return loaded;
}

TEST(KgImportRealData, MetaQaAllHopsAgainstTheMetaQaKg) {
  const fs::path dir = kData / "metaqa";
  READ_OR_SKIP(triples, dir / "kg" / "train.txt");
  READ_OR_SKIP(entities, dir / "kg" / "entities.dict");
  READ_OR_SKIP(relations, dir / "kg" / "relations.dict");
  MemoryGraphBuilder builder;
  ProblemCounts problems;
  MetaQaKgLoad load = add_metaqa_kg(builder, triples, entities, relations, problems);
  MemoryGraph kg = builder.build();
  EXPECT_TRUE(problems.empty());
  EXPECT_EQ(kg.triple_count(), 133582u);  // SOURCE.md: unique triples
  EXPECT_EQ(load.names, 43234u);
  EXPECT_EQ(kg.relation_count(), 9u);
  const std::size_t expected_read[] = {9947, 14872, 14274};
  for (int hops = 1; hops <= 3; ++hops) {
    const fs::path qa = dir / "qa" / (std::to_string(hops) + "-hop");
    READ_OR_SKIP(questions, qa / "test.txt");
    READ_OR_SKIP(qtypes, qa / "qa_test_qtype.txt");
    QuestionImport import = import_metaqa_questions(questions, qtypes, hops, kg);
    std::string name = "metaqa-" + std::to_string(hops) + "hop";
    // Every 1- and 2-hop question imports; 3-hop ones are reported (all import too).
    std::cout << format_import_summary(name, import) << shapes_and_mediators(import);
    EXPECT_EQ(import.read, expected_read[hops - 1]);
    EXPECT_EQ(import.read, import.imported() + import.skipped.total());
    EXPECT_TRUE(import.input.empty());
    if (hops < 3) EXPECT_EQ(import.imported(), import.read) << format_import_summary(name, import);
    GroundingReport report = ground_questions(import.questions, kg);
    std::cout << format_grounding_report(name + " in the MetaQA KG", report);
    EXPECT_EQ(report.grounded, import.imported());
  }
}

TEST(KgImportRealData, WebQspGrailQaCwqImportAndGroundInFb15k237) {
  READ_OR_SKIP(webqsp, kData / "webqsp" / "WebQSP.test.jsonl");
  READ_OR_SKIP(grailqa, kData / "grailqa" / "grailqa.dev1000.jsonl");
  READ_OR_SKIP(cwq, kData / "cwq" / "cwq.test.jsonl");
  const Fb15k& fb = fb15k();
  if (!fb.kg) std::cout << "fb15k-237 not loaded (" << fb.why_not << "): importing without a KG\n";
  SparqlImportOptions options;
  options.kg = fb.kg ? &*fb.kg : nullptr;

  QuestionImport w = import_webqsp(webqsp, options);
  check("webqsp", w, 1639, 1300, "sparql: ORDER BY");
  EXPECT_EQ(w.skipped.counts().at("webqsp: no parse with answers"), 11u);  // SOURCE.md

  QuestionImport g = import_grailqa(grailqa, options);
  check("grailqa", g, 1000, 900, "sparql: aggregate (COUNT/MAX/MIN/GROUP BY)");

  ProblemCounts problems;
  AnswerNameIndex names = webqsp_answer_names(webqsp, problems);
  options.answer_names = &names;
  QuestionImport c = import_cwq(cwq, options);
  check("cwq", c, 3531, 500, "sparql: ORDER BY");

  if (!fb.kg) GTEST_SKIP() << "no grounding: " << fb.why_not;
  GroundingReport report = ground_questions(w.questions, *fb.kg);
  std::cout << format_grounding_report("webqsp in fb15k-237", report);
  EXPECT_EQ(report.questions, w.imported());
  EXPECT_GT(report.grounded, 100u);
  EXPECT_GT(report.grounded_through_compressed_cvt, 0u);
  std::cout << format_grounding_report("grailqa in fb15k-237", ground_questions(g.questions, *fb.kg));
  std::cout << format_grounding_report("cwq in fb15k-237", ground_questions(c.questions, *fb.kg));
}

}  // namespace
