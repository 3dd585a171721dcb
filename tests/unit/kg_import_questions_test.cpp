// The importers on the hand-written samples in tests/fixtures/kg: MetaQA, FB15k-237,
// WebQSP, GrailQA and CWQ, mid normalisation, mediator marks and grounding.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "caqa/kg/import_fb15k.h"
#include "caqa/kg/import_metaqa.h"
#include "caqa/kg/import_sparql.h"
#include "kg_test_support.h"

namespace {

using namespace caqa::kg;
using caqa::test::pattern;

const std::filesystem::path kFixtures = std::filesystem::path(CAQA_SOURCE_DIR) / "tests" / "fixtures" / "kg";

// A fixture file's text, kept alive for the TextSource that points into it.
struct Fixture {
  std::string name, text;
  explicit Fixture(const std::string& relative) : name(relative) {
    std::ifstream in(kFixtures / relative, std::ios::binary);
    std::ostringstream s;
    s << in.rdbuf();
    text = s.str();
  }
  TextSource source() const { return {name, text}; }
};

const Question* find(const QuestionImport& import, const std::string& id) {
  for (const auto& q : import.questions)
    if (q.id == id) return &q;
  return nullptr;
}

// The question with this id, checked to be a one-pattern question with this text,
// source and answers; nullptr (and a failure) when it is not there.
const Question* expect_one_pattern(const QuestionImport& import, const std::string& id, const std::string& text,
                                   const std::string& source, const std::string& answer, const TriplePattern& p) {
  const Question* q = find(import, id);
  EXPECT_TRUE(q) << id;
  if (!q) return nullptr;
  EXPECT_EQ(q->text, text);
  EXPECT_EQ(q->source, source);
  EXPECT_EQ(q->answers, std::vector<std::string>{answer});
  EXPECT_EQ(q->query.patterns.size(), 1u);
  if (!q->query.patterns.empty()) EXPECT_EQ(q->query.patterns[0], p);
  return q;
}

std::size_t count(const ProblemCounts& counts, const std::string& reason) {
  auto it = counts.counts().find(reason);
  return it == counts.counts().end() ? 0 : it->second;
}

// Read and imported counts, each skipped question under one reason, and these reasons' counts.
void expect_import(const QuestionImport& import, std::size_t read, std::size_t imported,
                   std::initializer_list<std::pair<const char*, std::size_t>> reasons) {
  std::string summary = format_import_summary("import", import);
  EXPECT_EQ(import.read, read) << summary;
  EXPECT_EQ(import.imported(), imported) << summary;
  EXPECT_EQ(import.read, import.imported() + import.skipped.total()) << summary;
  for (const auto& [reason, n] : reasons) EXPECT_EQ(count(import.skipped, reason), n) << reason << "\n" << summary;
}

MemoryGraph metaqa_kg(ProblemCounts& problems) {
  Fixture triples("metaqa/kg/train.txt"), entities("metaqa/kg/entities.dict"), relations("metaqa/kg/relations.dict");
  MemoryGraphBuilder builder;
  MetaQaKgLoad load = add_metaqa_kg(builder, triples.source(), entities.source(), relations.source(), problems);
  EXPECT_EQ(load.triples, 9u);
  EXPECT_EQ(load.names, 9u);
  return builder.build();
}

MemoryGraph fb15k_kg(ProblemCounts& problems, Fb15kLoad* load_out = nullptr) {
  Fixture train("fb15k/train.txt"), valid("fb15k/valid.txt"), names("fb15k/entity2text.txt");
  MemoryGraphBuilder builder;
  const TextSource texts[] = {train.source(), valid.source()};
  Fb15kLoad load = add_fb15k237(builder, texts, names.source(), problems);
  if (load_out) *load_out = load;
  return builder.build();
}

TEST(KgImportMetaQa, LoadsTheKgFromIdTriplesAndDictionaries) {
  ProblemCounts problems;
  MemoryGraph kg = metaqa_kg(problems);
  EXPECT_EQ(count(problems, "unknown relation id"), 1u);
  EXPECT_EQ(count(problems, "triple line without 3 tab-separated fields"), 1u);
  auto jaws = kg.find_entity("0");
  ASSERT_TRUE(jaws);
  EXPECT_EQ(kg.entity_name(*jaws), "Jaws");
  auto directed_by = kg.find_relation("directed_by");
  ASSERT_TRUE(directed_by);
  EXPECT_TRUE(kg.has_triple({*jaws, *directed_by, *kg.find_entity("1")}));
  EXPECT_FALSE(kg.find_relation("0"));
}

TEST(KgImportMetaQa, HopsMapToRelationsAndDirections) {
  auto hop = metaqa_hop("movie", "director");
  ASSERT_TRUE(hop);
  EXPECT_EQ(hop->relation, "directed_by");
  EXPECT_TRUE(hop->from_movie);
  hop = metaqa_hop("tag", "movie");
  ASSERT_TRUE(hop);
  EXPECT_EQ(hop->relation, "has_tags");
  EXPECT_FALSE(hop->from_movie);
  EXPECT_EQ(metaqa_hop("movie", "imdbvotes")->relation, "has_imdb_votes");
  EXPECT_EQ(metaqa_hop("movie", "rating")->relation, "has_imdb_rating");
  EXPECT_FALSE(metaqa_hop("movie", "movie"));
  EXPECT_FALSE(metaqa_hop("actor", "director"));
  EXPECT_FALSE(metaqa_hop("movie", "composer"));
}

TEST(KgImportMetaQa, OneHopQuestions) {
  ProblemCounts problems;
  MemoryGraph kg = metaqa_kg(problems);
  Fixture qa("metaqa/qa/1hop.txt"), qtypes("metaqa/qa/1hop_qtype.txt");
  QuestionImport import = import_metaqa_questions(qa.source(), qtypes.source(), 1, kg);
  expect_import(import, 7, 4,
                {{"metaqa: topic entity not in the KG", 1},
                 {"metaqa: answer not in the KG", 1},
                 {"metaqa: no [topic entity] in the question", 1}});

  const Question* q = expect_one_pattern(import, "metaqa-1hop-000001", "who directed Jaws", "metaqa-1hop", "1",
                                         pattern("0", "directed_by", "?a"));
  ASSERT_TRUE(q);
  EXPECT_EQ(q->query.shape(), QueryShape::Single);

  q = find(import, "metaqa-1hop-000002");  // director_to_movie points into the director
  ASSERT_TRUE(q);
  EXPECT_EQ(q->query.patterns[0], pattern("?a", "directed_by", "1"));
  EXPECT_EQ(q->answers, (std::vector<std::string>{"0", "5", "6"}));

  q = find(import, "metaqa-1hop-000007");  // names are case-sensitive: the tag "jaws", not the film
  ASSERT_TRUE(q);
  EXPECT_EQ(q->query.patterns[0], pattern("?a", "has_tags", "8"));
  EXPECT_EQ(ground_questions(import.questions, kg).grounded, import.imported());
}

TEST(KgImportMetaQa, TwoHopQuestionsArePaths) {
  ProblemCounts problems;
  MemoryGraph kg = metaqa_kg(problems);
  Fixture qa("metaqa/qa/2hop.txt"), qtypes("metaqa/qa/2hop_qtype.txt");
  QuestionImport import = import_metaqa_questions(qa.source(), qtypes.source(), 2, kg, "dev");
  expect_import(import, 4, 2,
                {{"metaqa: unknown qtype hop", 1}, {"metaqa: qtype hop count differs from the file's", 1}});
  EXPECT_EQ(count(import.input, "metaqa: qtype line without a question"), 1u);

  const Question* q = find(import, "metaqa-2hop-dev-000001");
  ASSERT_TRUE(q);
  EXPECT_EQ(q->source, "metaqa-2hop");
  ASSERT_EQ(q->query.patterns.size(), 2u);
  EXPECT_EQ(q->query.patterns[0], pattern("0", "directed_by", "?v1"));
  EXPECT_EQ(q->query.patterns[1], pattern("?a", "directed_by", "?v1"));
  EXPECT_EQ(q->query.shape(), QueryShape::Path);
  q = find(import, "metaqa-2hop-dev-000002");
  ASSERT_TRUE(q);
  EXPECT_EQ(q->query.patterns[0], pattern("?v1", "directed_by", "1"));
  EXPECT_EQ(q->query.patterns[1], pattern("?v1", "in_language", "?a"));
  GroundingReport report = ground_questions(import.questions, kg);
  EXPECT_EQ(report.grounded, 2u) << format_grounding_report("metaqa", report);
}

TEST(KgImportFb15k, MidsNormaliseToTheDottedForm) {
  EXPECT_EQ(normalize_freebase_id("/m/0abc"), "m.0abc");
  EXPECT_EQ(normalize_freebase_id("/g/11b6"), "g.11b6");
  EXPECT_EQ(normalize_freebase_id("m.0abc"), "m.0abc");
  EXPECT_EQ(normalize_freebase_id("ns:m.0abc"), "m.0abc");
  EXPECT_EQ(normalize_freebase_id("http://rdf.freebase.com/ns/m.0abc"), "m.0abc");
  EXPECT_EQ(normalize_freebase_id("/film/film/genre"), "/film/film/genre");
  EXPECT_EQ(normalize_freebase_id("/m/0abc/x"), "/m/0abc/x");
  EXPECT_TRUE(is_freebase_mid("m.0_hb"));
  EXPECT_TRUE(is_freebase_mid("g.11x1nz095"));
  EXPECT_FALSE(is_freebase_mid("/m/0abc"));
  EXPECT_FALSE(is_freebase_mid("m."));
  EXPECT_FALSE(is_freebase_mid("film.film.genre"));
}

TEST(KgImportFb15k, LoadsTriplesAndNamesOfUsedEntities) {
  ProblemCounts problems;
  Fb15kLoad load;
  MemoryGraph kg = fb15k_kg(problems, &load);
  EXPECT_EQ(load.triples, 5u);
  EXPECT_EQ(load.named, 6u);
  EXPECT_EQ(load.names_unused, 1u);
  EXPECT_EQ(count(problems, "fb15k: line without 3 tab-separated fields"), 1u);
  EXPECT_EQ(count(problems, "fb15k: entity that is not a Freebase mid"), 1u);
  auto jaws = kg.find_entity("m.0jaws");
  ASSERT_TRUE(jaws);
  EXPECT_EQ(kg.entity_name(*jaws), "Jaws");
  EXPECT_FALSE(kg.find_entity("/m/0jaws"));
  EXPECT_FALSE(kg.find_entity("m.0unused"));
  EXPECT_TRUE(kg.find_relation("/people/person/education./education/education/institution"));
  EXPECT_TRUE(kg.find_relation("/film/film/directed_by"));  // no '\r' left from CRLF
}

TEST(KgImportWebQsp, ImportsFirstParseWithAnswersAndMarksCvtChains) {
  Fixture webqsp("sparql/webqsp.jsonl");
  QuestionImport import = import_webqsp(webqsp.source());
  expect_import(import, 9, 5,
                {{"sparql: ORDER BY", 1},
                 {"webqsp: literal answer", 1},
                 {"webqsp: no parse with answers", 1},
                 {"webqsp: malformed JSON line", 1}});

  const Question* q = expect_one_pattern(import, "WebQTest-1", "who directed jaws?", "webqsp", "m.0spiel",
                                         pattern("m.0jaws", "film.film.directed_by", "?a"));
  ASSERT_TRUE(q);
  EXPECT_FALSE(is_cvt_mediated(*q));
  EXPECT_EQ(hop_count(*q), 1u);

  q = find(import, "WebQTest-2");  // a CVT with a constraint: three patterns, one hop
  ASSERT_TRUE(q);
  EXPECT_EQ(q->source, "webqsp+cvt:?v1");
  EXPECT_EQ(source_dataset(*q), "webqsp");
  EXPECT_EQ(cvt_variables(*q), std::vector<std::string>{"?v1"});
  ASSERT_EQ(q->query.patterns.size(), 3u);
  EXPECT_EQ(q->query.patterns[1], pattern("?v1", "film.performance.character", "?a"));
  EXPECT_EQ(hop_count(*q), 1u);

  q = find(import, "WebQTest-3");  // the second parse: the first has no answers
  ASSERT_TRUE(q);
  EXPECT_EQ(q->query.patterns.size(), 2u);
  EXPECT_EQ(q->query.shape(), QueryShape::Path);
  EXPECT_TRUE(is_cvt_mediated(*q));
  EXPECT_EQ(hop_count(*q), 1u);
}

TEST(KgImportGrailQa, ImportsTheBgpSubsetAndMarksMediatorsWithAKg) {
  Fixture grailqa("sparql/grailqa.jsonl");
  QuestionImport import = import_grailqa(grailqa.source());
  expect_import(import, 4, 1,
                {{"sparql: aggregate (COUNT/MAX/MIN/GROUP BY)", 1},
                 {"sparql: FILTER other than != or language", 1},
                 {"grailqa: literal answer", 1}});
  const Question& q = import.questions.at(0);
  EXPECT_EQ(q.id, "grailqa-101");
  EXPECT_EQ(q.source, "grailqa");  // no KG: mediators cannot be told
  EXPECT_EQ(q.query.patterns, (std::vector<TriplePattern>{pattern("?a", "film.film.directed_by", "m.0spiel"),
                                                          pattern("m.0roy", "film.actor.film", "?v1"),
                                                          pattern("?v1", "film.performance.film", "?a")}));

  ProblemCounts problems;
  MemoryGraph kg = fb15k_kg(problems);
  SparqlImportOptions options;
  options.kg = &kg;
  QuestionImport with_kg = import_grailqa(grailqa.source(), options);
  ASSERT_EQ(with_kg.imported(), 1u);
  EXPECT_EQ(with_kg.questions[0].source, "grailqa+cvt:?v1");  // folded into /film/actor/film./film/performance/film
  EXPECT_EQ(ground_questions(with_kg.questions, kg).grounded, 1u);
}

TEST(KgImportCwq, ResolvesAnswerNamesThroughWebQsp) {
  Fixture webqsp("sparql/webqsp.jsonl"), cwq("sparql/cwq.jsonl");
  ProblemCounts problems;
  AnswerNameIndex names = webqsp_answer_names(webqsp.source(), problems);
  EXPECT_EQ(count(problems, "webqsp: malformed JSON line"), 1u);
  EXPECT_EQ(names.find("WebQTest-3", "Franklin & Marshall College"), std::vector<std::string>{"m.0fandm"});

  QuestionImport without = import_cwq(cwq.source());
  expect_import(without, 4, 0, {{"cwq: answer name not resolved to a mid", 2}});

  MemoryGraph kg = fb15k_kg(problems);
  SparqlImportOptions options;
  options.answer_names = &names;
  options.kg = &kg;
  QuestionImport import = import_cwq(cwq.source(), options);
  expect_import(import, 4, 1,
                {{"cwq: answer name not resolved to a mid", 1}, {"cwq: literal answer", 1}, {"sparql: ORDER BY", 1}});
  const Question& q = import.questions.at(0);
  EXPECT_EQ(q.answers, std::vector<std::string>{"m.0fandm"});
  // ?v1 is the actor (named in the KG); ?v2 and ?v3 fold into compressed CVT relations.
  EXPECT_EQ(q.source, "cwq+cvt:?v2,?v3");
  EXPECT_EQ(hop_count(q), 2u);
  EXPECT_EQ(ground_question(q, kg).status, GroundingStatus::Grounded);
}

TEST(KgImportGrounding, CountsEachQuestionUnderOneReason) {
  Fixture webqsp("sparql/webqsp.jsonl");
  ProblemCounts problems;
  MemoryGraph kg = fb15k_kg(problems);
  QuestionImport import = import_webqsp(webqsp.source());
  GroundingReport report = ground_questions(import.questions, kg);
  std::string text = format_grounding_report("webqsp", report);
  EXPECT_EQ(report.questions, 5u) << text;
  EXPECT_EQ(report.grounded, 2u) << text;
  EXPECT_EQ(report.grounded_through_compressed_cvt, 1u) << text;
  EXPECT_EQ(count(report.not_grounded, "unknown entity"), 1u) << text;
  EXPECT_EQ(count(report.not_grounded, "unknown relation"), 1u) << text;
  EXPECT_EQ(count(report.not_grounded, "no answer in KG: none of the question's answers"), 1u) << text;
  EXPECT_NE(text.find("(e.g. WebQTest-8: m.0deep)"), std::string::npos) << text;

  Grounding g = ground_question(*find(import, "WebQTest-9"), kg);
  EXPECT_EQ(g.answers.size(), 2u);  // Jaws and E.T., not Duel
  EXPECT_EQ(g.gold_answers_found, 0u);
}

TEST(KgImportGrounding, StopsAtTheStepLimit) {
  ProblemCounts problems;
  MemoryGraph kg = fb15k_kg(problems);
  Question q{"q",
             "",
             {"m.0spiel"},
             {{pattern("?v1", "/film/film/language", "?v2"), pattern("?v3", "/film/film/directed_by", "?a")}},
             ""};
  GroundingOptions options;
  options.max_steps = 3;
  EXPECT_EQ(ground_question(q, kg, options).status, GroundingStatus::EvaluationLimit);
  EXPECT_EQ(ground_question(q, kg).status, GroundingStatus::Grounded);
}

}  // namespace
