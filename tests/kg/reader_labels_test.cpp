// Labels a careful reader agrees with (issue 33), on a small KG built end to end: every
// sample's citation reads as its label claim by claim, contradictions exclude the true
// value, the answer statement names every fact it claims, shared names carry what tells
// them apart, and the questions are composed clause by clause.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>

#include "caqa/kg/build.h"
#include "caqa/kg/claim_reading.h"
#include "caqa/kg/question_reader.h"
#include "caqa/verbalize/lint.h"

namespace {

using namespace caqa::kg;
using caqa::Complexity;
using caqa::Label;

// Films with one director and one year each, people with one birthplace, cities in one
// country; two films named "Halloween"; a screenwriter who is also a director.
constexpr std::string_view kReaderTriples =
    "film/jaws\tdirected_by\tperson/spielberg\n"
    "film/jaws\trelease_year\tyear/1975\n"
    "film/jaws\tstarring\tperson/scheider\n"
    "film/jaws\tstarring\tperson/shaw\n"
    "film/et\tdirected_by\tperson/spielberg\n"
    "film/et\trelease_year\tyear/1982\n"
    "film/et\tstarring\tperson/barrymore\n"
    "film/duel\tdirected_by\tperson/spielberg\n"
    "film/duel\trelease_year\tyear/1971\n"
    "film/alien\tdirected_by\tperson/scott\n"
    "film/alien\trelease_year\tyear/1979\n"
    "film/alien\tstarring\tperson/weaver\n"
    "film/blade\tdirected_by\tperson/scott\n"
    "film/blade\trelease_year\tyear/1982\n"
    "film/blade\tstarring\tperson/ford\n"
    "film/witness\tdirected_by\tperson/weir\n"
    "film/witness\trelease_year\tyear/1985\n"
    "film/witness\tstarring\tperson/ford\n"
    "film/halloween_1978\tdirected_by\tperson/carpenter\n"
    "film/halloween_1978\trelease_year\tyear/1978\n"
    "film/halloween_2007\tdirected_by\tperson/zombie\n"
    "film/halloween_2007\trelease_year\tyear/2007\n"
    "person/spielberg\tplace_of_birth\tcity/cincinnati\n"
    "person/scott\tplace_of_birth\tcity/south_shields\n"
    "person/weir\tplace_of_birth\tcity/sydney\n"
    "person/carpenter\tplace_of_birth\tcity/carthage\n"
    "person/zombie\tplace_of_birth\tcity/haverhill\n"
    "person/ford\tplace_of_birth\tcity/chicago\n"
    "person/weaver\tplace_of_birth\tcity/new_york\n"
    "person/scheider\tplace_of_birth\tcity/orange\n"
    "person/shaw\tplace_of_birth\tcity/westhoughton\n"
    "person/barrymore\tplace_of_birth\tcity/culver_city\n"
    "city/cincinnati\tcountry\tcountry/usa\n"
    "city/chicago\tcountry\tcountry/usa\n"
    "city/new_york\tcountry\tcountry/usa\n"
    "city/orange\tcountry\tcountry/usa\n"
    "city/carthage\tcountry\tcountry/usa\n"
    "city/haverhill\tcountry\tcountry/usa\n"
    "city/culver_city\tcountry\tcountry/usa\n"
    "city/south_shields\tcountry\tcountry/uk\n"
    "city/westhoughton\tcountry\tcountry/uk\n"
    "city/sydney\tcountry\tcountry/australia\n";

constexpr std::string_view kReaderNames =
    "film/jaws\tJaws\nfilm/et\tE.T.\nfilm/duel\tDuel\nfilm/alien\tAlien\nfilm/blade\tBlade Runner\n"
    "film/witness\tWitness\nfilm/halloween_1978\tHalloween\nfilm/halloween_2007\tHalloween\n"
    "person/spielberg\tSteven Spielberg\nperson/scott\tRidley Scott\nperson/weir\tPeter Weir\n"
    "person/carpenter\tJohn Carpenter\nperson/zombie\tRob Zombie\nperson/ford\tHarrison Ford\n"
    "person/weaver\tSigourney Weaver\nperson/scheider\tRoy Scheider\nperson/shaw\tRobert Shaw\n"
    "person/barrymore\tDrew Barrymore\ncity/cincinnati\tCincinnati\ncity/chicago\tChicago\n"
    "city/new_york\tNew York City\ncity/orange\tOrange\ncity/carthage\tCarthage\ncity/haverhill\tHaverhill\n"
    "city/culver_city\tCulver City\ncity/south_shields\tSouth Shields\ncity/westhoughton\tWesthoughton\n"
    "city/sydney\tSydney\ncountry/usa\tUnited States\ncountry/uk\tUnited Kingdom\ncountry/australia\tAustralia\n"
    "year/1975\t1975\nyear/1982\t1982\nyear/1971\t1971\nyear/1979\t1979\nyear/1985\t1985\nyear/1978\t1978\n"
    "year/2007\t2007\n";

constexpr std::string_view kReaderQuestions =
    R"({"id":"q1","question":"Who directed Jaws?","answers":["person/spielberg"],"query":[["film/jaws","directed_by","?a"]]}
{"id":"q2","question":"Where was the director of Alien born?","answers":["city/south_shields"],"query":[["film/alien","directed_by","?v1"],["?v1","place_of_birth","?a"]]}
{"id":"q3","question":"Which film starred Harrison Ford and was directed by Ridley Scott?","answers":["film/blade"],"query":[["?a","starring","person/ford"],["?a","directed_by","person/scott"]]}
{"id":"q4","question":"When was Halloween released?","answers":["year/1978"],"query":[["film/halloween_1978","release_year","?a"]]}
{"id":"q5","question":"Who directed Halloween?","answers":["person/carpenter"],"query":[["film/halloween_1978","directed_by","?a"]]}
{"id":"q6","question":"Who starred in Jaws?","answers":["person/scheider","person/shaw"],"query":[["film/jaws","starring","?a"]]}
{"id":"q7","question":"Where was Harrison Ford born?","answers":["city/chicago"],"query":[["person/ford","place_of_birth","?a"]]}
)";

constexpr std::string_view kReaderTemplates =
    "directed_by\t[film > person] {head} was directed by {tail}. | {tail} directed {head}.\n"
    "release_year\t[film > year] {head} was released in {tail}. | {tail} is the year {head} came out.\n"
    "starring\t[film > person] {tail} starred in {head}. | {head} starred {tail}.\n"
    "place_of_birth\t[person > city] {head} was born in {tail}. | {tail} is the birthplace of {head}.\n"
    "country\t[city > country] {head} is a city in {tail}. | {tail} includes the city of {head}.\n";

constexpr std::string_view kReaderQueryTemplates =
    "directed_by\tWho directed {x}?\tWhich films did {x} direct?\tthe director of {x}\tthe film directed by "
    "{x}\tdirected {x}\t{be} directed by {x}\n"
    "release_year\tWhen {be} {x} released?\t-\tthe release year of {x}\t-\t{is} the year {x} came "
    "out\t{be} released in {x}\n"
    "starring\tWho starred in {x}?\tWhich films did {x} star in?\tthe actor in {x}\tthe film starring "
    "{x}\tstarred in {x}\tstarred {x}\n"
    "place_of_birth\tWhere {be} {x} born?\t-\tthe birthplace of {x}\t-\t{is} the birthplace of {x}\t{be} born "
    "in {x}\n"
    "country\tIn which country {is} {x}?\t-\tthe country where {x} lies\t-\tcontains {x}\t{is} in {x}\n"
    "the\tUnited States\nthe\tUnited Kingdom\n";

BuildSources reader_sources() {
  BuildSources s;
  s.kg = {{"t.tsv", kReaderTriples}};
  s.names = {{"n.tsv", kReaderNames}};
  s.types = {};
  s.questions = {{"q.jsonl", kReaderQuestions}};
  s.templates = SourceFile{"templates.tsv", kReaderTemplates};
  s.query_templates = SourceFile{"query_templates.tsv", kReaderQueryTemplates};
  return s;
}

// Every line of several seeds' builds, unfiltered.
std::vector<std::string> built_lines() {
  std::vector<std::string> out;
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    BenchmarkOptions options;
    options.harden = false;
    options.audit = false;
    options.build.seed = seed;
    const BuiltBenchmark built = build_benchmark(reader_sources(), options);
    EXPECT_TRUE(built.violations.empty());
    for (std::string_view split : {std::string_view(built.train_jsonl), std::string_view(built.test_jsonl)})
      for (std::size_t at = 0; at < split.size();) {
        const std::size_t end = split.find('\n', at);
        out.emplace_back(split.substr(at, end - at));
        at = end + 1;
      }
  }
  return out;
}

TEST(ReaderLabels, TextsAreComposedAndStateEveryClaim) {
  std::set<std::string> questions, answers;
  for (const std::string& line : built_lines()) {
    auto field = [&](std::string_view key) {
      const std::string k = "\"" + std::string(key) + "\":\"";
      const std::size_t at = line.find(k) + k.size();
      return line.substr(at, line.find('"', at) - at);
    };
    questions.insert(field("question"));
    answers.insert(field("answer"));
  }
  // Composed from the query: a path's middle as a noun phrase, a tree as clauses, a union
  // over the names two films share.
  // A clause inside the question ("Where was the director of Alien, which starred
  // Sigourney Weaver, born?") is asked as a clause on the answer instead.
  EXPECT_TRUE(
      questions.count("Which city is the birthplace of the director of Alien, which starred Sigourney Weaver?"));
  EXPECT_TRUE(questions.count("Who directed Jaws and was born in Cincinnati?"));
  EXPECT_TRUE(questions.count("Who directed the 1978 and 2007 films named Halloween?"));
  // The answer statement states the middle of the path it answers, and what a head
  // intersection adds to the question's subject.
  // A path with a head intersection is told from its named end, in one sentence.
  EXPECT_TRUE(answers.count(
      "Alien starred Sigourney Weaver and was directed by Ridley Scott, who was born in South Shields [1]."));
  EXPECT_TRUE(answers.count("Jaws, which starred Roy Scheider, was directed by Steven Spielberg [1]."));
  // "Who starred in Jaws?" asks one of several (a cast): never asked (answerability.h).
  EXPECT_FALSE(questions.count("Who starred in Jaws?"));
  EXPECT_TRUE(
      answers.count("Halloween (1978) was directed by John Carpenter and Halloween (2007) was directed by "
                    "Rob Zombie [1]."));
  // "When was Halloween released?" asks what the films' names say: never asked.
  for (const auto& q : questions) EXPECT_EQ(q.find("released"), std::string::npos) << q;
}

TEST(ReaderLabels, EverySampleReadsAsItsLabel) {
  for (std::uint64_t seed = 1; seed <= 12; ++seed) {
    ProblemCounts problems;
    MemoryGraphBuilder b;
    const BuildSources sources = reader_sources();
    add_triples(b, sources.kg[0].text(), TripleFormat::Auto, problems);
    for (auto& [k, v] : read_two_column_table(sources.names[0].text(), problems)) {
      b.set_name(k, v);
      b.set_type(k, k.substr(0, k.find('/')));
    }
    const MemoryGraph kg = b.build();
    auto questions = read_questions(sources.questions[0].text(), problems);
    Verbalizer verbalizer(kg, {{"directed_by", "[film > person] {head} was directed by {tail}."}});
    BuildOptions options;
    options.seed = seed;
    const BuildResult result = build_benchmark(kg, questions, verbalizer, options);
    const RelationProfile profile(kg);
    const ImpliedFacts none;
    const ClaimReader reader(profile, none);
    std::map<Label, std::size_t> labels;
    for (const auto& s : result.samples) {
      ++labels[s.label];
      const ClaimReading reading = reader.read(s.texts->claims, s.evidence);
      EXPECT_EQ(reading.label(), s.label) << s.citation;
      if (s.label == Label::Contradictory) {
        // The swap excludes a claim: the citation gives a claim's subject another value
        // along a link that holds once.
        EXPECT_GT(reading.contradicted, 0u) << s.citation;
      } else {
        // No other label gives a claim's subject another object of its relation, which
        // readers take as a contradiction whether or not the link holds once.
        for (const Triple& c : s.texts->claims)
          for (const Triple& t : s.evidence)
            EXPECT_FALSE(t.relation == c.relation && t.head == c.head && t.tail != c.tail) << s.citation;
      }
      EXPECT_EQ(caqa::verbalize::missing_names(s.answer, s.texts->claim_names), 0u) << s.answer;
    }
    EXPECT_GT(labels[Label::Contradictory], 0u);
    EXPECT_GT(labels[Label::Irrelevant], 0u);
  }
}

}  // namespace
