#include "caqa/kg/query_sampler.h"

#include <algorithm>
#include <optional>
#include <set>
#include <string>

#include <fmt/format.h>

#include "caqa/kg/query_match.h"
#include "caqa/rng.h"

namespace caqa::kg {

namespace {

// Share of questions per shape, single and path (the rest trees), near the seed questions'
// mix (data/default/README.md): singles are far easier to draw, so each question's shape is
// drawn first and then tried up to kTriesPerQuestion times.
constexpr double kSingleShare = 0.4, kPathShare = 0.35;
// Of the singles, the share asked of an entity that shares its name with another (the
// builder extends those by union, which only shared names make).
constexpr double kSharedNameShare = 0.5;
constexpr std::size_t kTriesPerQuestion = 200;
// Questions in a row not found before sampling stops: the KG allows no more.
constexpr std::size_t kMaxMisses = 100;

const std::string kAnswer = "?a", kMiddle = "?v1";

// One edge seen from an entity: the entity at the other end and which end of the triple it is.
struct Hop {
  RelationId relation;
  EntityId other;
  Side other_side;
};

// Patterns as text, order-free for trees: two queries with the same key ask the same thing.
std::string query_key(const LogicalQuery& query) {
  std::vector<std::string> parts;
  for (const auto& p : query.patterns) parts.push_back(p.head.text + "\t" + p.relation + "\t" + p.tail.text);
  if (query.shape() == QueryShape::Tree) std::sort(parts.begin(), parts.end());
  std::string key;
  for (const auto& part : parts) key += part + "\n";
  return key;
}

class Sampler {
 public:
  Sampler(const KnowledgeGraph& kg, const QueryTemplates& templates, std::uint64_t seed)
      : kg_(kg), templates_(templates), rng_(seed) {
    for (RelationId r = 0; r < kg.relation_count(); ++r)
      if (templates.find(kg.relation_name(r))) relations_.push_back(r);
    for (EntityId e = 0; e < kg.entity_count(); ++e)
      if (kg.has_name(e) && kg.entities_named(kg.entity_name(e)).size() > 1) shared_names_.push_back(e);
  }

  bool possible() const { return !relations_.empty(); }

  QueryShape pick_shape() {
    double u = rng_.uniform();
    if (u < kSingleShare) return QueryShape::Single;
    return u < kSingleShare + kPathShare ? QueryShape::Path : QueryShape::Tree;
  }
  // One attempt at a question of a shape; nullopt when the draw does not make a good one.
  std::optional<Question> draw(QueryShape shape) {
    switch (shape) {
      case QueryShape::Single: return single();
      case QueryShape::Path: return path();
      case QueryShape::Tree: return tree();
    }
    return std::nullopt;
  }

 private:
  std::size_t pick(std::size_t n) { return static_cast<std::size_t>(rng_.next() % n); }
  Side pick_side() { return pick(2) == 0 ? Side::Tail : Side::Head; }
  const RelationPhrases& phrases(RelationId r) const { return *templates_.find(kg_.relation_name(r)); }

  // An entity on the `side` end of a random triple of r (none when r has no triple).
  std::optional<EntityId> pick_end(RelationId r, Side side) {
    EntityList ends = side == Side::Tail ? kg_.relation_range(r) : kg_.relation_domain(r);
    return ends.empty() ? std::nullopt : std::optional(ends[pick(ends.size())]);
  }
  // A random edge of e, either way, whose relation has phrases.
  std::optional<Hop> pick_hop(EntityId e) {
    EdgeList out = kg_.out_edges(e), in = kg_.in_edges(e);
    if (out.empty() && in.empty()) return std::nullopt;
    std::size_t i = pick(out.size() + in.size());
    Hop hop = i < out.size() ? Hop{out[i].relation, out[i].other, Side::Tail}
                             : Hop{in[i - out.size()].relation, in[i - out.size()].other, Side::Head};
    return templates_.find(kg_.relation_name(hop.relation)) ? std::optional(hop) : std::nullopt;
  }
  // The text names e unambiguously: no other entity has its name.
  bool nameable(EntityId e) const { return kg_.entities_named(kg_.entity_name(e)).size() <= 1; }
  std::string mention(EntityId e) const { return templates_.mention(kg_.entity_name(e)); }
  Term term(EntityId e) const { return {std::string(kg_.entity_key(e))}; }
  TriplePattern pattern(Term head, RelationId r, Term tail) const {
    return {std::move(head), std::string(kg_.relation_name(r)), std::move(tail)};
  }
  // The pattern joining `known` to `asked`, where `asked` stands on `side` of the triple.
  TriplePattern pattern(Term known, RelationId r, Term asked, Side side) const {
    return side == Side::Tail ? pattern(std::move(known), r, std::move(asked))
                              : pattern(std::move(asked), r, std::move(known));
  }

  // The query's answers over the whole KG when there are 1 to kMaxSampledAnswers of them and
  // no binding reuses a node (an answer that is one of the query's constants), else empty.
  std::vector<EntityId> selective_answers(const LogicalQuery& query) const {
    constexpr std::size_t kLimit = 64;
    ProblemCounts unused;
    auto resolved = resolve(query, kg_, unused, {});
    if (!resolved) return {};
    auto bindings = match(*resolved, kg_, kLimit);
    std::set<EntityId> answers;
    for (const auto& b : bindings) {
      if (!distinct_nodes(*resolved, b)) return {};
      answers.insert(b[0]);
    }
    if (bindings.size() == kLimit || answers.size() > kMaxSampledAnswers) return {};
    return {answers.begin(), answers.end()};
  }

  std::optional<Question> make(LogicalQuery query, std::vector<EntityId> answers, std::optional<std::string> text) {
    if (answers.empty() || !text) return std::nullopt;
    Question q;
    q.text = std::move(*text);
    for (EntityId a : answers) q.answers.emplace_back(kg_.entity_key(a));
    std::sort(q.answers.begin(), q.answers.end());
    q.query = std::move(query);
    q.source = "sampled";
    return q;
  }

  // (anchor, r, ?a) or (?a, r, anchor): "Who directed Jaws?"
  std::optional<Question> single() {
    if (!shared_names_.empty() && rng_.uniform() < kSharedNameShare) return shared_name_single();
    RelationId r = relations_[pick(relations_.size())];
    Side side = pick_side();
    auto anchor = pick_end(r, side == Side::Tail ? Side::Head : Side::Tail);
    if (!anchor || !nameable(*anchor)) return std::nullopt;
    LogicalQuery query{{pattern(term(*anchor), r, {kAnswer}, side)}};
    auto answers = selective_answers(query);
    return make(std::move(query), std::move(answers),
                fill(phrases(r).question[static_cast<int>(side)], mention(*anchor), false, false));
  }

  // A single about an entity that shares its name, asked of the first entity of the name
  // that has the relation (the one the builder's union extension starts from): "Who
  // directed A Star Is Born?" becomes "Who directed each of the four films named ...?".
  std::optional<Question> shared_name_single() {
    const EntityId drawn = shared_names_[pick(shared_names_.size())];
    auto hop = pick_hop(drawn);
    if (!hop) return std::nullopt;
    const bool anchor_is_head = hop->other_side == Side::Tail;
    EntityId anchor = drawn;
    for (EntityId other : kg_.entities_named(kg_.entity_name(drawn)))
      if (other < anchor &&
          !(anchor_is_head ? kg_.out_edges(other, hop->relation) : kg_.in_edges(other, hop->relation)).empty())
        anchor = other;
    LogicalQuery query{{pattern(term(anchor), hop->relation, {kAnswer}, hop->other_side)}};
    auto answers = selective_answers(query);
    return make(
        std::move(query), std::move(answers),
        fill(phrases(hop->relation).question[static_cast<int>(hop->other_side)], mention(anchor), false, false));
  }

  // anchor - r1 - ?v1 - r2 - ?a, with ?v1 the only entity r1 joins to the anchor, so that
  // a noun phrase names it: "Where was the director of Jaws born?"
  std::optional<Question> path() {
    RelationId r2 = relations_[pick(relations_.size())];
    Side side2 = pick_side();
    auto middle = pick_end(r2, side2 == Side::Tail ? Side::Head : Side::Tail);
    if (!middle) return std::nullopt;
    auto hop = pick_hop(*middle);
    if (!hop || hop->other == *middle || !nameable(hop->other)) return std::nullopt;
    Side middle_side = hop->other_side == Side::Tail ? Side::Head : Side::Tail;
    EdgeList joined =
        middle_side == Side::Tail ? kg_.out_edges(hop->other, hop->relation) : kg_.in_edges(hop->other, hop->relation);
    if (joined.size() != 1) return std::nullopt;
    LogicalQuery query{
        {pattern(term(hop->other), hop->relation, {kMiddle}, middle_side), pattern({kMiddle}, r2, {kAnswer}, side2)}};
    auto answers = selective_answers(query);
    auto middle_phrase =
        fill(phrases(hop->relation).noun_phrase[static_cast<int>(middle_side)], mention(hop->other), false, false);
    if (!middle_phrase) return std::nullopt;
    return make(std::move(query), std::move(answers),
                fill(phrases(r2).question[static_cast<int>(side2)], *middle_phrase, true, false));
  }

  // (e1 - r1 - ?a) AND (e2 - r2 - ?a), each branch needed (alone it has more answers):
  // "Who directed Jaws and was born in Cincinnati?"
  std::optional<Question> tree() {
    RelationId r1 = relations_[pick(relations_.size())];
    Side side1 = pick_side();
    auto answer = pick_end(r1, side1);
    if (!answer) return std::nullopt;
    EdgeList firsts = side1 == Side::Tail ? kg_.in_edges(*answer, r1) : kg_.out_edges(*answer, r1);
    if (firsts.empty()) return std::nullopt;
    EntityId e1 = firsts[pick(firsts.size())].other;
    auto second = pick_hop(*answer);
    if (!second || second->other == e1 || !nameable(e1) || !nameable(second->other)) return std::nullopt;
    Side side2 = second->other_side == Side::Tail ? Side::Head : Side::Tail;
    LogicalQuery query{
        {pattern(term(e1), r1, {kAnswer}, side1), pattern(term(second->other), second->relation, {kAnswer}, side2)}};
    if (query.shape() != QueryShape::Tree) return std::nullopt;
    auto answers = selective_answers(query);
    for (const auto& branch : query.patterns)
      if (!needed(branch, answers.size())) return std::nullopt;
    auto [subject, plural] = subject_of(answers, phrases(r1).question[static_cast<int>(side1)]);
    const std::string& clause1 = phrases(r1).clause[static_cast<int>(side1)];
    std::optional<std::string> clauses;
    if (r1 == second->relation && side1 == side2) {  // "Who directed Jaws and E.T.?"
      clauses = fill(clause1, mention(e1) + " and " + mention(second->other), false, plural);
    } else {
      auto c1 = fill(clause1, mention(e1), false, plural);
      auto c2 = fill(phrases(second->relation).clause[static_cast<int>(side2)], mention(second->other), false, plural);
      if (c1 && c2) clauses = *c1 + " and " + *c2;
    }
    if (!clauses) return std::nullopt;
    return make(std::move(query), std::move(answers), subject + " " + *clauses + "?");
  }

  // The branch alone has more than `answers` answers.
  bool needed(const TriplePattern& branch, std::size_t answers) const {
    ProblemCounts unused;
    auto resolved = resolve(LogicalQuery{{branch}}, kg_, unused, {});
    return resolved && match(*resolved, kg_, answers + 1).size() > answers;
  }

  // How the question names its answers: "Which film", "Which films", "Who" (people, or on
  // an untyped KG when `question`, asking the same, begins so) or "What", and whether its
  // verbs are plural.
  std::pair<std::string, bool> subject_of(const std::vector<EntityId>& answers, std::string_view question) const {
    TypeId type = answers.empty() ? kNone : kg_.entity_type(answers[0]);
    for (EntityId a : answers)
      if (kg_.entity_type(a) != type) type = kNone;
    std::string noun(type == kNone ? "" : kg_.type_name(type));
    if (noun == "person" || (type == kNone && question.starts_with("Who "))) return {"Who", false};
    if (type == kNone) return {"What", false};
    std::replace(noun.begin(), noun.end(), '_', ' ');
    bool plural = answers.size() > 1;
    return {"Which " + (plural ? plural_noun(noun) : noun), plural};
  }

  const KnowledgeGraph& kg_;
  const QueryTemplates& templates_;
  Rng rng_;
  std::vector<RelationId> relations_;   // those with phrases
  std::vector<EntityId> shared_names_;  // entities whose name another entity has too
};

}  // namespace

std::vector<Question> sample_questions(const KnowledgeGraph& kg, const QueryTemplates& templates,
                                       std::span<const Question> avoid, std::size_t count, std::uint64_t seed) {
  std::set<std::string> queries, texts, ids;
  for (const auto& q : avoid) {
    queries.insert(query_key(q.query));
    texts.insert(q.text);
    ids.insert(q.id);
  }
  std::vector<Question> out;
  Sampler sampler(kg, templates, seed);
  std::size_t next_id = 1, misses = 0;
  auto is_new = [&](const Question& q) { return !texts.contains(q.text) && !queries.contains(query_key(q.query)); };
  while (sampler.possible() && out.size() < count && misses < kMaxMisses) {
    QueryShape shape = sampler.pick_shape();
    std::optional<Question> q;
    for (std::size_t tries = 0; tries < kTriesPerQuestion && !(q && is_new(*q)); ++tries) q = sampler.draw(shape);
    if (!q || !is_new(*q)) {
      ++misses;
      continue;
    }
    misses = 0;
    texts.insert(q->text);
    queries.insert(query_key(q->query));
    do q->id = fmt::format("s{:05}", next_id++);
    while (ids.contains(q->id));
    out.push_back(std::move(*q));
  }
  return out;
}

}  // namespace caqa::kg
