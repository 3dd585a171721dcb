// caqa build --verbalizer llm against the fake OpenAI-compatible server (fake_verbalizer.h
// plants good, incomplete and hallucinating texts): Table 8 and the fallbacks exactly as
// planted, the cache answering a second run, a killed run resuming without repeating an
// answered request; and the default (grammar) build reporting its lint.
#include <gtest/gtest.h>

#include <iostream>

#include <array>
#include <fstream>
#include <set>

#include "eval_test_util.h"
#include "fake_openai.h"

namespace {

using namespace caqa::eval::testing;
using Json = nlohmann::json;

// Films, their directors and composers, where those were born; and the bait, a name of
// the KG in a relation of its own that no question or padding reaches. `later`: release
// years, genres and the cities' country too, the embedded KG's relation names and tables,
// and the two relations the negation level may ask along.
struct SmallKg {
  TempDir dir;
  bool later;
  explicit SmallKg(bool later_levels = false) : later(later_levels) {
    const std::string born = later ? "place_of_birth" : "born_in";
    const std::array<std::string, 4> directors = {"Ava Stone", "Ben Carter", "Cleo Park", "Dan Hale"};
    const std::array<std::string, 4> cities = {"Boston", "Denver", "Austin", "Tampa"};
    std::ofstream kg(dir.file("kg.tsv")), names(dir.file("names.tsv")), types(dir.file("types.tsv")),
        questions(dir.file("questions.jsonl"));
    for (std::size_t i = 0; i < 4; ++i) {
      std::string p = "person/p" + std::to_string(i), c = "city/c" + std::to_string(i);
      kg << p << "\t" << born << "\t" << c << "\n";
      if (later) kg << c << "\tlocated_in\tcountry/us\n" << p << "\toccupation\tjob/director\n";
      names << p << "\t" << directors[i] << "\n" << c << "\t" << cities[i] << "\n";
      types << p << "\tperson\n" << c << "\tcity\n";
    }
    for (std::size_t f = 0; f < 12; ++f) {
      std::string film = "film/f" + std::to_string(f), title = "Film Number " + std::to_string(f + 1);
      std::string director = "person/p" + std::to_string(f % 4), composer = "person/p" + std::to_string((f + 1) % 4);
      kg << film << "\tdirected_by\t" << director << "\n" << film << "\tmusic_by\t" << composer << "\n";
      names << film << "\t" << title << "\n";
      types << film << "\tfilm\n";
      if (later) {
        // Two films a year, so a year is named by a fact other than a compared one.
        const std::string year = std::to_string(1980 + f % 6);
        kg << film << "\trelease_year\tyear/" << year << "\n" << film << "\tgenre\tgenre/g" << f % 3 << "\n";
        names << "year/" << year << "\t" << year << "\ngenre/g" << f % 3 << "\tGenre " << f % 3 << "\n";
        types << "year/" << year << "\tyear\ngenre/g" << f % 3 << "\tgenre\n";
      }
      questions << Json{{"id", "d" + std::to_string(f)},
                        {"question", "Who directed " + title + "?"},
                        {"answers", {director}},
                        {"query", {{film, "directed_by", "?a"}}}}
                       .dump()
                << "\n"
                << Json{{"id", "b" + std::to_string(f)},
                        {"question", "Where was the director of " + title + " born?"},
                        {"query", {{film, "directed_by", "?v1"}, {"?v1", born, "?a"}}}}
                       .dump()
                << "\n";
    }
    kg << "thing/bait\tbait_of\tthing/hook\n";
    names << "thing/bait\t" << kBait << "\nthing/hook\tFishing Hook\n";
    if (later) {
      names << "country/us\tUnited States\njob/director\tfilm director\n";
      types << "country/us\tcountry\njob/director\toccupation\n";
      std::ofstream(dir.file("negatable.tsv")) << "place_of_birth\tone place\nrelease_year\tone year\n";
    }
  }
  std::vector<std::string> args(const std::string& out) const {
    std::vector<std::string> a = {"build",
                                  "--kg",
                                  dir.file("kg.tsv"),
                                  "--names",
                                  dir.file("names.tsv"),
                                  "--types",
                                  dir.file("types.tsv"),
                                  "--questions",
                                  dir.file("questions.jsonl"),
                                  "-o",
                                  out,
                                  "-q"};
    if (later)
      for (const std::string& more : {std::string("--negatable"), dir.file("negatable.tsv"), std::string("--templates"),
                                      kRoot + "/data/default/relation_templates.tsv", std::string("--query-templates"),
                                      kRoot + "/data/default/query_templates.tsv"})
        a.push_back(more);
    return a;
  }
  std::vector<std::string> llm_args(const std::string& out, const std::string& url, const std::string& cache) const {
    auto a = args(out);
    for (const std::string& more :
         {"--verbalizer", "llm", "--endpoint", url.c_str(), "--model", "fake-judge", "--cache", cache.c_str()})
      a.push_back(more);
    return a;
  }
};

std::size_t line_count(const std::string& path) { return lines_of(slurp(path)).size(); }

TEST(VerbalizeLlm, Table8AndFallbacksAsPlantedThenAllFromTheCache) {
  SmallKg kg;
  FakeOpenAI server;
  const std::string cache = kg.dir.file("cache.jsonl");
  ASSERT_EQ(run_caqa(kg.llm_args(kg.dir.file("a"), server.url(), cache)), 0);
  Json checks = Json::parse(slurp(kg.dir.file("a/manifest.json")))["text_checks"];
  EXPECT_EQ(checks["verbalizer"], "llm/fake-judge");
  EXPECT_EQ(checks["about"]["prompt.verbalize_citation.sha256"].get<std::string>().size(), 64u);
  // What was planted, from the prompts the server saw (each sent once).
  std::map<std::string, std::array<std::size_t, 3>> expected;
  const char* names[] = {"", "citation", "question", "answer"};
  for (const auto& [prompt, n] : server.counts()) {
    EXPECT_EQ(n, 1) << prompt;
    VerbalizeTask task = verbalize_task(prompt);
    ASSERT_NE(task, VerbalizeTask::None);
    ++expected[names[static_cast<int>(task)]][static_cast<int>(planted(prompt))];
  }
  for (const char* task : {"citation", "question", "answer"}) {
    const Json& t = checks["generated"][task];
    std::cout << "Table 8, " << task << ": full coverage " << t["full_coverage"] << ", absent " << t["absent"]
              << ", hallucinated " << t["hallucinated"] << ", fell back " << t["fell_back"] << "\n";
    auto e = expected[task];
    EXPECT_GT(e[0] * e[1] * e[2], 0u) << task << ": every kind planted";
    EXPECT_EQ(t["requested"], e[0] + e[1] + e[2]) << task;
    EXPECT_EQ(t["full_coverage"], e[0]) << task;
    EXPECT_EQ(t["absent"], e[1]) << task;
    EXPECT_EQ(t["hallucinated"], e[2]) << task;
    EXPECT_EQ(t["fell_back"], e[1] + e[2]) << task;
  }
  std::string statistics = slurp(kg.dir.file("a/statistics.md"));
  EXPECT_NE(
      statistics.find("| Task | Requested | Returned | Full coverage | Absent | Hallucinated | Lint | Fell back |"),
      std::string::npos);
  // Good texts are used, planted failures never reach a sample.
  std::string samples = slurp(kg.dir.file("a/train.jsonl")) + slurp(kg.dir.file("a/test.jsonl"));
  EXPECT_NE(samples.find("Which entity relates to"), std::string::npos);
  EXPECT_EQ(samples.find(kBait), std::string::npos);
  EXPECT_EQ(samples.find("Which one is it?"), std::string::npos);
  // Two-passage citations reach the LLM as two groups and come back as two passages, which
  // the answers cite (issue 40).
  std::size_t two_passage_prompts = 0;
  for (const auto& [prompt, n] : server.counts())
    two_passage_prompts +=
        verbalize_task(prompt) == VerbalizeTask::Citation && verbalize_line(prompt, "Subgraph: ").starts_with("[1] [(");
  EXPECT_GT(two_passage_prompts, 0u);
  EXPECT_NE(samples.find("\"citation\":\"[1] "), std::string::npos);
  for (std::size_t at = samples.find(" has "); at != std::string::npos; at = samples.find(" has ", at + 1)) {
    const std::size_t line = samples.rfind('\n', at) + 1;
    const std::string text = samples.substr(line, samples.find('\n', at) - line);
    if (text.find("[1][2]") != std::string::npos) {
      EXPECT_NE(text.find(" [2] "), std::string::npos) << "an answer citing [2] has a citation with [2]: " << text;
      break;
    }
  }
  // Again with the same cache: no request, the same benchmark.
  long sent = server.total();
  ASSERT_EQ(run_caqa(kg.llm_args(kg.dir.file("b"), server.url(), cache)), 0);
  EXPECT_EQ(server.total(), sent);
  EXPECT_EQ(slurp(kg.dir.file("b/test.jsonl")), slurp(kg.dir.file("a/test.jsonl")));
  EXPECT_EQ(Json::parse(slurp(kg.dir.file("b/manifest.json")))["text_checks"], checks);
}

// Issue 42: the later levels' questions and citations go to the LLM with their own query
// text; their answer statements keep the grammar's words (the claims the label rules read),
// so no answer prompt asks a later level's question.
TEST(VerbalizeLlm, LaterLevelsRewriteQuestionsAndCitationsAndKeepTheirAnswers) {
  SmallKg kg(/*later_levels=*/true);
  FakeOpenAI server;
  ASSERT_EQ(run_caqa(kg.llm_args(kg.dir.file("a"), server.url(), kg.dir.file("cache.jsonl"))), 0);
  std::map<std::string, std::size_t> levels;
  std::set<std::string> later_questions;
  std::set<std::string> rewritten;  // source question and level
  for (const std::string& split : {"a/train.jsonl", "a/test.jsonl"})
    for (const std::string& line : lines_of(slurp(kg.dir.file(split)))) {
      const Json s = Json::parse(line);
      const std::string level = s["complexity"], answer = s["answer"], question = s["question"];
      ++levels[level];
      if (level != "comparison" && level != "negation") continue;
      later_questions.insert(question);
      if (question.starts_with("Which entity relates to"))
        rewritten.insert(s["source_question"].get<std::string>() + "|" + level);
      EXPECT_EQ(answer.find("The answer is"), std::string::npos) << answer;
      if (level == "negation")
        EXPECT_TRUE(answer.starts_with("No, ") || answer.starts_with("Yes, ")) << answer;
      else
        EXPECT_NE(answer.find(" was released in "), std::string::npos) << answer;
    }
  EXPECT_GT(levels["comparison"], 0u);
  EXPECT_GT(levels["negation"], 0u);
  std::size_t first_by = 0, yes_or_no = 0, planted_good = 0;
  for (const auto& [prompt, n] : server.counts()) {
    const VerbalizeTask task = verbalize_task(prompt);
    if (task == VerbalizeTask::Question) {
      const std::string triples = verbalize_line(prompt, "Triples: ");
      const bool compares =
          triples.find("FIRST BY") != std::string::npos || triples.find("LAST BY") != std::string::npos;
      const bool asks_yes_or_no = triples.find("YES OR NO") != std::string::npos;
      // A yes/no question names the value it asks about; ?a is for the answer alone.
      if (asks_yes_or_no) EXPECT_EQ(triples.find("?a"), std::string::npos) << triples;
      first_by += compares;
      yes_or_no += asks_yes_or_no;
      planted_good += (compares || asks_yes_or_no) && planted(prompt) == Planted::Good;
    }
    if (task == VerbalizeTask::Answer)
      EXPECT_FALSE(later_questions.contains(verbalize_line(prompt, "Question: "))) << prompt;
  }
  EXPECT_GT(first_by, 0u);
  EXPECT_GT(yes_or_no, 0u);
  // Every good question the server wrote for a later level is used, and only those.
  EXPECT_GT(planted_good, 0u);
  EXPECT_EQ(rewritten.size(), planted_good);
}

TEST(VerbalizeLlm, AKilledRunResumesWithoutRepeatingAnsweredRequests) {
  SmallKg kg;
  FakeOpenAI server({}, /*delay_s=*/0.02);
  const std::string cache = kg.dir.file("cache.jsonl");
  auto args = kg.llm_args(kg.dir.file("out"), server.url(), cache);
  args.insert(args.end(), {"--concurrency", "2"});
  pid_t child = spawn_cli(args, CAQA_EXE);
  while (line_count(cache) < 20) std::this_thread::sleep_for(std::chrono::milliseconds(5));
  ASSERT_EQ(::kill(child, SIGKILL), 0);
  EXPECT_EQ(wait_exit(child), -SIGKILL);
  server.settled_total();
  std::size_t answered = line_count(cache);
  ASSERT_EQ(run_caqa(args), 0);
  std::size_t twice = 0;
  for (const auto& [prompt, n] : server.counts()) {
    EXPECT_LE(n, 2) << prompt;
    twice += n == 2;
  }
  EXPECT_LE(twice, 2u) << "only requests in flight at the kill are sent again";
  EXPECT_GE(line_count(cache), answered);
  EXPECT_EQ(static_cast<std::size_t>(server.total()), server.counts().size() + twice);
}

TEST(VerbalizeLlm, FlagsThatCannotWorkAreUsageErrors) {
  SmallKg kg;
  auto no_model = kg.args(kg.dir.file("x"));
  no_model.insert(no_model.end(), {"--verbalizer", "llm", "--endpoint", "http://127.0.0.1:9"});
  EXPECT_EQ(run_caqa(no_model), 2);
  auto grammar_with_endpoint = kg.args(kg.dir.file("x"));
  grammar_with_endpoint.insert(grammar_with_endpoint.end(), {"--endpoint", "http://127.0.0.1:9"});
  EXPECT_EQ(run_caqa(grammar_with_endpoint), 2);
  DropServer dead;  // the preflight finds no endpoint answering: nothing written
  EXPECT_EQ(run_caqa(kg.llm_args(kg.dir.file("x"), dead.url(), kg.dir.file("c.jsonl"))), 2);
  EXPECT_FALSE(fs::exists(kg.dir.file("x")));
}

TEST(VerbalizeGrammar, TheDefaultBuildReportsItsLint) {
  SmallKg kg;
  ASSERT_EQ(run_caqa(kg.args(kg.dir.file("g"))), 0);
  std::string statistics = slurp(kg.dir.file("g/statistics.md"));
  EXPECT_NE(statistics.find("## Text checks\n\nVerbalizer: grammar."), std::string::npos);
  EXPECT_EQ(statistics.find("| Task | Requested"), std::string::npos);  // no Table 8 without an LLM
  Json lint = Json::parse(slurp(kg.dir.file("g/manifest.json")))["text_checks"]["lint"];
  for (const char* rule : {"template_residue", "entity_such_that", "doubled_word", "a_an", "lowercase_start",
                           "its_apostrophe", "missing_entity"}) {
    EXPECT_NE(statistics.find(std::string("| ") + rule + " |"), std::string::npos) << rule;
    for (const char* task : {"question", "answer", "citation"}) EXPECT_TRUE(lint[task][rule].is_number()) << rule;
  }
  EXPECT_EQ(lint["citation"]["missing_entity"], 0);  // the grammar states every fact
}

}  // namespace
