// The negation level's question and answer (negation_query.h): the relation's clause about
// its head, its auxiliary put first ("{be} born in {x}" -> "Was Steven Spielberg born in
// Chicago?"); the answer is the plain answer statement after "No, " or "Yes, ".
#include <cctype>

#include <fmt/format.h>

#include "caqa/kg/negation_query.h"
#include "caqa/kg/verbalizer.h"

namespace caqa::kg {

namespace {

std::size_t at(Side side) { return static_cast<std::size_t>(side); }

}  // namespace

bool Verbalizer::names_a_subject(RelationId relation) const {
  const RelationPhrases* link = question_phrases_ ? question_phrases_->find(kg_.relation_name(relation)) : nullptr;
  // "the director of Jaws" reads as a subject; "the city where Spotify is headquartered"
  // before "in Sweden" does not.
  return link && link->noun_phrase[at(Side::Tail)].starts_with("the ") &&
         link->noun_phrase[at(Side::Tail)].ends_with(" of {x}");
}

std::optional<std::string> Verbalizer::negation_question(const ExtendedQuery& query, const Attribution& g) const {
  if (!question_phrases_ || query.branches.empty() || g.supportive.empty()) return std::nullopt;
  const ResolvedQuery& q = query.branches[0];
  const Triple& fact = negated_fact(g);
  const RelationPhrases* asked = question_phrases_->find(kg_.relation_name(fact.relation));
  if (!asked) return std::nullopt;
  const std::string& clause = asked->clause[at(Side::Head)];
  // Only a clause that starts with its auxiliary turns into a question without a verb's
  // base form ("Did ... study at"): the others are not asked.
  if (!clause.starts_with("{be} ") && !clause.starts_with("{is} ")) return std::nullopt;
  const auto filled = fill(clause, name(query.denied != kNone ? query.denied : fact.tail), false, false);
  if (!filled) return std::nullopt;
  const std::size_t space = filled->find(' ');
  std::string auxiliary = filled->substr(0, space);
  auxiliary[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(auxiliary[0])));
  std::string subject = name(q.patterns.front().head.id);
  if (q.patterns.size() == 2) {
    if (!names_a_subject(q.patterns.front().relation)) return std::nullopt;
    const RelationPhrases* link = question_phrases_->find(kg_.relation_name(q.patterns.front().relation));
    const auto noun = fill(link->noun_phrase[at(Side::Tail)], subject, false, false);
    if (!noun) return std::nullopt;
    subject = *noun;
  }
  return fmt::format("{} {} {}?", auxiliary, subject, filled->substr(space + 1));
}

std::string Verbalizer::negation_answer(const ExtendedQuery& query, const Attribution& g) const {
  std::string statement = answer_statement(query, g);
  // A chain said from the entity the question names: "Michelle Obama was born in Chicago,
  // which is a city in the United States", not "Chicago, which is the birthplace of Michelle
  // Obama, is a city in ...".
  if (g.supportive.size() == 2 && g.supportive[0].tail == g.supportive[1].head) {
    const Triple& link = g.supportive[0];
    const Triple& asked = g.supportive[1];
    const std::string first = phrasing(link.relation).predicate_about(verbalize::Slot::Head, name(link.tail));
    const std::string second = phrasing(asked.relation).predicate_about(verbalize::Slot::Head, name(asked.tail));
    if (!first.empty() && !second.empty()) {
      statement = fmt::format("{} {}, {} {} [1].", name(link.head), first,
                              phrasing(asked.relation).is_person(verbalize::Slot::Head) ? "who" : "which", second);
      // Qualifiers in the forms a writer uses ("the composer John Williams").
      if (display_names_) statement = display_names_->as_written(std::move(statement), g.supportive);
    }
  }
  // "Yes, the composer John Williams ...": a qualifier's "The" is no longer the sentence's
  // first word; a name's own ("The Beatles") goes on with a capital and stays.
  if (statement.starts_with("The ") && statement.size() > 4 && std::islower(static_cast<unsigned char>(statement[4])))
    statement[0] = 't';
  return (query.denied != kNone ? "No, " : "Yes, ") + statement;
}

}  // namespace caqa::kg
