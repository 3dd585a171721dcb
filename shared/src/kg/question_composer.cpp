// Questions composed from the extended query (issue 33): every condition a clause of its
// own, attached to the noun it describes, from the phrases of query_templates.h. A single
// triple is asked with its question phrase ("Who directed Jaws?"); a path with a noun
// phrase for the middle ("Where was the director of Jaws born?", plural when the KG has
// several: "What genres are the films starring Rami Malek?"); a tree, and any question
// with an answer intersection, as clauses on the answer ("Which films were directed by
// Steven Spielberg and starred Tom Hanks?"); a head intersection as a relative clause on
// the subject it is about ("Who was Steven Spielberg, who directed Jaws, married to?"); a
// union over the entities that share a name, with what tells them apart ("Who directed the
// 1937 and 1954 films named A Star Is Born?").
#include <algorithm>

#include <fmt/format.h>

#include "caqa/kg/verbalizer.h"
#include "caqa/text.h"
#include "caqa/verbalize/english.h"
#include "pattern_ends.h"

namespace caqa::kg {

using verbalize::Slot;

namespace {

// The phrase side that asks for the node's end of the pattern.
Side asked_side(const ResolvedPattern& p, const Node& n) { return p.tail == n ? Side::Tail : Side::Head; }
std::size_t at(Side side) { return static_cast<std::size_t>(side); }

// How many entities the KG has at `side` of `relation` whose other end is `other`.
std::size_t count_at(const KnowledgeGraph& kg, Side side, RelationId relation, EntityId other) {
  return (side == Side::Tail ? kg.out_edges(other, relation) : kg.in_edges(other, relation)).size();
}

// "the film starring {x}" -> "the films starring {x}": the noun after the leading "the".
std::string plural_phrase(const std::string& phrase) {
  if (phrase.rfind("the ", 0) != 0) return phrase;
  const std::size_t end = std::min(phrase.find(' ', 4), phrase.size());
  const std::string noun = phrase.substr(4, end - 4);
  return "the " + plural_noun(noun) + phrase.substr(end);
}

// "had {x} as a member" where {x} is a list: "had A and B as members" (not "A and B as a
// member", which readers marked).
std::string plural_role(const std::string& phrase) {
  const std::size_t x = phrase.find("{x}");
  if (x == std::string::npos) return phrase;
  const std::string_view rest = std::string_view(phrase).substr(x + 3);
  if (!rest.starts_with(" as a ") && !rest.starts_with(" as an ")) return phrase;
  return phrase.substr(0, x + 3) + verbalize::plural_role(rest);
}

// The participle of a passive clause without its "was" ("directed by David Lynch"), or a
// place without its "is" ("in the Philippines"); empty for any other clause, or one that
// carries a clause of its own.
std::string participle_phrase(std::string_view clause) {
  if (clause.find(", ") != std::string_view::npos) return {};
  for (std::string_view be : {"was ", "were ", "is ", "are "}) {
    if (!clause.starts_with(be)) continue;
    const std::string_view rest = clause.substr(be.size());
    if (rest.starts_with("in ") && (be == "is " || be == "are ")) return std::string(rest);
    const std::string_view verb = rest.substr(0, rest.find(' '));
    return verbalize::is_past_participle(verb) && verb.size() < rest.size() ? std::string(rest) : std::string();
  }
  return {};
}

// "Which film was released in 2003, was directed by Sofia Coppola and starred Bill Murray?"
// as a person asks it: "Which film released in 2003 and directed by Sofia Coppola starred
// Bill Murray?" (issue 40): passive conditions as participles on the noun, the rest as its
// verbs; the last condition stays a verb when every one is passive.
std::string with_participles_first(const std::string& subject, const std::vector<std::string>& clauses) {
  std::vector<std::string> participles, verbs;
  for (const std::string& c : clauses) {
    std::string p = participle_phrase(c);
    (p.empty() ? verbs : participles).push_back(p.empty() ? c : std::move(p));
  }
  if (clauses.size() < 2 || participles.empty()) return subject + " " + verbalize::join_list(clauses) + "?";
  if (verbs.empty()) {
    participles.pop_back();
    verbs.push_back(clauses.back());
  }
  return subject + " " + verbalize::join_list(participles) + " " + verbalize::join_list(verbs) + "?";
}

std::string tidy_question(std::string s) {
  // "Who directed Who Framed Roger Rabbit?": the title's mark ends the question.
  if (s.size() >= 2 && s.ends_with("??")) s.pop_back();
  for (std::string_view bad : {", ?", ",?"})
    for (std::size_t at = s.find(bad); at != std::string::npos; at = s.find(bad)) s.replace(at, bad.size(), "?");
  for (std::size_t at = s.find(",,"); at != std::string::npos; at = s.find(",,")) s.replace(at, 2, ",");
  return s;
}

}  // namespace

bool Verbalizer::is_person(const ResolvedPattern& p, const Node& n, EntityId e) const {
  const TypeId type = e == kNone ? kNone : kg_.entity_type(e);
  if (type != kNone) return kg_.type_name(type) == "person";
  return phrasing(p.relation).is_person(slot_of(p, n));
}

std::optional<std::string> Verbalizer::constant_phrase(const ExtendedQuery& query, EntityId c) const {
  std::string out = name(c);
  if (query.extension != Extension::HeadIntersection || c != query.anchored_subject) return out;
  const ResolvedPattern& added = query.branches[0].patterns.front();
  const Node node{false, c};
  const RelationPhrases* rp = question_phrases_->find(kg_.relation_name(added.relation));
  if (!rp) return std::nullopt;
  const std::string new_name = name(query.new_subject);
  const Side side = asked_side(added, node);
  const bool definite = new_name.rfind("the ", 0) == 0;
  // The one entity the KG has there is named by its role, as a writer would ("Chloé Zhao, the
  // director of Nomadland,"); several, by a clause ("Zhang Ziyi, who starred in ...,"). Only
  // a role "of" the other end: "Paris, Texas, the film starring Harry Dean Stanton" would say
  // he starred in one film. Nor a state that held once ("was married to"): "the spouse of"
  // says it holds now.
  const std::string& role = rp->noun_phrase[at(side)];
  if (count_at(kg_, side, added.relation, query.new_subject) == 1 && role.starts_with("the ") &&
      role.ends_with(" of {x}") && !rp->clause[at(side)].starts_with("{be} "))
    if (auto noun = fill(role, new_name, definite, false)) return fmt::format("{}, {},", out, *noun);
  auto clause = fill(rp->clause[at(side)], new_name, definite, false);
  if (!clause) return std::nullopt;
  return fmt::format("{}, {} {},", out, is_person(added, node, c) ? "who" : "which", *clause);
}

std::optional<Verbalizer::Phrase> Verbalizer::node_phrase(const ExtendedQuery& query, const Node& node,
                                                          std::size_t from) const {
  if (!node.variable) {
    auto c = constant_phrase(query, node.id);
    if (!c) return std::nullopt;
    // "the United States dollar" takes the place of a phrase's own "the".
    const bool definite = c->rfind("the ", 0) == 0;
    return Phrase{*c, definite, false};
  }
  // A middle variable: named by the one other pattern that leads to a constant.
  const ResolvedQuery& q = query.branches[0];
  for (std::size_t i = 0; i < q.patterns.size(); ++i) {
    const ResolvedPattern& p = q.patterns[i];
    if (i == from || !touches(p, node)) continue;
    const Node& far = end_at(p, verbalize::other(slot_of(p, node)));
    if (far.variable) return std::nullopt;
    const RelationPhrases* rp = question_phrases_->find(kg_.relation_name(p.relation));
    if (!rp) return std::nullopt;
    const std::string& phrase = rp->noun_phrase[at(asked_side(p, node))];
    const auto c = constant_phrase(query, far.id);
    if (!c || phrase.empty()) return std::nullopt;
    const bool definite = c->rfind("the ", 0) == 0;
    // "the director of Jaws" names one entity where the KG gives one; else the phrase names
    // them all ("the films starring Rami Malek"). Readers read "the producers of" as more
    // than one (issue 40); a set the world has more of is not asked (answerability.h).
    const bool plural = count_at(kg_, asked_side(p, node), p.relation, far.id) != 1;
    // "the university Samuel Beckett, who has worked as a novelist, attended": a clause
    // inside a noun phrase is more than a reader can hold.
    if (c->find(", ") != std::string::npos && !phrase.ends_with("{x}")) return std::nullopt;
    auto filled = fill(plural ? plural_phrase(phrase) : phrase, *c, definite, plural);
    if (!filled) return std::nullopt;
    return Phrase{*filled, true, plural};
  }
  return std::nullopt;
}

std::optional<std::string> Verbalizer::composed_question(const ExtendedQuery& query, const Attribution& g) const {
  if (!question_phrases_) return std::nullopt;
  const ResolvedQuery& q = query.branches[0];
  const Node answer{true, 0};
  std::vector<std::size_t> conditions;
  for (std::size_t i = 0; i < q.patterns.size(); ++i)
    if (touches(q.patterns[i], answer)) conditions.push_back(i);
  auto phrases = [&](std::size_t i) { return question_phrases_->find(kg_.relation_name(q.patterns[i].relation)); };
  for (std::size_t i = 0; i < q.patterns.size(); ++i)
    if (!phrases(i)) return std::nullopt;
  if (conditions.size() == 1) {
    const ResolvedPattern& p = q.patterns[conditions[0]];
    const Node& far = end_at(p, verbalize::other(slot_of(p, answer)));
    const std::string& asked = phrases(conditions[0])->question[at(asked_side(p, answer))];
    if (query.branches.size() > 1) {
      // A union: the question asked of every entity that shares the subject's name, with
      // what tells each apart ("Who directed the 1933 and 2020 films named The Invisible
      // Man?"): "the two people named John Williams" alone reads as one of many, since the
      // world has more John Williamses than the KG; each name written in full ("Little Women
      // (1933), Little Women (1949), ...") reads as a list.
      if (!display_names_) return std::nullopt;
      std::vector<std::string> qualifiers;
      for (const ResolvedQuery& branch : query.branches)
        for (const ResolvedPattern& bp : branch.patterns)
          if (touches(bp, answer)) {
            const auto q = display_names_->qualifier(end_at(bp, verbalize::other(slot_of(bp, answer))).id);
            if (q.relation == kNone) return std::nullopt;
            qualifiers.emplace_back(kg_.entity_name(q.value));
          }
      const Slot far_slot = verbalize::other(slot_of(p, answer));
      const TypeId type = kg_.entity_type(far.id);
      std::string noun = type != kNone ? std::string(kg_.type_name(type)) : phrasing(p.relation).noun(far_slot);
      if (noun.empty()) return std::nullopt;
      std::replace(noun.begin(), noun.end(), '_', ' ');
      // Years, as a person writes them ("the 1984 and 2021 films named Dune"); roles the same
      // ("the actor and the artist named Steve McQueen"); any other qualifier in parentheses.
      const auto is_year = [](const std::string& q) {
        return !q.empty() && std::all_of(q.begin(), q.end(), [](char c) { return c >= '0' && c <= '9'; });
      };
      const auto is_role = [](const std::string& q) { return !q.empty() && is_ascii_lower(q[0]); };
      std::string x;
      if (std::all_of(qualifiers.begin(), qualifiers.end(), is_year)) {
        x = fmt::format("the {} {} named {}", verbalize::join_list(qualifiers), plural_noun(noun),
                        unqualified_name(far.id));
      } else if (std::all_of(qualifiers.begin(), qualifiers.end(), is_role)) {
        std::vector<std::string> roles;
        for (const std::string& q : qualifiers) roles.push_back("the " + q);
        x = fmt::format("{} named {}", verbalize::join_list(roles), unqualified_name(far.id));
      } else {
        const std::size_t n = qualifiers.size();
        static constexpr std::array<std::string_view, 8> kCount = {"",     "",     "two", "three",
                                                                   "four", "five", "six", "seven"};
        x = fmt::format("each of the {} {} named {} ({})", n < kCount.size() ? kCount[n] : std::to_string(n),
                        plural_noun(noun), unqualified_name(far.id), verbalize::join_list(qualifiers));
      }
      auto out = fill(asked, x, false, !x.starts_with("each of"));
      return out ? std::optional(tidy_question(*out)) : std::nullopt;
    }
    auto x = node_phrase(query, far, conditions[0]);
    if (!x) return std::nullopt;
    // "Where was Steven Spielberg, who directed Jaws, born?" holds a clause in the middle:
    // asked as a clause on the answer instead ("Which city is the birthplace of Steven
    // Spielberg, who directed Jaws?") where that phrase ends with the name.
    // A name's own comma ("California State University, Long Beach") is no clause.
    const bool named_only = !far.variable && x->text == name(far.id);
    const bool clause_inside = !named_only && x->text.find(", ") != std::string::npos && !asked.ends_with("{x}?");
    if (!clause_inside) {
      auto out = fill(asked, x->text, x->noun_phrase, x->plural);
      return out ? std::optional(tidy_question(*out)) : std::nullopt;
    }
    if (!phrases(conditions[0])->clause[at(asked_side(p, answer))].ends_with("{x}")) return std::nullopt;
  }
  // Clauses on the answer: "Who directed Jaws and was born in Cincinnati?"
  const bool several = g.targets.size() > 1;
  // What the answers are: "Who", "Which films" (their type, else the relation's noun), "What".
  const ResolvedPattern& first = q.patterns[conditions[0]];
  const Slot about = slot_of(first, answer);
  TypeId type = kg_.entity_type(g.targets.front());
  for (EntityId a : g.targets)
    if (kg_.entity_type(a) != type) type = kNone;
  std::string noun = type != kNone ? std::string(kg_.type_name(type)) : phrasing(first.relation).noun(about);
  std::replace(noun.begin(), noun.end(), '_', ' ');
  std::string subject;
  if (noun == "person")
    subject = "Who";
  else if (noun.empty() || noun == "work" || noun == "one")
    subject = "What";
  else
    subject = "Which " + (several ? plural_noun(noun) : noun);
  // Clauses whose object is a noun phrase or carries a clause of its own go last, so that
  // "and" cannot attach to it ("Who directed Three Brave Men and wrote the films starring
  // Michael Rennie?").
  std::vector<std::string> clauses, last;
  std::vector<bool> done(q.patterns.size(), false);
  // A role the answer is ("{is} {a x}": a novelist) names it instead of "Who", as a person
  // asks: "Which novelist wrote Anna Karenina?", not "Who wrote Anna Karenina and is a
  // novelist?" (issue 40).
  if (subject == "Who" && conditions.size() > 1)
    for (std::size_t i : conditions) {
      const ResolvedPattern& p = q.patterns[i];
      const Node& far = end_at(p, verbalize::other(slot_of(p, answer)));
      if (far.variable || phrases(i)->clause[at(asked_side(p, answer))] != "{is} {a x}") continue;
      if (std::count_if(conditions.begin(), conditions.end(),
                        [&](std::size_t j) { return q.patterns[j].relation == p.relation; }) > 1)
        break;
      const std::string role(kg_.entity_name(far.id));
      // Not where the role starts with another thing's type ("Which film director ..." first
      // reads as a film).
      const std::string first_word = role.substr(0, role.find(' '));
      if (kg_.find_type(first_word)) break;
      subject = "Which " + (several ? plural_noun(role) : role);
      done[i] = true;
      break;
    }
  // "Who" takes a verb in the singular however many answer. Conditions in one relation,
  // said the same way, share their clause ("starred Brad Pitt and Susan Sarandon").
  const bool plural = several && subject != "Who";
  for (std::size_t i : conditions) {
    if (done[i]) continue;
    const ResolvedPattern& p = q.patterns[i];
    const Side side = asked_side(p, answer);
    std::vector<std::string> objects;
    bool noun_phrase = false;
    for (std::size_t j : conditions) {
      const ResolvedPattern& other = q.patterns[j];
      if (done[j] || other.relation != p.relation || asked_side(other, answer) != side) continue;
      auto x = node_phrase(query, end_at(other, verbalize::other(slot_of(other, answer))), j);
      if (!x) return std::nullopt;
      objects.push_back(x->text);
      noun_phrase = noun_phrase || x->noun_phrase;
      done[j] = true;
    }
    // An object with a clause of its own goes last, so that its clause ends the list
    // ("produced by Michael Bay and Sean S. Cunningham, who directed ...").
    std::stable_partition(objects.begin(), objects.end(),
                          [](const std::string& o) { return o.find(", ") == std::string::npos; });
    // 'tagged "comedy" and "gene wilder"': a quoted slot quotes each object.
    std::string phrase = phrases(i)->clause[at(side)];
    if (const auto quoted = phrase.find("\"{x}\""); quoted != std::string::npos && objects.size() > 1) {
      phrase.replace(quoted, 5, "{x}");
      for (auto& o : objects) o = "\"" + o + "\"";
    }
    if (objects.size() > 1) phrase = plural_role(phrase);
    auto clause = fill(phrase, verbalize::join_list(objects), noun_phrase, plural);
    if (!clause) return std::nullopt;
    const bool long_object = noun_phrase || clause->find(", ") != std::string::npos;
    (long_object ? last : clauses).push_back(std::move(*clause));
  }
  clauses.insert(clauses.end(), last.begin(), last.end());
  if (subject.starts_with("Which ")) return tidy_question(with_participles_first(subject, clauses));
  return tidy_question(subject + " " + verbalize::join_list(clauses) + "?");
}

}  // namespace caqa::kg
