#include "caqa/kg/import_sparql.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <functional>

#include "caqa/kg/import_fb15k.h"
#include "caqa/kg/question_sparql.h"
#include "caqa/source_text.h"

namespace caqa::kg {

namespace {

using Json = nlohmann::json;

std::string string_field(const Json& j, const char* key) {
  auto it = j.find(key);
  if (it == j.end()) return {};
  if (it->is_string()) return it->get_ref<const std::string&>();
  if (it->is_number_integer()) return it->dump();
  return {};
}

const Json* array_field(const Json& j, const char* key) {
  auto it = j.find(key);
  return it != j.end() && it->is_array() ? &*it : nullptr;
}

// What one dataset's record gives: the fields, or the reason to skip it. The answer
// problem is reported only when the SPARQL is accepted (query reasons come first).
struct Record {
  std::string id, text, sparql;
  std::vector<std::string> chain;    // WebQSP InferentialChain
  std::vector<std::string> answers;  // mids
  std::string skip;                  // reason found before the SPARQL
  std::string answer_skip;           // reason found in the answers
  std::string detail;
};

using Extract = std::function<Record(const Json&)>;

// Entity answers as mids; any Value answer makes the question skipped.
void take_answers(const Json* answers, const char* type_key, const char* value_key, std::string_view dataset,
                  Record& r) {
  if (!answers || answers->empty()) {
    r.answer_skip = fmt::format("{}: no answers", dataset);
    return;
  }
  for (const Json& a : *answers) {
    if (!a.is_object()) continue;
    std::string type = string_field(a, type_key), value = string_field(a, value_key);
    if (type != "Entity") {
      r.answer_skip = fmt::format("{}: literal answer", dataset);
      r.detail = value;
      return;
    }
    std::string mid = normalize_freebase_id(value);
    if (!is_freebase_mid(mid)) {
      r.answer_skip = fmt::format("{}: answer that is not a mid", dataset);
      r.detail = value;
      return;
    }
    r.answers.push_back(std::move(mid));
  }
}

// The variable joining the two relations of a WebQSP InferentialChain, or "".
std::string chain_mediator(const QuestionSparql& q, const std::vector<std::string>& chain) {
  if (chain.size() != 2) return {};
  auto touches = [&](const std::string& relation, const std::string& var) {
    return std::any_of(q.patterns.begin(), q.patterns.end(), [&](const TriplePattern& p) {
      return p.relation == relation && (p.head.text == var || p.tail.text == var);
    });
  };
  for (const auto& p : q.patterns)
    if (p.relation == chain[0])
      for (const Term* t : {&p.head, &p.tail})
        if (t->is_variable() && t->text != q.answer && touches(chain[1], t->text)) return t->text;
  return {};
}

// ?a for the answer, ?v1... for the rest in order of first appearance.
std::vector<TriplePattern> renamed(const QuestionSparql& q, std::map<std::string, std::string>& names) {
  names[q.answer] = "?a";
  std::size_t next = 1;
  auto rename = [&](const Term& t) {
    if (!t.is_variable()) return t;
    auto [it, inserted] = names.try_emplace(t.text);
    if (inserted) it->second = fmt::format("?v{}", next++);
    return Term{it->second};
  };
  std::vector<TriplePattern> out;
  for (const auto& p : q.patterns) out.push_back({rename(p.head), p.relation, rename(p.tail)});
  return out;
}

QuestionImport import_lines(const TextSource& source, std::string_view dataset, const SparqlImportOptions& options,
                            const Extract& extract) {
  QuestionImport result;
  LineCursor cursor(source.text);
  SourceLine line;
  while (cursor.next(line)) {
    if (is_blank(line.text)) continue;
    ++result.read;
    std::string where = fmt::format("{}:{}", source.name, line.number);
    Json j = Json::parse(line.text.begin(), line.text.end(), nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
      result.skipped.add(fmt::format("{}: malformed JSON line", dataset), where, printable_excerpt(line.text, 80));
      continue;
    }
    Record r = extract(j);
    if (r.id.empty()) r.skip = fmt::format("{}: record without an id", dataset);
    if (!r.skip.empty()) {
      result.skipped.add(r.skip, where, r.id);
      continue;
    }
    QuestionSparqlParse parse = parse_question_sparql(r.sparql);
    if (!parse.ok()) {
      result.skipped.add(std::string(sparql_reject_reason(parse.reject)), where,
                         fmt::format("{} at '{}'", r.id, printable_excerpt(parse.detail, 40)));
      continue;
    }
    if (!r.answer_skip.empty()) {
      result.skipped.add(r.answer_skip, where, fmt::format("{}: {}", r.id, printable_excerpt(r.detail, 60)));
      continue;
    }
    Question q;
    q.id = r.id;
    q.text = r.text;
    q.source = std::string(dataset);
    std::map<std::string, std::string> names;
    q.query.patterns = renamed(parse.query, names);
    std::sort(r.answers.begin(), r.answers.end());
    r.answers.erase(std::unique(r.answers.begin(), r.answers.end()), r.answers.end());
    q.answers = std::move(r.answers);
    std::vector<std::string> mediators;
    if (std::string m = chain_mediator(parse.query, r.chain); !m.empty())
      mediators.push_back(names[m]);
    else if (options.kg && dataset != "webqsp")
      mediators = kg_mediator_variables(q, *options.kg);
    set_cvt_variables(q, mediators);
    result.questions.push_back(std::move(q));
  }
  return result;
}

bool looks_like_literal(std::string_view s) {
  if (s.empty() || !(s[0] >= '0' && s[0] <= '9')) return false;
  return std::all_of(s.begin(), s.end(), [](char c) {
    return (c >= '0' && c <= '9') || c == '-' || c == '.' || c == ':' || c == ',' || c == ' ' || c == 'T';
  });
}

}  // namespace

void AnswerNameIndex::add(std::string_view question_id, std::string_view name, std::string_view mid) {
  auto& mids = by_question_[std::string(question_id)][std::string(name)];
  if (std::find(mids.begin(), mids.end(), mid) == mids.end()) mids.emplace_back(mid);
}

std::vector<std::string> AnswerNameIndex::find(std::string_view question_id, std::string_view name) const {
  auto q = by_question_.find(question_id);
  if (q == by_question_.end()) return {};
  auto n = q->second.find(name);
  return n == q->second.end() ? std::vector<std::string>() : n->second;
}

AnswerNameIndex webqsp_answer_names(const TextSource& webqsp_jsonl, ProblemCounts& problems) {
  AnswerNameIndex index;
  LineCursor cursor(webqsp_jsonl.text);
  SourceLine line;
  while (cursor.next(line)) {
    if (is_blank(line.text)) continue;
    Json j = Json::parse(line.text.begin(), line.text.end(), nullptr, false);
    if (j.is_discarded() || !j.is_object()) {
      problems.add("webqsp: malformed JSON line", fmt::format("{}:{}", webqsp_jsonl.name, line.number));
      continue;
    }
    std::string id = string_field(j, "QuestionId");
    const Json* parses = array_field(j, "Parses");
    if (!parses) continue;
    for (const Json& p : *parses) {
      if (!p.is_object()) continue;
      if (const Json* answers = array_field(p, "Answers"))
        for (const Json& a : *answers)
          if (a.is_object() && string_field(a, "AnswerType") == "Entity" && !string_field(a, "EntityName").empty())
            index.add(id, string_field(a, "EntityName"), normalize_freebase_id(string_field(a, "AnswerArgument")));
      if (!string_field(p, "TopicEntityName").empty())
        index.add(id, string_field(p, "TopicEntityName"), normalize_freebase_id(string_field(p, "TopicEntityMid")));
    }
  }
  return index;
}

QuestionImport import_webqsp(const TextSource& jsonl, const SparqlImportOptions& options) {
  return import_lines(jsonl, "webqsp", options, [](const Json& j) {
    Record r;
    r.id = string_field(j, "QuestionId");
    r.text = string_field(j, "RawQuestion");
    if (r.text.empty()) r.text = string_field(j, "ProcessedQuestion");
    const Json* parses = array_field(j, "Parses");
    const Json* chosen = nullptr;
    if (parses)
      for (const Json& p : *parses)
        if (const Json* answers = p.is_object() ? array_field(p, "Answers") : nullptr; answers && !answers->empty()) {
          chosen = &p;
          break;
        }
    if (!chosen) {
      r.skip = "webqsp: no parse with answers";
      return r;
    }
    r.sparql = string_field(*chosen, "Sparql");
    if (const Json* chain = array_field(*chosen, "InferentialChain"))
      for (const Json& c : *chain)
        if (c.is_string()) r.chain.push_back(c.get<std::string>());
    take_answers(array_field(*chosen, "Answers"), "AnswerType", "AnswerArgument", "webqsp", r);
    return r;
  });
}

QuestionImport import_grailqa(const TextSource& jsonl, const SparqlImportOptions& options) {
  return import_lines(jsonl, "grailqa", options, [](const Json& j) {
    Record r;
    std::string qid = string_field(j, "qid");
    if (!qid.empty()) r.id = "grailqa-" + qid;
    r.text = string_field(j, "question");
    r.sparql = string_field(j, "sparql_query");
    if (r.sparql.empty()) r.skip = "grailqa: no sparql_query";
    take_answers(array_field(j, "answer"), "answer_type", "answer_argument", "grailqa", r);
    return r;
  });
}

QuestionImport import_cwq(const TextSource& jsonl, const SparqlImportOptions& options) {
  return import_lines(jsonl, "cwq", options, [&options](const Json& j) {
    Record r;
    r.id = string_field(j, "ID");
    r.text = string_field(j, "question");
    r.sparql = string_field(j, "sparql");
    if (r.sparql.empty()) r.skip = "cwq: no sparql";
    std::string name = string_field(j, "answer");
    r.detail = name;
    if (name.empty()) {
      r.answer_skip = "cwq: no answers";
    } else if (looks_like_literal(name)) {
      r.answer_skip = "cwq: literal answer";
    } else {
      if (options.answer_names) r.answers = options.answer_names->find(string_field(j, "webqsp_ID"), name);
      if (r.answers.empty() && options.kg) {
        auto named = options.kg->entities_named(name);
        if (named.size() == 1)
          r.answers.emplace_back(options.kg->entity_key(named[0]));
        else if (named.size() > 1)
          r.answer_skip = "cwq: answer name matches several entities in the KG";
      }
      if (r.answers.empty() && r.answer_skip.empty()) r.answer_skip = "cwq: answer name not resolved to a mid";
    }
    return r;
  });
}

std::string_view source_dataset(const Question& question) {
  std::string_view s = question.source;
  return s.substr(0, s.find(kCvtTag));
}

std::vector<std::string> cvt_variables(const Question& question) {
  std::string_view s = question.source;
  std::size_t at = s.find(kCvtTag);
  std::vector<std::string> vars;
  if (at == std::string_view::npos) return vars;
  s.remove_prefix(at + kCvtTag.size());
  while (!s.empty()) {
    std::size_t comma = s.find(',');
    if (comma != 0) vars.emplace_back(s.substr(0, comma));
    if (comma == std::string_view::npos) break;
    s.remove_prefix(comma + 1);
  }
  return vars;
}

bool is_cvt_mediated(const Question& question) { return question.source.find(kCvtTag) != std::string::npos; }

void set_cvt_variables(Question& question, const std::vector<std::string>& variables) {
  question.source = std::string(source_dataset(question));
  if (variables.empty()) return;
  question.source += kCvtTag;
  for (std::size_t i = 0; i < variables.size(); ++i) question.source += (i ? "," : "") + variables[i];
}

std::vector<std::string> kg_mediator_variables(const Question& question, const KnowledgeGraph& kg) {
  Grounding g = ground_question(question, kg);
  std::vector<std::string> vars = g.compressed;
  vars.insert(vars.end(), g.unnamed_variables.begin(), g.unnamed_variables.end());
  std::sort(vars.begin(), vars.end());
  return vars;
}

std::size_t hop_count(const Question& question) {
  const auto& patterns = question.query.patterns;
  std::size_t hops = patterns.size();
  for (const std::string& m : cvt_variables(question)) {
    auto degree = static_cast<std::size_t>(std::count_if(patterns.begin(), patterns.end(), [&](const TriplePattern& p) {
      return p.head.text == m || p.tail.text == m;
    }));
    if (degree > 1) hops -= degree - 1;
  }
  return hops;
}

}  // namespace caqa::kg
