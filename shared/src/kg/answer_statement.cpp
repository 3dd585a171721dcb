// The answer statement (issue 33): it states every fact of G, so that the label a reader
// gives a citation is the one its facts make. A derivation is said around its answer in the
// relation's first phrasing ("David Lynch was born in Missoula, which is a city in the
// United States [1]."), other entities carrying what G says of them as relative clauses,
// one clause deep; anything further gets a sentence of its own. Answers whose derivations
// differ in the answer alone share one sentence ("Jaws and Duel were directed by Steven
// Spielberg"); answers through different middles are introduced by the link they share.
#include <algorithm>
#include <cctype>
#include <optional>

#include <fmt/format.h>

#include "caqa/kg/verbalizer.h"
#include "caqa/verbalize/english.h"
#include "pattern_ends.h"
#include "statement_text.h"

namespace caqa::kg {

using verbalize::RelationPhrasing;
using verbalize::Slot;

bool Verbalizer::quotes(const ResolvedPattern& p, const Node& node) const {
  const Slot at = slot_of(p, node);
  const std::string gap(kListGap), other = "x";
  const std::string s =
      phrasing(p.relation).sentence(0, at == Slot::Head ? gap : other, at == Slot::Tail ? gap : other);
  return s.find("\"" + gap + "\"") != std::string::npos;
}

// One derivation, pattern by pattern: the entity at each node of its query.
struct Verbalizer::Derivation {
  const ResolvedQuery& query;
  const std::vector<Triple>& facts;  // by pattern
  std::vector<bool> said;            // by pattern: stated so far
  // One relative clause a sentence, never one inside another (issue 40): what a second
  // clause would say gets a sentence of its own.
  bool clause_taken = false;
  EntityId entity(const Node& n, std::size_t pattern) const {
    if (!n.variable) return n.id;
    const ResolvedPattern& p = query.patterns[pattern];
    return p.head == n ? facts[pattern].head : facts[pattern].tail;
  }
};

std::string Verbalizer::clause_about(Derivation& d, const Node& node, std::size_t pattern, std::size_t depth) const {
  // What the far end's own clauses state counts only if this clause is written.
  const std::vector<bool> said_before = d.said;
  std::string out = try_clause_about(d, node, pattern, depth);
  if (out.empty()) d.said = said_before;
  return out;
}

std::string Verbalizer::clauses_about(Derivation& d, const Node& node, std::size_t from, std::size_t depth,
                                      const std::vector<std::size_t>& patterns) const {
  if (d.clause_taken) return {};
  d.clause_taken = true;  // the far ends of this clause take none of their own
  std::vector<std::string> clauses;
  for (std::size_t i : patterns)
    if (i != from && !d.said[i])
      if (std::string c = clause_about(d, node, i, depth); !c.empty()) clauses.push_back(std::move(c));
  if (clauses.empty()) {
    d.clause_taken = false;
    return {};
  }
  // One clause of several predicates: "Steven Spielberg, who directed Jaws and was born in
  // Cincinnati,"; an object clause ("where Bong Joon-ho was educated") keeps its pronoun.
  std::string joined = clauses[0];
  for (std::size_t i = 1; i < clauses.size(); ++i) {
    std::string c = clauses[i];
    if (c.rfind("who ", 0) == 0 || c.rfind("which ", 0) == 0) c.erase(0, c.find(' ') + 1);
    joined += (i + 1 == clauses.size() ? " and " : ", ") + c;
  }
  return joined;
}

std::string Verbalizer::try_clause_about(Derivation& d, const Node& node, std::size_t pattern,
                                         std::size_t depth) const {
  const ResolvedPattern& p = d.query.patterns[pattern];
  const Slot about = slot_of(p, node);
  const Node& far = end_at(p, verbalize::other(about));
  const std::vector<bool> said_before_far = d.said;
  const std::string far_phrase = noun_phrase(d, far, pattern, depth + 1);
  const RelationPhrasing& phrasing_of = phrasing(p.relation);
  const bool person = is_person(p, node, d.entity(node, pattern));
  if (std::string pred = phrasing_of.predicate_about(about, far_phrase); !pred.empty()) {
    d.said[pattern] = true;
    return (person ? "who " : "which ") + pred;
  }
  // An object clause puts the far end in its middle ("where Bong Joon-ho was educated"):
  // the far end's own clauses would nest one inside the other, so they are left to
  // sentences of their own.
  const std::string far_name = name(d.entity(far, pattern));
  std::string rc = phrasing_of.relative_clause(about, far_phrase);
  if (far_phrase != far_name && !rc.ends_with(far_phrase)) {
    d.said = said_before_far;
    rc = phrasing_of.relative_clause(about, far_name);
  }
  if (rc.rfind("that ", 0) == 0) rc = verbalize::fronted_relative(std::string_view(rc).substr(5), person);
  if (!rc.empty()) d.said[pattern] = true;
  return rc;
}

std::string Verbalizer::noun_phrase(Derivation& d, const Node& node, std::size_t from, std::size_t depth) const {
  std::string out = name(d.entity(node, from));
  // One relative clause deep: what lies further is said in a sentence of its own. A name
  // the phrase quotes ('is tagged "good"') takes no clause inside its quotes.
  if (depth > 1 || quotes(d.query.patterns[from], node)) return out;
  std::vector<std::size_t> touching;
  for (std::size_t i = 0; i < d.query.patterns.size(); ++i)
    if (touches(d.query.patterns[i], node)) touching.push_back(i);
  const std::string clause = clauses_about(d, node, from, depth, touching);
  return clause.empty() ? out : out + ", " + clause + ",";
}

std::optional<std::string> Verbalizer::sentence_from_one_subject(const ResolvedQuery& q,
                                                                 const std::vector<Triple>& facts,
                                                                 const std::vector<bool>& already_said) const {
  // "Masaru Ibuka was educated at Waseda University and is a citizen of Japan, which has
  // Japanese as an official language": a constant as the subject, every pattern it touches
  // a predicate about it, the path on to the answer as a clause on a far end. Failing
  // that, a middle entity ("Peter Benchley wrote the screenplay of Jaws and was born in New
  // York City, which is home to Columbia University"), so that no name is said twice.
  const Node answer{true, 0};
  for (const bool middles : {false, true})
    for (std::size_t s = 0; s < q.patterns.size(); ++s)
      for (const Node& c : {q.patterns[s].head, q.patterns[s].tail}) {
        if (c.variable != middles || c == answer) continue;
        Derivation d{q, facts, already_said};
        const EntityId subject = d.entity(c, s);
        std::vector<std::string> predicates;
        bool each = true;
        for (std::size_t i = 0; i < q.patterns.size() && each; ++i) {
          if (d.said[i] || !touches(q.patterns[i], c)) continue;
          const Slot about = slot_of(q.patterns[i], c);
          d.said[i] = true;
          const std::string far = noun_phrase(d, end_at(q.patterns[i], verbalize::other(about)), i, 1);
          std::string pred = phrasing(q.patterns[i].relation).predicate_about(about, far);
          each = !pred.empty();
          predicates.push_back(std::move(pred));
        }
        if (!each || std::find(d.said.begin(), d.said.end(), false) != d.said.end()) continue;
        return tidy(name(subject) + " " + verbalize::join_list(predicates));
      }
  return std::nullopt;
}

std::vector<std::string> Verbalizer::derivation_sentences(const ResolvedQuery& q, const std::vector<Triple>& facts,
                                                          const std::vector<std::string>& answers,
                                                          const std::vector<bool>& already_said) const {
  Derivation d{q, facts, already_said};
  const std::string subject = verbalize::join_list(answers);
  const bool plural = answers.size() > 1;
  const Node answer{true, 0};
  std::vector<std::size_t> at_answer;
  for (std::size_t i = 0; i < q.patterns.size(); ++i)
    if (touches(q.patterns[i], answer) && !d.said[i]) at_answer.push_back(i);
  // The answer is the subject when a relation's first phrasing starts with it ("Jaws was
  // directed by ..."); its other patterns follow as predicates, one per relation ("starred
  // Brad Pitt and Susan Sarandon"), or as relative clauses where no phrasing starts with it.
  const bool answer_leads = std::any_of(at_answer.begin(), at_answer.end(), [&](std::size_t i) {
    return phrasing(q.patterns[i].relation).subject(0) == slot_of(q.patterns[i], answer);
  });
  std::string out;
  if (answer_leads) {
    std::vector<std::string> predicates;
    for (std::size_t i : at_answer) {
      const ResolvedPattern& p = q.patterns[i];
      const Slot about = slot_of(p, answer);
      if (d.said[i] || phrasing(p.relation).predicate_about(about, "x").empty()) continue;
      std::vector<std::string> objects;
      for (std::size_t j : at_answer) {
        const ResolvedPattern& other = q.patterns[j];
        if (d.said[j] || other.relation != p.relation || slot_of(other, answer) != about) continue;
        objects.push_back(noun_phrase(d, end_at(other, verbalize::other(about)), j, 1));
        d.said[j] = true;
      }
      // An object with a clause of its own goes last: its clause then ends the list.
      std::stable_partition(objects.begin(), objects.end(),
                            [](const std::string& o) { return o.find(", ") == std::string::npos; });
      std::string pred = predicate_of_all(phrasing(p.relation), about, objects);
      predicates.push_back(plural ? verbalize::plural_predicate(pred) : pred);
    }
    const std::string relative = clauses_about(d, answer, q.patterns.size(), 0, at_answer);
    out = subject;
    if (!relative.empty()) out += ", " + relative + ",";
    out = tidy(out + " " + verbalize::join_list(predicates));
  } else if (!at_answer.empty()) {
    // The first fact in its first phrasing, the answer named in it with the rest as a
    // relative clause ("Steven Spielberg is a citizen of the United States, which uses
    // the United States dollar as its currency").
    const std::size_t main = at_answer.front();
    const ResolvedPattern& p = q.patterns[main];
    const Slot about = slot_of(p, answer);
    d.said[main] = true;
    std::string answer_phrase(kListGap);
    if (const std::string rest = clauses_about(d, answer, main, 0, at_answer); !rest.empty())
      answer_phrase += ", " + rest + ",";
    const std::string far_phrase = noun_phrase(d, end_at(p, verbalize::other(about)), main, 1);
    out = tidy(fill_list(sentence_without_stop(phrasing(p.relation), about == Slot::Head ? answer_phrase : far_phrase,
                                               about == Slot::Tail ? answer_phrase : far_phrase),
                         answers));
  }
  // A fact no clause could carry would need a sentence of its own: a path told from its
  // named end or a middle says it in one instead (sentence_from_one_subject).
  if (answers.size() == 1 && std::find(d.said.begin(), d.said.end(), false) != d.said.end())
    if (std::optional<std::string> one = sentence_from_one_subject(q, facts, already_said)) return {std::move(*one)};
  // A fact no clause could carry is said on its own: the statement never drops a claim.
  std::vector<std::string> sentences;
  if (!out.empty()) sentences.push_back(std::move(out));
  for (std::size_t i = 0; i < q.patterns.size(); ++i)
    if (!d.said[i])
      sentences.push_back(
          sentence_without_stop(phrasing(q.patterns[i].relation), name(facts[i].head), name(facts[i].tail)));
  return sentences;
}

std::string Verbalizer::branch_statement(const ResolvedQuery& q, std::span<const AnswerDerivation> derivations) const {
  const Node answer{true, 0};
  const std::size_t n = q.patterns.size();
  auto name_of_answer = [&](const AnswerDerivation& x) { return name(x.answer); };
  // Derivations that differ in the answer alone share one sentence, the answers its subject.
  const bool answer_alone = std::all_of(derivations.begin(), derivations.end(), [&](const AnswerDerivation& x) {
    for (std::size_t i = 0; i < n; ++i) {
      const Triple& a = x.triples[i];
      const Triple& b = derivations.front().triples[i];
      const ResolvedPattern& p = q.patterns[i];
      const bool same = p.head == answer   ? (a.relation == b.relation && a.tail == b.tail)
                        : p.tail == answer ? (a.relation == b.relation && a.head == b.head)
                                           : a == b;
      if (!same) return false;
    }
    return true;
  });
  std::string out;
  if (answer_alone) {
    std::vector<std::string> names;
    for (const AnswerDerivation& x : derivations) names.push_back(name_of_answer(x));
    for (const std::string& s :
         derivation_sentences(q, derivations.front().triples, names, std::vector<bool>(n, false)))
      append_sentence(out, s);
    return out;
  }
  // A link to a constant that every derivation makes through its own middle entity is said
  // once, listing the middles ("Zachary Quinto starred in Star Trek and Margin Call").
  std::vector<bool> shared(n, false);
  std::vector<std::string> sentences;
  for (std::size_t i = 0; i < n && derivations.size() > 1; ++i) {
    const ResolvedPattern& p = q.patterns[i];
    if (touches(p, answer) || p.head.variable == p.tail.variable) continue;
    const bool constant_at_head = !p.head.variable;
    std::vector<std::string> middles;
    for (const AnswerDerivation& x : derivations) {
      const std::string m = name(constant_at_head ? x.triples[i].tail : x.triples[i].head);
      if (std::find(middles.begin(), middles.end(), m) == middles.end()) middles.push_back(m);
    }
    if (middles.size() < 2) continue;
    const Triple& t = derivations.front().triples[i];
    const std::string constant = name(constant_at_head ? t.head : t.tail);
    sentences.push_back(
        list_sentence(phrasing(p.relation), constant_at_head ? Slot::Tail : Slot::Head, middles, {constant}));
    shared[i] = true;
  }
  for (const AnswerDerivation& x : derivations)
    for (std::string& s : derivation_sentences(q, x.triples, {name_of_answer(x)}, shared))
      sentences.push_back(std::move(s));
  // The first sentence keeps its first letter as written: the caller may go on before it.
  for (const std::string& s : sentences) append_sentence(out, s);
  return out;
}

std::string Verbalizer::answer_statement(const ExtendedQuery& query, const Attribution& g) const {
  std::vector<std::string> parts;
  std::vector<bool> merged(query.branches.size(), false);
  for (std::size_t branch = 0; branch < query.branches.size(); ++branch) {
    if (merged[branch]) continue;
    std::vector<AnswerDerivation> of_branch;
    for (const AnswerDerivation& x : g.derivations)
      if (x.branch == branch) of_branch.push_back(x);
    if (of_branch.empty()) continue;
    // Union branches of one fact with the same answers are said once, their subjects
    // listed ("David Seltzer wrote the screenplay of The Omen (1976) and The Omen (2006)").
    const ResolvedQuery& q = query.branches[branch];
    auto answers_of_branch = [&](std::size_t b) {
      std::vector<std::string> names;
      for (const AnswerDerivation& x : g.derivations)
        if (x.branch == b) names.push_back(name(x.answer));
      return names;
    };
    const std::vector<std::string> answers = answers_of_branch(branch);
    std::vector<std::string> subjects;
    if (q.patterns.size() == 1)
      for (std::size_t other = branch; other < query.branches.size(); ++other)
        if (query.branches[other].patterns.size() == 1 && answers_of_branch(other) == answers) {
          const ResolvedPattern& p = query.branches[other].patterns[0];
          subjects.push_back(name(p.head.variable ? p.tail.id : p.head.id));
          merged[other] = true;
        }
    if (subjects.size() > 1) {
      const ResolvedPattern& p = q.patterns[0];
      parts.push_back(
          list_sentence(phrasing(p.relation), p.head.variable ? Slot::Tail : Slot::Head, subjects, answers));
    } else {
      parts.push_back(branch_statement(q, of_branch));
    }
  }
  // A union's branches, each one sentence of one fact, are listed in one sentence.
  const bool listed = query.branches.size() > 1 && std::all_of(parts.begin(), parts.end(), [](const std::string& s) {
                        return s.find(". ") == std::string::npos;
                      });
  std::string out;
  if (listed) {
    out = verbalize::join_list(parts);
  } else {
    for (const std::string& s : parts) append_sentence(out, s);
  }
  // An answer whose facts in G say what its qualifier would is named plainly ("Kingston is
  // the capital of Jamaica"): the question does not name it, so it is named one way.
  if (display_names_) {
    out = display_names_->with_plain_answers(std::move(out), g.targets, g.supportive);
    out = display_names_->as_written(std::move(out), std::span<const Triple>(g.supportive));
  }
  return verbalize::capitalized(tidy(out)) + " [1].";
}

std::vector<std::string> Verbalizer::sub_facts(const Attribution& g) const {
  std::vector<std::string> out;
  for (const Triple& t : g.supportive) {
    std::string text = phrasing(t.relation).sentence(0, name(t.head), name(t.tail));
    if (display_names_) {
      text = display_names_->with_plain_answers(std::move(text), g.targets, g.supportive);
      text = display_names_->as_written(std::move(text), std::span<const Triple>(g.supportive));
    }
    text = verbalize::capitalized(tidy(text));
    if (!text.ends_with('.')) text.push_back('.');
    out.push_back(std::move(text));
  }
  return out;
}

}  // namespace caqa::kg
