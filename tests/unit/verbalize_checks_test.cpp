// The checks of generated text (caqa/verbalize/text_checks.h), the KG name index they
// search with, and the build's text stage (text_stage.h) with a rewriter in-process.
#include <gtest/gtest.h>

#include "caqa/kg/memory_graph.h"
#include "caqa/verbalize/entity_name_index.h"
#include "caqa/verbalize/text_check_report.h"
#include "caqa/verbalize/text_stage.h"

namespace {

using namespace caqa;
using namespace caqa::verbalize;

EntityNameIndex film_names() {
  return EntityNameIndex(std::vector<std::string>{"Jaws", "Steven Spielberg", "Steven", "John Williams", "Roy Scheider",
                                                  "Her", "Comedy", "U.S.", "E.T."});
}

TEST(EntityNameIndex, FindsTheLongestNamesOnWords) {
  EntityNameIndex index = film_names();
  EXPECT_EQ(index.size(), 8u);  // "Her" is a stop word: it would be found in every sentence
  auto found = index.find("Jaws, by Steven Spielberg, has music by John Williams; Steven liked her comedy in the U.S.");
  std::vector<std::string> names(found.begin(), found.end());
  EXPECT_EQ(names, (std::vector<std::string>{"Jaws", "Steven Spielberg", "John Williams", "Steven", "U.S"}));
  EXPECT_TRUE(index.find("Jawsome Stevens").empty());  // whole words only
  EXPECT_EQ(EntityNameIndex::key("E.T."), "E T");
}

TEST(EntityNameIndex, IndexesTheNamedEntitiesOfAGraph) {
  kg::MemoryGraphBuilder b;
  b.add_triple("film/jaws", "directed_by", "person/spielberg");
  b.add_triple("film/jaws", "music_by", "person/unnamed");
  b.set_name("film/jaws", "Jaws");
  b.set_name("person/spielberg", "Steven Spielberg");
  kg::MemoryGraph graph = b.build();
  EntityNameIndex index(graph);
  EXPECT_EQ(index.size(), 2u);  // keys are not text
  EXPECT_TRUE(index.find("person unnamed").empty());
}

TEST(TextChecks, CitationVerdicts) {
  EntityNameIndex index = film_names();
  TextNames names = citation_names({"Jaws", "Steven Spielberg"}, {"Roy Scheider"});
  TextCheck good = check_text("Jaws was directed by Steven Spielberg and starred Roy Scheider.", names, index);
  EXPECT_EQ(good.coverage, Coverage::FullCoverage);
  EXPECT_TRUE(good.passed());
  TextCheck absent = check_text("Jaws was directed by a famous director. John Williams scored it.", names, index);
  EXPECT_EQ(absent.coverage, Coverage::Absent);  // absent first, though it also names John Williams
  EXPECT_NE(std::find(absent.reasons.begin(), absent.reasons.end(), "hallucinated: John Williams"),
            absent.reasons.end());
  TextCheck hallucinated =
      check_text("Jaws was directed by Steven Spielberg, with music by John Williams.", names, index);
  EXPECT_EQ(hallucinated.coverage, Coverage::Hallucinated);
  EXPECT_FALSE(hallucinated.passed());
  TextCheck sloppy = check_text("Jaws was directed by Steven Spielberg, a american director.", names, index);
  EXPECT_EQ(sloppy.coverage, Coverage::FullCoverage);
  EXPECT_FALSE(sloppy.passed());  // the lint fails it
  EXPECT_EQ(sloppy.reasons, std::vector<std::string>{"lint: a_an"});
  // Case: presence ignores it; a lower-case common word is no KG name.
  EXPECT_TRUE(check_text("jaws was directed by steven spielberg, a comedy.", names, index).coverage ==
              Coverage::FullCoverage);
}

TEST(TextChecks, QuestionsNeverNameTheAnswer) {
  EntityNameIndex index = film_names();
  TextNames names = question_names({"Jaws"}, "Who directed Jaws?", {"Steven Spielberg"}, index);
  EXPECT_TRUE(check_text("Who directed the film Jaws?", names, index).passed());
  TextCheck leak = check_text("Did Steven Spielberg direct Jaws?", names, index);
  EXPECT_EQ(leak.coverage, Coverage::Hallucinated);
  EXPECT_NE(std::find(leak.reasons.begin(), leak.reasons.end(), "names the answer: Steven Spielberg"),
            leak.reasons.end());
  EXPECT_EQ(check_text("Who directed it?", names, index).coverage, Coverage::Absent);
  // A question that asks about its answer names it (issue 42: "Which came out first, Jaws
  // or E.T.?"): an answer among the query's names is required, not forbidden.
  TextNames choice = question_names({"Jaws", "E.T."}, "Which came out first, Jaws or E.T.?", {"Jaws"}, index);
  EXPECT_TRUE(check_text("Which film came out first, Jaws or E.T.?", choice, index).passed());
}

TEST(TextChecks, AnswersNameEveryAnswer) {
  EntityNameIndex index = film_names();
  TextNames names =
      answer_names({"Steven Spielberg", "John Williams"}, {"Jaws"}, "Who made Jaws with Roy Scheider?", index);
  EXPECT_TRUE(check_text("Steven Spielberg and John Williams made Jaws with Roy Scheider [1].", names, index).passed());
  EXPECT_EQ(check_text("Steven Spielberg made Jaws [1].", names, index).coverage, Coverage::Absent);
  EXPECT_EQ(check_text("Steven Spielberg and John Williams made E.T. [1].", names, index).coverage,
            Coverage::Hallucinated);
}

// Two questions, four samples: a rewriter that answers well, leaves a name out, names a
// stranger or says nothing; the stage keeps only what passes and counts the rest.
TEST(TextStage, KeepsWhatPassesAndCountsTable8) {
  kg::MemoryGraphBuilder b;
  b.add_triple("film/jaws", "directed_by", "person/spielberg");
  b.add_triple("film/jaws", "music_by", "person/williams");
  b.add_triple("film/et", "directed_by", "person/spielberg");
  b.add_triple("person/scheider", "acted_in", "film/jaws");
  for (auto [key, name] : std::vector<std::pair<std::string, std::string>>{{"film/jaws", "Jaws"},
                                                                           {"film/et", "E.T."},
                                                                           {"person/spielberg", "Steven Spielberg"},
                                                                           {"person/williams", "John Williams"},
                                                                           {"person/scheider", "Roy Scheider"}})
    b.set_name(key, name);
  kg::MemoryGraph graph = b.build();
  auto id = [&](std::string_view key) { return *graph.find_entity(key); };
  const kg::Triple jaws_by = {id("film/jaws"), 0, id("person/spielberg")};
  const kg::Triple et_by = {id("film/et"), 0, id("person/spielberg")};
  std::vector<kg::BenchmarkSample> samples(4);
  for (std::size_t i = 0; i < samples.size(); ++i) {
    kg::BenchmarkSample& s = samples[i];
    s.id = "s" + std::to_string(i);
    bool first = i < 2;
    s.source_question = first ? "q1" : "q2";
    s.texts = std::make_shared<const kg::QuestionTexts>(kg::QuestionTexts{
        first ? "Who directed Jaws?" : "Who directed E.T.?", "", {first ? "Jaws" : "E.T."}, {"Steven Spielberg"}});
    s.question = "grammar question " + s.source_question;
    s.answer = "grammar answer";
    s.citation = "grammar citation";
    s.evidence = {first ? jaws_by : et_by};
  }
  TextRewriter rewriter;
  rewriter.name = "test";
  std::size_t calls = 0;
  rewriter.rewrite = [&](const std::vector<TextRequest>& requests) {
    ++calls;
    std::vector<std::optional<std::string>> out;
    for (const TextRequest& r : requests) {
      const std::string film = r.task == TextTask::Citation ? r.triples[0][0] : r.query.empty() ? "" : r.query;
      switch (r.task) {
        case TextTask::Citation:
          out.push_back(film == "Jaws" ? "Jaws was directed by Steven Spielberg."     // s0, s1: good
                                       : "E.T. was directed by a famous director.");  // s2, s3: absent
          break;
        case TextTask::Question:
          out.push_back(r.source_question == "Who directed Jaws?" ? std::optional<std::string>("Who made Jaws?")
                                                                  : "Who made E.T. with John Williams?");
          break;
        case TextTask::Answer:
          if (r.question == "Who made Jaws?")
            out.push_back("Steven Spielberg made Jaws.");
          else
            out.push_back(std::nullopt);  // no reply
          break;
      }
    }
    return out;
  };
  TextCheckReport report;
  rewrite_texts(samples, graph, EntityNameIndex(graph), rewriter, report);
  EXPECT_EQ(calls, 2u);  // citations and questions, then answers about the questions as written
  EXPECT_EQ(samples[0].citation, "[1] Jaws was directed by Steven Spielberg.");
  EXPECT_EQ(samples[2].citation, "grammar citation");
  EXPECT_EQ(samples[0].question, "Who made Jaws?");
  EXPECT_EQ(samples[1].question, "Who made Jaws?");  // once per question, shared by its labels
  EXPECT_EQ(samples[2].question, "grammar question q2");
  EXPECT_EQ(samples[1].answer, "Steven Spielberg made Jaws [1].");
  EXPECT_EQ(samples[3].answer, "grammar answer");
  const TaskChecks& c = report.generated[0];
  EXPECT_EQ(c.requested, 4u);
  EXPECT_EQ(c.coverage, (std::array<std::size_t, 3>{2, 2, 0}));
  EXPECT_EQ(c.fell_back, 2u);
  const TaskChecks& q = report.generated[1];
  EXPECT_EQ(q.requested, 2u);
  EXPECT_EQ(q.coverage, (std::array<std::size_t, 3>{1, 0, 1}));
  EXPECT_EQ(q.fell_back, 1u);
  const TaskChecks& a = report.generated[2];
  EXPECT_EQ(a.returned, 1u);
  EXPECT_EQ(a.fell_back, 1u);
  lint_samples(samples, graph, report);
  std::string md = text_checks_markdown(report);
  EXPECT_NE(md.find("| citation | 4 | 4 | 2 | 2 | 0 | 0 | 2 |"), std::string::npos) << md;
  auto json = text_checks_json(report);
  EXPECT_EQ(json["generated"]["question"]["hallucinated"], 1);
  EXPECT_EQ(json["lint"]["question"]["lowercase_start"], 1);  // "grammar question q2", once for its two samples
}

}  // namespace
