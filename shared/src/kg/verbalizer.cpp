#include "caqa/kg/verbalizer.h"

#include <algorithm>
#include <cctype>
#include <optional>

#include <fmt/format.h>

#include "caqa/verbalize/english.h"
#include "pattern_ends.h"

namespace caqa::kg {

using verbalize::capitalized;
using verbalize::RelationPhrasing;
using verbalize::Slot;

namespace {

std::string without_final_punctuation(std::string s) {
  while (!s.empty() && (s.back() == '.' || s.back() == '?' || s.back() == ' ')) s.pop_back();
  return s;
}

// MetaQA marks the topic entity as [name]: the brackets are annotation, not text.
std::string plain_question(const std::string& text) {
  std::string out;
  for (char c : text)
    if (c != '[' && c != ']') out.push_back(c);
  return capitalized(without_final_punctuation(out));
}

std::string lower_word(std::string_view text, std::size_t index) {
  std::size_t at = 0;
  for (std::size_t i = 0; i < index && at != std::string_view::npos; ++i) {
    at = text.find(' ', at);
    if (at != std::string_view::npos) ++at;
  }
  if (at == std::string_view::npos || at >= text.size()) return {};
  std::string w(text.substr(at, text.find(' ', at) - at));
  for (char& c : w) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return w;
}

// "Who directed Jaws": the answer is the subject, so "and was born in ..." continues it.
bool asks_for_subject(std::string_view question) {
  if (lower_word(question, 0) != "who") return false;
  const std::string verb = lower_word(question, 1);
  return verb != "did" && verb != "does" && verb != "do";
}

// "Which books ...", "What films ...": the answer noun is plural.
bool asks_for_several(std::string_view question) {
  for (std::size_t i = 0;; ++i) {
    const std::string word = lower_word(question, i);
    if (word.empty()) return false;
    if (word != "which" && word != "what") continue;
    const std::string noun = lower_word(question, i + 1);
    return noun.size() > 3 && noun.back() == 's' && noun[noun.size() - 2] != 's';
  }
}

}  // namespace

Verbalizer::Verbalizer(const KnowledgeGraph& kg, const std::unordered_map<std::string, std::string>& templates)
    : kg_(kg) {
  by_relation_.reserve(kg.relation_count());
  for (RelationId r = 0; r < kg.relation_count(); ++r) {
    const std::string relation(kg.relation_name(r));
    auto it = templates.find(relation);
    unsaid_.push_back(it != templates.end() && it->second == "-");
    RelationPhrasing p = it != templates.end() ? RelationPhrasing::parse(it->second) : RelationPhrasing{};
    by_relation_.push_back(p.size() > 0 ? std::move(p) : RelationPhrasing::fallback(humanize(relation)));
  }
}

std::string Verbalizer::humanize(std::string_view relation) {
  std::size_t cut = relation.find_last_of("./");
  std::string_view last = cut == std::string_view::npos ? relation : relation.substr(cut + 1);
  std::string out(last);
  for (char& c : out)
    if (c == '_') c = ' ';
  return out;
}

const RelationPhrasing& Verbalizer::phrasing(RelationId relation) const { return by_relation_.at(relation); }

std::string Verbalizer::name(EntityId e) const {
  std::string out;
  append_name(out, e);
  return out;
}

std::string Verbalizer::unqualified_name(EntityId e) const {
  std::string out;
  append_name(out, e, false);
  return out;
}

void Verbalizer::append_name(std::string& out, EntityId e, bool qualified) const {
  const std::string_view n = kg_.entity_name(e);
  if (verbalize::takes_the(n) || (question_phrases_ && question_phrases_->takes_the(n))) out.append("the ");
  if (display_names_ && qualified)
    out.append(display_names_->name(e));
  else
    out.append(n);
}

std::vector<std::size_t> Verbalizer::phrasings(std::span<const Triple> triples, Rng& rng) const {
  std::vector<std::size_t> out;
  out.reserve(triples.size());
  for (const Triple& t : triples)
    out.push_back(static_cast<std::size_t>(rng.uniform() * static_cast<double>(phrasing(t.relation).size())));
  return out;
}

std::string Verbalizer::describe(const ResolvedQuery& q, std::uint32_t v, std::size_t skip) const {
  const Node var{true, v};
  const ResolvedPattern& via = q.patterns[skip];
  std::string noun = phrasing(via.relation).noun(slot_of(via, var));
  for (std::size_t i = 0; i < q.patterns.size(); ++i) {
    const ResolvedPattern& p = q.patterns[i];
    if (i == skip || !(p.head == var || p.tail == var)) continue;
    const Node& far = end_at(p, other(slot_of(p, var)));
    if (far.variable) continue;
    const RelationPhrasing& said = phrasing(p.relation);
    // The noun of the pattern that describes it is the nearer one ("film", not "work").
    if (!said.noun(slot_of(p, var)).empty()) noun = said.noun(slot_of(p, var));
    if (std::string clause = said.relative_clause(slot_of(p, var), name(far.id)); !clause.empty())
      return "the " + (noun.empty() ? std::string("one") : noun) + " " + clause;
  }
  return "the " + (noun.empty() ? std::string("one") : noun);
}

std::optional<std::string> Verbalizer::question(const Question& original, const ExtendedQuery& query,
                                                const Attribution& g) const {
  if (question_phrases_) return composed_question(query, g);
  const ResolvedQuery& q = query.branches[0];
  const Node answer{true, 0};
  std::string text;
  if (!original.text.empty()) {
    text = plain_question(original.text);
  } else {
    // Composed from the logical form: the first pattern about the answer.
    for (std::size_t i = 0; i < q.patterns.size() && text.empty(); ++i) {
      const ResolvedPattern& p = q.patterns[i];
      if (!(p.head == answer || p.tail == answer)) continue;
      const Slot about = slot_of(p, answer);
      const Node& far = end_at(p, other(about));
      const std::string far_name = far.variable ? describe(q, far.id, i) : name(far.id);
      if (std::string pred = phrasing(p.relation).predicate_about(about, far_name); !pred.empty())
        text = (phrasing(p.relation).is_person(about) ? "Who " : "What ") + pred;
    }
    if (text.empty()) text = "What is the answer";
  }
  if (query.extension == Extension::AnswerIntersection) {
    const ResolvedPattern& added = q.patterns.back();
    const Slot about = slot_of(added, answer);
    const RelationPhrasing& p = phrasing(added.relation);
    const std::string far = name(end_at(added, other(about)).id);
    const std::string pred = p.predicate_about(about, far);
    if (!pred.empty() && asks_for_subject(text)) return fmt::format("{} and {}?", text, pred);
    // "Where was X born, given that it is a city in ...?": a relative clause after the
    // verb would hang off the wrong word.
    const std::string first = lower_word(text, 0), second = lower_word(text, 1);
    if (!pred.empty() &&
        (first == "where" || first == "when" || ((first == "in" || first == "on") && second == "which")))
      return fmt::format("{}, given that it {}?", text, pred);
    if (!pred.empty()) {
      const std::string pronoun = p.is_person(about) ? "who" : "that";
      // "... was directed by who, who wrote ...": MetaQA asks with the wh-word in place.
      const bool echo = text.size() >= pronoun.size() && lower_word(text, 0) != pronoun &&
                        text.compare(text.size() - pronoun.size(), pronoun.size(), pronoun) == 0;
      return fmt::format("{}{} {} {}?", text, echo ? "," : "", pronoun,
                         asks_for_several(text) ? verbalize::plural_predicate(pred) : pred);
    }
    if (std::string clause = p.relative_clause(about, far); !clause.empty()) return fmt::format("{} {}?", text, clause);
    return fmt::format("{}, given that {}?", text, without_final_punctuation(p.sentence(0, "it", far)));
  }
  if (query.extension == Extension::HeadIntersection) {
    // The subject stays named; the new fact about it is a relative clause on its name.
    const ResolvedPattern& added = q.patterns.front();
    const Node subject{false, query.anchored_subject};
    const Slot about = slot_of(added, subject);
    const RelationPhrasing& p = phrasing(added.relation);
    const std::string pred = p.predicate_about(about, name(query.new_subject));
    const std::string subject_name(kg_.entity_name(query.anchored_subject));
    const auto at = text.find(subject_name);
    if (!pred.empty() && at != std::string::npos) {
      const std::string clause = fmt::format(", {} {}", p.is_person(about) ? "who" : "which", pred);
      const std::size_t end = at + subject_name.size();
      return text.substr(0, end) + clause + (end < text.size() ? "," : "") + text.substr(end) + "?";
    }
    const std::string fact = p.sentence(0, name(added.head.id), name(added.tail.id));
    return fmt::format("{}, given that {}?", text, without_final_punctuation(fact));
  }
  return text + "?";
}

}  // namespace caqa::kg
