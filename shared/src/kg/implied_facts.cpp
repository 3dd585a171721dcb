#include "caqa/kg/implied_facts.h"

#include <algorithm>
#include <optional>

#include "caqa/text.h"

namespace caqa::kg {

ImpliedFacts ImpliedFacts::parse(const TextSource& source, const KnowledgeGraph& kg, ProblemCounts& problems) {
  ImpliedFacts out;
  out.by_relation_.resize(kg.relation_count());
  auto term = [&](std::string_view word) -> std::optional<Term> {
    if (word == "{head}") return Term{Term::Head, kNone};
    if (word == "{tail}") return Term{Term::Tail, kNone};
    if (auto e = kg.find_entity(word)) return Term{Term::Entity, *e};
    return std::nullopt;
  };
  for (const auto& [when, rule] : read_two_column_table(source, problems)) {
    const auto condition = space_separated(when), parts = space_separated(rule);
    if (condition.empty() || condition.size() > 2 || parts.size() != 3) {
      problems.add("implied facts: a rule is not 'relation[ tail]<TAB>term relation term'", source.name,
                   when + "\t" + rule);
      continue;
    }
    const auto from = kg.find_relation(condition[0]), to = kg.find_relation(parts[1]);
    const auto head = term(parts[0]), tail = term(parts[2]);
    const auto when_tail = condition.size() == 2 ? kg.find_entity(condition[1]) : std::optional<EntityId>(kNone);
    if (!from || !to || !head || !tail || !when_tail) {
      problems.add("implied facts: a rule names a relation or entity the KG lacks", source.name, when + "\t" + rule);
      continue;
    }
    out.by_relation_[*from].push_back({*when_tail, *head, *to, *tail});
    ++out.rules_;
  }
  return out;
}

std::vector<Triple> ImpliedFacts::closure(std::span<const Triple> facts, const RelationProfile& profile) const {
  std::vector<Triple> out(facts.begin(), facts.end());
  for (const Triple& f : facts) {
    if (profile.symmetric(f.relation)) out.push_back({f.tail, f.relation, f.head});
    if (f.relation >= by_relation_.size()) continue;
    auto end_of = [&](const Term& t) {
      return t.kind == Term::Head ? f.head : t.kind == Term::Tail ? f.tail : t.entity;
    };
    for (const Rule& r : by_relation_[f.relation])
      if (r.when_tail == kNone || r.when_tail == f.tail) out.push_back({end_of(r.head), r.relation, end_of(r.tail)});
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace caqa::kg
