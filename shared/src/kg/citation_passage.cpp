// A citation as passages about their subjects (issue 40, docs/verbalize.md "The passage
// plan"): what a reader meets in use is an encyclopedia-like passage, not a list of stock
// sentences. Only the order and wording of the citation's facts are planned here, so the
// label, read off the facts, is the same however they are said:
//  - a topic, the entity most facts are about (heads count twice), said first; each fact
//    said about the topic where it is an end, else about its head;
//  - a subject's facts in one sentence ("Britt Ekland, who holds citizenship of Sweden, was
//    married to Peter Sellers."), one relation's objects in one list; subjects in the order
//    the facts reach them from the topic; a fact about the object that ends a sentence as
//    its relative clause, at most one clause a sentence; subjects that say the same thing
//    share a sentence ("Hero and Paris, Texas are classed as drama.");
//  - a name in full where a passage first names it, then "it" for a thing the sentence
//    before was about, "the film" for the citation's only film, a surname no other name
//    of the citation has;
//  - two passages, "[1] ... [2] ...", when asked: the topic and what is one step from it,
//    then the rest.
#include <algorithm>
#include <cctype>
#include <optional>

#include "caqa/kg/verbalizer.h"
#include "caqa/text.h"
#include "caqa/verbalize/english.h"
#include "citation_plan.h"

namespace caqa::kg {

using verbalize::RelationPhrasing;
using verbalize::Slot;

namespace {

// Family names written first (Chinese, Korean, Vietnamese): the last word of such a name is
// a given name, never a surname to refer by.
bool family_name_first(std::string_view first) {
  static constexpr std::string_view kNames[] = {
      "Bae",   "Bong", "Cao",  "Chan",  "Cheung", "Chow",  "Fan",   "Feng", "He",    "Ho",    "Jin",    "Lam",
      "Leung", "Ng",   "Qi",   "Tan",   "Yip",    "Chen",  "Cheng", "Cho",  "Choi",  "Deng",  "Du",     "Gao",
      "Gong",  "Guo",  "Han",  "Hou",   "Hu",     "Huang", "Jang",  "Jeon", "Jia",   "Jiang", "Jung",   "Kang",
      "Kim",   "Lee",  "Li",   "Liang", "Lim",    "Lin",   "Liu",   "Lu",   "Luo",   "Ma",    "Nguyen", "Park",
      "Peng",  "Pham", "Shin", "Song",  "Sun",    "Tang",  "Tian",  "Tran", "Wang",  "Wong",  "Wu",     "Xie",
      "Xu",    "Yang", "Yao",  "Yeoh",  "Yoon",   "Yu",    "Zhang", "Zhao", "Zheng", "Zhou",  "Zhu"};
  return std::find(std::begin(kNames), std::end(kNames), first) != std::end(kNames);
}

// Nouns a reader takes as one thing of the passage ("the film"), by KG type.
bool referring_noun(std::string_view type) {
  return type == "film" || type == "band" || type == "album" || type == "book" || type == "city" ||
         type == "university";
}

}  // namespace

struct Verbalizer::PassageWriter {
  const Verbalizer& v;
  std::span<const Triple> facts;
  std::span<const EntityId> plain;
  std::vector<Told> told;
  std::vector<EntityId> entities;  // every entity of the citation
  std::vector<EntityId> named;     // named so far in this passage
  EntityId last_subject = kNone;
  std::string out;
  std::vector<std::pair<RelationId, EntityId>> said = {};  // (relation, object) of the passage's predicates

  bool is_named(EntityId e) const { return std::find(named.begin(), named.end(), e) != named.end(); }

  // Whether another entity of the citation has the same name (then it is always qualified).
  bool namesake_present(EntityId e) const {
    const std::string_view n = v.kg_.entity_name(e);
    return std::any_of(entities.begin(), entities.end(),
                       [&](EntityId o) { return o != e && v.kg_.entity_name(o) == n; });
  }

  // Named without its qualifier: the citation states the qualifier's fact ("Paris lies in
  // France"), or the answer names it so.
  bool told_apart(EntityId e) const {
    return v.display_names_ &&
           (v.display_names_->states_qualifier(e, facts) || std::find(plain.begin(), plain.end(), e) != plain.end());
  }

  std::string type_of(EntityId e) const {
    const TypeId t = v.kg_.entity_type(e);
    return t == kNone ? std::string() : std::string(v.kg_.type_name(t));
  }

  // Whether the KG types it a person; in a KG without types, whether a phrasing of its
  // facts calls it one (won_award says "person" of a book that won the Booker Prize).
  bool is_person(EntityId e) const {
    if (const std::string type = type_of(e); !type.empty()) return type == "person";
    return std::any_of(told.begin(), told.end(), [&](const Told& t) {
      const RelationPhrasing& p = v.phrasing(t.fact.relation);
      return (t.fact.head == e && p.is_person(Slot::Head)) || (t.fact.tail == e && p.is_person(Slot::Tail));
    });
  }

  // A person's last name where no other name of the citation has that word.
  std::optional<std::string> surname(EntityId e) const {
    if (!is_person(e)) return std::nullopt;
    const std::string_view n = v.kg_.entity_name(e);
    const auto words = space_separated(n);
    if (words.size() < 2 || verbalize::takes_the(n)) return std::nullopt;
    const std::string_view last = words.back();
    // Not where the last word is no family name: "Bong Joon-ho", "Zhang Yimou" (family name
    // first), "Jaco Van Dormael" (a particle), "Martin Luther King Jr.".
    if (last.size() < 3 || !std::isupper(static_cast<unsigned char>(last[0])) ||
        std::any_of(last.begin(), last.end(), [](char c) { return c == '.' || c == ',' || c == '-'; }) ||
        last == "III" || last == "II" || family_name_first(words.front()) ||
        (words.size() > 2 && std::islower(static_cast<unsigned char>(words[words.size() - 2][0]))) ||
        words[words.size() - 2] == "Van" || words[words.size() - 2] == "Von" || words[words.size() - 2] == "De")
      return std::nullopt;
    for (EntityId o : entities) {
      if (o == e) continue;
      for (std::string_view w : space_separated(v.kg_.entity_name(o)))
        if (w == last) return std::nullopt;
    }
    return std::string(last);
  }

  // The name as this passage says it: in full where first named, then shorter.
  std::string mention(EntityId e) {
    std::string s;
    if (!is_named(e)) {
      v.append_name(s, e, namesake_present(e) || !told_apart(e));
      named.push_back(e);
      return s;
    }
    if (auto last = surname(e)) return *last;
    v.append_name(s, e, namesake_present(e));
    return s;
  }

  // The subject of a sentence; `continuing` when it goes on with the same subject's facts,
  // `was_last` when the sentence before was about it.
  std::string subject_phrase(EntityId e, bool continuing, bool was_last) {
    if (!is_named(e) || is_person(e) || !(continuing || was_last)) return mention(e);
    // "the film" only where the sentence before was about it, so the reader knows what it is.
    const std::string type = type_of(e);
    if (!continuing && referring_noun(type) &&
        std::none_of(entities.begin(), entities.end(), [&](EntityId o) { return o != e && type_of(o) == type; }))
      return "the " + type;
    return "it";
  }

  void end_sentence(std::size_t start) {
    out[start] = static_cast<char>(std::toupper(static_cast<unsigned char>(out[start])));
    if (out.back() != '.') out.push_back('.');
  }

  // The predicates of `facts` (one subject): one relation's objects as one list where the
  // phrasing ends with them. Each predicate with its object when it names one alone.
  struct Predicate {
    std::string text;
    EntityId object = kNone;
    bool again = false;  // said of another subject before: "also", once a sentence
  };
  // The predicates of one sentence, the first said again with "also" (one "also" reads as
  // the whole sentence's; "also starred Caine and was also directed by Nolan" does not).
  std::vector<std::string> sentence_predicates(const std::vector<Predicate>& preds, std::size_t from, std::size_t to,
                                               bool& also_said) const {
    std::vector<std::string> out;
    for (std::size_t i = from; i < to; ++i) {
      out.push_back(preds[i].again && !also_said ? verbalize::with_also(preds[i].text) : preds[i].text);
      also_said = also_said || preds[i].again;
    }
    return out;
  }
  std::vector<Predicate> predicates(const std::vector<std::size_t>& facts) {
    std::vector<Predicate> preds;
    std::vector<bool> done(facts.size(), false);
    for (std::size_t a = 0; a < facts.size(); ++a) {
      if (done[a]) continue;
      const Told& first = told[facts[a]];
      const RelationPhrasing& p = v.phrasing(first.fact.relation);
      std::vector<EntityId> objects{first.other};
      if (lists_objects(p, first.phrasing))
        for (std::size_t b = a + 1; b < facts.size(); ++b)
          if (!done[b] && told[facts[b]].fact.relation == first.fact.relation &&
              told[facts[b]].subject_slot == first.subject_slot) {
            objects.push_back(told[facts[b]].other);
            done[b] = true;
          }
      std::vector<std::string> names;
      for (EntityId o : objects) names.push_back(mention(o));
      // What the passage said of another subject already is said again with "also".
      const std::pair<RelationId, EntityId> what{first.fact.relation, first.other};
      const bool again = objects.size() == 1 && std::find(said.begin(), said.end(), what) != said.end();
      for (EntityId o : objects) said.emplace_back(first.fact.relation, o);
      preds.push_back({p.predicate(first.phrasing, verbalize::join_list(names)),
                       objects.size() == 1 && p.ends_with_other(first.phrasing) ? first.other : kNone, again});
    }
    return preds;
  }

  // One fact about `object` as a relative clause (", who was born in Cincinnati"), taken
  // from a group still to come in this passage.
  void object_clause(EntityId object, std::string_view said_of_it, bool also_said, std::vector<Group>& groups,
                     std::size_t from, std::size_t end) {
    for (std::size_t g = from; g < end; ++g) {
      Group& group = groups[g];
      if (group.subject != object || group.facts.empty()) continue;
      const std::size_t f = group.facts.front();
      const Told& t = told[f];
      std::string pred = v.phrasing(t.fact.relation).predicate(t.phrasing, mention(t.other));
      if (pred.empty()) return;
      // "directed by Terrence Malick, who also directed Badlands".
      if (!also_said && verbalize::shares_content_word(said_of_it, pred)) pred = verbalize::with_also(pred);
      out.append(is_person(object) ? ", who " : ", which ").append(pred);
      group.facts.erase(group.facts.begin());
      return;
    }
  }

  bool plural_keeps_object(const Told& t) const {
    std::string object;
    v.append_name(object, t.other);
    const std::string pred = v.phrasing(t.fact.relation).predicate(t.phrasing, object);
    // A role, a common noun, takes its plural ("have worked as film producers").
    if (!object.empty() && std::islower(static_cast<unsigned char>(object[0]))) {
      const std::string roles = verbalize::plural_noun_phrase(object);
      const std::string plural = verbalize::plural_predicate(pred);
      const std::size_t at = plural.find(roles);
      return at != std::string::npos && (at + roles.size() == plural.size() ||
                                         !std::isalnum(static_cast<unsigned char>(plural[at + roles.size()])));
    }
    // "works as an actor" has no plural that keeps the name ("work as actors"), nor "was the
    // spouse of" ("were the spouse of").
    if (pred.find("a " + object) != std::string::npos || pred.find("an " + object) != std::string::npos ||
        pred.starts_with("was the ") || pred.starts_with("is the "))
      return false;
    const std::string plural = verbalize::plural_predicate(pred);
    for (std::size_t at = plural.find(object); at != std::string::npos; at = plural.find(object, at + 1)) {
      const std::size_t after = at + object.size();
      if (after == plural.size() || !std::isalnum(static_cast<unsigned char>(plural[after]))) return true;
    }
    return false;
  }

  // Group `g`; groups before `end` are in its passage.
  void write_group(std::vector<Group>& groups, std::size_t g, std::size_t end) {
    Group& group = groups[g];
    if (group.facts.empty()) return;
    if (group.subject == kNone) {  // a sentence with no end as its subject
      const Told& t = told[group.facts.front()];
      out.push_back(' ');
      const std::size_t start = out.size();
      std::string head = mention(t.fact.head), tail = mention(t.fact.tail);
      out.append(v.phrasing(t.fact.relation).sentence(t.phrasing, head, tail));
      end_sentence(start);
      last_subject = kNone;
      group.facts.clear();
      return;
    }
    // Subjects that say the same one thing share the sentence, where the plural leaves the
    // object's name whole ("are films director" is not English).
    std::vector<EntityId> subjects{group.subject};
    if (group.facts.size() == 1 && !is_named(group.subject) && plural_keeps_object(told[group.facts.front()])) {
      const Told& t = told[group.facts.front()];
      for (std::size_t h = g + 1; h < end; ++h) {
        Group& other = groups[h];
        if (other.facts.size() != 1 || other.subject == kNone || is_named(other.subject)) continue;
        const Told& u = told[other.facts.front()];
        if (u.fact.relation == t.fact.relation && u.other == t.other && u.subject_slot == t.subject_slot &&
            u.phrasing == t.phrasing) {
          subjects.push_back(other.subject);
          other.facts.clear();
        }
      }
    }
    if (subjects.size() > 1) {
      std::vector<std::string> names;
      for (EntityId s : subjects) names.push_back(mention(s));
      const Told& t = told[group.facts.front()];
      const std::string pred = v.phrasing(t.fact.relation).predicate(t.phrasing, mention(t.other));
      out.push_back(' ');
      const std::size_t start = out.size();
      out.append(verbalize::join_list(names)).append(" ").append(verbalize::plural_predicate(pred));
      end_sentence(start);
      last_subject = kNone;
      group.facts.clear();
      return;
    }
    const EntityId subject = group.subject;
    const bool first_named = !is_named(subject);
    const bool was_last = last_subject == subject;
    std::string who = subject_phrase(subject, false, was_last);
    const Told& lead = told[group.facts.front()];
    const bool person = is_person(subject);
    // The drawn phrasing of the group's first fact chooses the form, so forms vary.
    const bool clause_form = first_named && group.facts.size() >= 2 && lead.phrasing % 2 == 0;
    const std::vector<Predicate> preds = predicates(group.facts);
    group.facts.clear();
    for (std::size_t k = 0; k < preds.size();) {
      const std::size_t take = std::min<std::size_t>(preds.size() - k, k == 0 && clause_form ? 3 : 2);
      out.push_back(' ');
      const std::size_t start = out.size();
      out.append(k == 0 ? who : subject_phrase(subject, true, true));
      bool clause = false, also_said = false;
      const std::vector<std::string> said_here = sentence_predicates(preds, k, k + take, also_said);
      if (k == 0 && clause_form && take >= 2) {
        out.append(person ? ", who " : ", which ").append(said_here[0]).append(",");
        clause = true;
        out.append(" ").append(said_here.size() == 2 ? said_here[1] : said_here[1] + " and " + said_here[2]);
      } else {
        out.append(" ").append(said_here[0]);
        if (take == 2) out.append(" and ").append(said_here[1]);
      }
      k += take;
      const EntityId object = preds[k - 1].object;
      if (!clause && object != kNone && object != subject)
        object_clause(object, preds[k - 1].text, also_said, groups, g + 1, end);
      end_sentence(start);
    }
    last_subject = subject;
  }
};

std::string Verbalizer::citation(std::span<const Triple> triples, std::span<const std::size_t> phrasings,
                                 std::size_t passages, std::span<const EntityId> named_plainly) const {
  const CitationPlan plan = plan_citation(
      triples, phrasings, passages, [this](RelationId r) -> const RelationPhrasing& { return phrasing(r); },
      [this](EntityId e) { return !kg_.out_edges(e).empty(); });
  PassageWriter w{*this, triples, named_plainly, plan.told, plan.entities, {}, kNone, {}};
  std::vector<Group> groups = plan.groups;
  const std::size_t cut = plan.cut;
  w.out = "[1]";
  for (std::size_t g = 0; g < groups.size(); ++g) {
    if (g == cut) {
      w.out.append(" [2]");
      w.named.clear();
      w.said.clear();
      w.last_subject = kNone;
    }
    w.write_group(groups, g, g < cut ? cut : groups.size());  // a clause never reaches into the next passage
  }
  return display_names_ ? display_names_->as_written(std::move(w.out), plan.entities) : w.out;
}

}  // namespace caqa::kg
