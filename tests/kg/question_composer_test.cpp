// Composed questions as a person asks them (question_composer.cpp, issue 40): a role the
// answer is names it instead of "Who".
#include <gtest/gtest.h>

#include <memory>
#include <unordered_map>

#include "caqa/kg/display_names.h"
#include "caqa/kg/kg_text.h"
#include "caqa/kg/memory_graph.h"
#include "caqa/kg/verbalizer.h"

namespace question_composer_test {

using namespace caqa::kg;

constexpr std::string_view kTriples =
    "person/tolstoy\tauthor_of\tbook/anna\n"
    "person/tolstoy\toccupation\toccupation/novelist\n"
    "person/tolstoy\tplace_of_birth\tcity/yasnaya\n"
    "person/clinton\tmember_of\tgroup/democrats\n"
    "person/hillary\tmember_of\tgroup/democrats\n"
    "person/clinton\toccupation\toccupation/politician\n"
    "person/hillary\toccupation\toccupation/politician\n"
    "city/yasnaya\tcountry\tcountry/russia\n"
    "person/tolstoy\toccupation\toccupation/film_director\n"
    "film/war_and_peace\tdirected_by\tperson/tolstoy\n"
    "person/jackson\toccupation\toccupation/dancer\n"
    "person/jackson\toccupation\toccupation/singer\n"
    "person/jackson_writer\toccupation\toccupation/journalist\n"
    "person/clinton\toccupation\toccupation/singer\n";

constexpr std::string_view kNames =
    "person/tolstoy\tLeo Tolstoy\nbook/anna\tAnna Karenina\noccupation/novelist\tnovelist\n"
    "city/yasnaya\tYasnaya Polyana\nperson/clinton\tBill Clinton\nperson/hillary\tHillary Clinton\n"
    "group/democrats\tDemocratic Party\noccupation/politician\tpolitician\ncountry/russia\tRussia\n"
    "occupation/film_director\tfilm director\nfilm/war_and_peace\tWar and Peace\n"
    "person/jackson\tMichael Jackson\nperson/jackson_writer\tMichael Jackson\noccupation/dancer\tdancer\n"
    "occupation/singer\tsinger\noccupation/journalist\tjournalist\n";

constexpr std::string_view kTypes =
    "person/tolstoy\tperson\nperson/clinton\tperson\nperson/hillary\tperson\ncity/yasnaya\tcity\nfilm/"
    "war_and_peace\tfilm\nperson/jackson\tperson\nperson/jackson_writer\tperson\n";

constexpr std::string_view kQueryTemplates =
    "author_of\tWhat did {x} write?\tWho wrote {x}?\t-\tthe author of {x}\twas written by {x}\twrote {x}\n"
    "occupation\tWhat is the occupation of {x}?\tWho has worked as {a x}?\tthe occupation of {x}\t-\t-\t{is} {a x}\n"
    "place_of_birth\tWhere {be} {x} born?\t-\tthe birthplace of {x}\t-\t{is} the birthplace of {x}\t{be} born in {x}\n"
    "member_of\tWhich group did {x} belong to?\tWho was a member of {x}?\t-\t-\thad {x} as a member\t{be} {a member} "
    "of {x}\n"
    "country\tIn which country {is} {x}?\tWhich cities are in {x}?\tthe country where {x} lies\t-\tcontains {x}\t{is} "
    "in {x}\n"
    "the\tDemocratic Party\n";

const std::unordered_map<std::string, std::string> kPhrasings = {
    {"author_of", "[person > book] {head} wrote {tail}."},
    {"occupation", "[person > occupation] {head} has worked as {a tail}."},
    {"place_of_birth", "[person > city] {head} was born in {tail}."},
    {"member_of", "[person > group] {head} was a member of {tail}."},
    {"country", "[city > country] {head} is a city in {tail}."},
};

class QuestionComposer : public ::testing::Test {
 protected:
  void SetUp() override {
    ProblemCounts problems;
    MemoryGraphBuilder b;
    add_triples(b, {"triples.tsv", kTriples}, TripleFormat::Auto, problems);
    for (auto& [k, v] : read_two_column_table({"names.tsv", kNames}, problems)) b.set_name(k, v);
    for (auto& [k, v] : read_two_column_table({"types.tsv", kTypes}, problems)) b.set_type(k, v);
    kg_ = std::make_unique<MemoryGraph>(b.build());
    phrases_ = QueryTemplates::parse({"query_templates.tsv", kQueryTemplates}, problems);
  }
  // ?a's conditions, each (relation, constant) with ?a at the head, or at the tail where the
  // constant is written first ("person/tolstoy<place_of_birth").
  std::string ask(const std::vector<std::pair<std::string_view, std::string_view>>& conditions,
                  const std::vector<std::string_view>& answers) const {
    ExtendedQuery query;
    query.complexity = caqa::Complexity::Intersection;
    ResolvedQuery q;
    q.variables = {"?a"};
    for (const auto& [relation, constant] : conditions) {
      const Node a{true, 0};
      if (const auto lt = relation.find('<'); lt != std::string_view::npos)
        q.patterns.push_back(
            {{false, *kg_->find_entity(relation.substr(0, lt))}, *kg_->find_relation(relation.substr(lt + 1)), a});
      else
        q.patterns.push_back({a, *kg_->find_relation(relation), {false, *kg_->find_entity(constant)}});
    }
    query.branches.push_back(q);
    Attribution g;
    for (std::string_view a : answers) g.targets.push_back(*kg_->find_entity(a));
    Verbalizer v(*kg_, kPhrasings);
    v.set_question_phrases(&phrases_);
    return v.composed_question(query, g).value_or("(none)");
  }
  std::unique_ptr<MemoryGraph> kg_;
  QueryTemplates phrases_;
};

TEST_F(QuestionComposer, ARoleTheAnswerIsNamesItInsteadOfWho) {
  EXPECT_EQ(ask({{"author_of", "book/anna"}, {"occupation", "occupation/novelist"}}, {"person/tolstoy"}),
            "Which novelist wrote Anna Karenina?");
  // Passive conditions then go first, as participles on the role.
  EXPECT_EQ(ask({{"author_of", "book/anna"}, {"place_of_birth", "city/yasnaya"}, {"occupation", "occupation/novelist"}},
                {"person/tolstoy"}),
            "Which novelist born in Yasnaya Polyana wrote Anna Karenina?");
  // Several answers: the role and the nouns that agree with them in the plural.
  EXPECT_EQ(ask({{"member_of", "group/democrats"}, {"occupation", "occupation/politician"}},
                {"person/clinton", "person/hillary"}),
            "Which politicians were members of the Democratic Party?");
  // Not a role that starts with another thing's type: "Which film director ..." first reads as
  // a film.
  EXPECT_EQ(ask({{"author_of", "book/anna"}, {"occupation", "occupation/film_director"}}, {"person/tolstoy"}),
            "Who wrote Anna Karenina and is a film director?");
  // Without a role, "Who".
  EXPECT_EQ(ask({{"author_of", "book/anna"}, {"place_of_birth", "city/yasnaya"}}, {"person/tolstoy"}),
            "Who wrote Anna Karenina and was born in Yasnaya Polyana?");
}

TEST_F(QuestionComposer, APlaceTheAnswerIsInModifiesItsNoun) {
  EXPECT_EQ(ask({{"person/tolstoy<place_of_birth", ""}, {"country", "country/russia"}}, {"city/yasnaya"}),
            "Which city in Russia is the birthplace of Leo Tolstoy?");
}

// "Where was Leo Tolstoy, who wrote Anna Karenina, born?" holds a clause in the middle and is
// asked as one on the answer; the constant's own fact names it by its role where it is the
// KG's only one.
TEST_F(QuestionComposer, TheOneEntityOfARoleIsNamedByIt) {
  ExtendedQuery query;
  query.complexity = caqa::Complexity::Concatenation;
  query.extension = Extension::HeadIntersection;
  query.anchored_subject = *kg_->find_entity("person/tolstoy");
  query.new_subject = *kg_->find_entity("book/anna");
  ResolvedQuery q;
  q.variables = {"?a"};
  q.patterns.push_back({{false, query.anchored_subject}, *kg_->find_relation("author_of"), {false, query.new_subject}});
  q.patterns.push_back({{false, query.anchored_subject}, *kg_->find_relation("place_of_birth"), {true, 0}});
  query.branches.push_back(q);
  Attribution g;
  g.targets.push_back(*kg_->find_entity("city/yasnaya"));
  Verbalizer v(*kg_, kPhrasings);
  v.set_question_phrases(&phrases_);
  EXPECT_EQ(v.composed_question(query, g).value_or("(none)"),
            "Which city is the birthplace of Leo Tolstoy, the author of Anna Karenina?");
}

// A namesake is told apart by the most familiar of its own roles: "the singer Michael
// Jackson", not "the dancer".
TEST_F(QuestionComposer, ANamesakeIsToldApartByItsMostFamiliarRole) {
  const RelationProfile profile(*kg_);
  DisplayNames names(*kg_, profile);
  ProblemCounts problems;
  names.read_preferences({"qualifiers.tsv", "person\toccupation\n"}, problems);
  EXPECT_EQ(problems.total(), 0u);
  EXPECT_EQ(names.name(*kg_->find_entity("person/jackson")), "Michael Jackson (singer)");
  EXPECT_EQ(names.name(*kg_->find_entity("person/jackson_writer")), "Michael Jackson (journalist)");
}

}  // namespace question_composer_test
