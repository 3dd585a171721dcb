#include "caqa/kg/grounding_report.h"

#include <fmt/format.h>

#include <algorithm>
#include <optional>

#include "caqa/kg/import_fb15k.h"

namespace caqa::kg {

namespace {

void append_reasons(std::string& out, const ProblemCounts& counts) {
  for (const auto& [reason, n] : counts.counts()) {
    out += fmt::format("  {:>6}  {}", n, reason);
    const auto& examples = counts.examples(reason);
    if (!examples.empty()) {
      out += fmt::format("  (e.g. {}", examples.front().where);
      if (!examples.front().detail.empty()) out += ": " + examples.front().detail;
      out += ")";
    }
    out += "\n";
  }
}

// Folds (s, r1, ?m) (?m, r2, o) into (s, "/r1./r2", o) when ?m is in no other pattern and
// the KG has that relation. Returns the folded variables.
std::vector<std::string> fold_compressed_mediators(std::vector<TriplePattern>& patterns, const KnowledgeGraph& kg) {
  std::vector<std::string> folded;
  bool changed = true;
  while (changed) {
    changed = false;
    for (std::size_t i = 0; i < patterns.size() && !changed; ++i) {
      const std::string& m = patterns[i].tail.text;
      if (!patterns[i].tail.is_variable() || m == "?a" || patterns[i].head.text == m) continue;
      std::size_t uses = 0, out = patterns.size();
      for (std::size_t j = 0; j < patterns.size(); ++j) {
        uses += (patterns[j].head.text == m) + (patterns[j].tail.text == m);
        if (j != i && patterns[j].head.text == m && patterns[j].tail.text != m) out = j;
      }
      if (uses != 2 || out == patterns.size()) continue;
      std::string name =
          freebase_relation_path(patterns[i].relation) + "." + freebase_relation_path(patterns[out].relation);
      if (!kg.find_relation(name)) continue;
      folded.push_back(m);
      patterns[i] = TriplePattern{patterns[i].head, name, patterns[out].tail};
      patterns.erase(patterns.begin() + static_cast<std::ptrdiff_t>(out));
      changed = true;
    }
  }
  return folded;
}

constexpr int kConstant = -1;

struct Slot {
  int var = kConstant;  // index into the variable table, or kConstant
  EntityId entity = kNone;
};

struct BoundPattern {
  Slot head;
  RelationId relation;
  Slot tail;
};

// Backtracking join over the resolved patterns, most-bound pattern first.
class Join {
 public:
  Join(const KnowledgeGraph& kg, std::vector<BoundPattern> patterns, std::size_t variables, int answer,
       std::size_t max_steps)
      : kg_(kg),
        patterns_(std::move(patterns)),
        values_(variables, kNone),
        named_(variables, false),
        bound_(variables, false),
        done_(patterns_.size(), false),
        answer_(answer),
        max_steps_(max_steps) {}

  bool run() {
    solve(0);
    std::sort(answers_.begin(), answers_.end());
    answers_.erase(std::unique(answers_.begin(), answers_.end()), answers_.end());
    return steps_ <= max_steps_;
  }
  const std::vector<EntityId>& answers() const { return answers_; }
  bool named(std::size_t var) const { return named_[var]; }
  bool bound(std::size_t var) const { return bound_[var]; }

 private:
  EntityId value(const Slot& s) const { return s.var == kConstant ? s.entity : values_[s.var]; }

  // Binds slot s to e (or checks it when already bound), recurses, then unbinds.
  void bind_and_solve(const Slot& s, EntityId e, std::size_t depth) {
    if (value(s) != kNone) {
      if (value(s) == e) solve(depth + 1);
      return;
    }
    values_[s.var] = e;
    solve(depth + 1);
    values_[s.var] = kNone;
  }

  void solve(std::size_t depth) {
    if (steps_ > max_steps_) return;
    if (depth == patterns_.size()) {
      record();
      return;
    }
    std::size_t best = patterns_.size();
    int best_bound = -1;
    for (std::size_t i = 0; i < patterns_.size(); ++i) {
      if (done_[i]) continue;
      int bound = (value(patterns_[i].head) != kNone) * 2 + (value(patterns_[i].tail) != kNone);
      if (bound > best_bound) best = i, best_bound = bound;
    }
    const BoundPattern p = patterns_[best];
    done_[best] = true;
    EntityId h = value(p.head), t = value(p.tail);
    if (h != kNone && t != kNone) {
      ++steps_;
      if (kg_.has_triple({h, p.relation, t})) solve(depth + 1);
    } else if (h != kNone) {
      for (const Edge& e : kg_.out_edges(h, p.relation)) {
        if (++steps_ > max_steps_) break;
        bind_and_solve(p.tail, e.other, depth);
      }
    } else if (t != kNone) {
      for (const Edge& e : kg_.in_edges(t, p.relation)) {
        if (++steps_ > max_steps_) break;
        bind_and_solve(p.head, e.other, depth);
      }
    } else {
      for (EntityId head = 0; head < kg_.entity_count() && steps_ <= max_steps_; ++head) {
        ++steps_;
        for (const Edge& e : kg_.out_edges(head, p.relation)) {
          if (++steps_ > max_steps_) break;
          values_[p.head.var] = head;
          bind_and_solve(p.tail, e.other, depth);
          values_[p.head.var] = kNone;
        }
      }
    }
    done_[best] = false;
  }

  void record() {
    if (answer_ != kConstant) answers_.push_back(values_[answer_]);
    for (std::size_t v = 0; v < values_.size(); ++v) {
      bound_[v] = true;
      if (kg_.has_name(values_[v])) named_[v] = true;
    }
  }

  const KnowledgeGraph& kg_;
  std::vector<BoundPattern> patterns_;
  std::vector<EntityId> values_;
  std::vector<bool> named_, bound_, done_;
  int answer_;
  std::size_t max_steps_, steps_ = 0;
  std::vector<EntityId> answers_;
};

}  // namespace

std::string format_import_summary(std::string_view name, const QuestionImport& import) {
  std::string out = fmt::format("{}: read {}, imported {}, skipped {}\n", name, import.read, import.imported(),
                                import.skipped.total());
  append_reasons(out, import.skipped);
  if (!import.input.empty()) {
    out += fmt::format("{}: {} input problems\n", name, import.input.total());
    append_reasons(out, import.input);
  }
  return out;
}

std::string_view grounding_status_name(GroundingStatus status) {
  switch (status) {
    case GroundingStatus::Grounded: return "grounded";
    case GroundingStatus::UnknownEntity: return "unknown entity";
    case GroundingStatus::UnknownRelation: return "unknown relation";
    case GroundingStatus::NoResult: return "no answer in KG: the query returns nothing";
    case GroundingStatus::NoGoldAnswer: return "no answer in KG: none of the question's answers";
    case GroundingStatus::EvaluationLimit: return "evaluation limit reached";
  }
  return "grounded";
}

Grounding ground_question(const Question& question, const KnowledgeGraph& kg, const GroundingOptions& options) {
  Grounding g;
  std::vector<TriplePattern> patterns = question.query.patterns;
  g.compressed = fold_compressed_mediators(patterns, kg);

  std::vector<std::string> variables;
  auto slot = [&](const Term& term) -> std::optional<Slot> {
    if (!term.is_variable()) {
      auto e = find_entity_spelling(kg, term.text);
      if (!e) return std::nullopt;
      return Slot{kConstant, *e};
    }
    auto it = std::find(variables.begin(), variables.end(), term.text);
    if (it == variables.end()) it = variables.insert(variables.end(), term.text);
    return Slot{static_cast<int>(it - variables.begin()), kNone};
  };
  std::vector<BoundPattern> resolved;
  for (const auto& p : patterns) {
    auto h = slot(p.head), t = slot(p.tail);
    if (!h || !t) {
      g.status = GroundingStatus::UnknownEntity;
      g.detail = !h ? p.head.text : p.tail.text;
      return g;
    }
    resolved.push_back({*h, kNone, *t});
  }
  for (std::size_t i = 0; i < patterns.size(); ++i) {
    auto r = find_relation_spelling(kg, patterns[i].relation);
    if (!r) {
      g.status = GroundingStatus::UnknownRelation;
      g.detail = patterns[i].relation;
      return g;
    }
    resolved[i].relation = *r;
  }

  auto answer_it = std::find(variables.begin(), variables.end(), "?a");
  int answer = answer_it == variables.end() ? kConstant : static_cast<int>(answer_it - variables.begin());
  Join join(kg, std::move(resolved), variables.size(), answer, options.max_steps);
  bool finished = join.run();
  for (std::size_t v = 0; v < variables.size(); ++v)
    if (static_cast<int>(v) != answer && join.bound(v) && !join.named(v)) g.unnamed_variables.push_back(variables[v]);
  g.answers = join.answers();
  for (const auto& key : question.answers) {
    auto e = find_entity_spelling(kg, key);
    if (e && std::binary_search(g.answers.begin(), g.answers.end(), *e)) ++g.gold_answers_found;
  }
  if (g.gold_answers_found > 0)
    g.status = GroundingStatus::Grounded;
  else if (!finished)
    g.status = GroundingStatus::EvaluationLimit;
  else
    g.status = g.answers.empty() ? GroundingStatus::NoResult : GroundingStatus::NoGoldAnswer;
  return g;
}

GroundingReport ground_questions(std::span<const Question> questions, const KnowledgeGraph& kg,
                                 const GroundingOptions& options) {
  GroundingReport report;
  for (const Question& q : questions) {
    ++report.questions;
    Grounding g = ground_question(q, kg, options);
    if (g.status == GroundingStatus::Grounded) {
      ++report.grounded;
      report.grounded_through_compressed_cvt += !g.compressed.empty();
    } else {
      report.not_grounded.add(std::string(grounding_status_name(g.status)), q.id, g.detail);
    }
  }
  return report;
}

std::string format_grounding_report(std::string_view name, const GroundingReport& report) {
  std::string out = fmt::format("{}: {} questions, {} grounded ({} through a compressed CVT relation), {} not\n", name,
                                report.questions, report.grounded, report.grounded_through_compressed_cvt,
                                report.not_grounded.total());
  append_reasons(out, report.not_grounded);
  return out;
}

}  // namespace caqa::kg
