#include "caqa/kg/verbalizer.h"

#include <fmt/format.h>

namespace caqa::kg {

namespace {

void replace_all(std::string& s, std::string_view from, const std::string& to) {
  for (std::size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
    s.replace(at, from.size(), to);
}

std::string without_final_punctuation(std::string s) {
  while (!s.empty() && (s.back() == '.' || s.back() == '?' || s.back() == ' ')) s.pop_back();
  return s;
}

std::string capitalized(std::string s) {
  if (!s.empty() && s[0] >= 'a' && s[0] <= 'z') s[0] = static_cast<char>(s[0] - 'a' + 'A');
  return s;
}

// MetaQA marks the topic entity as [name]: the brackets are annotation, not text.
std::string plain_question(const std::string& text) {
  std::string out;
  for (char c : text)
    if (c != '[' && c != ']') out.push_back(c);
  out = capitalized(without_final_punctuation(out));
  return out;
}

std::string join_names(const std::vector<std::string>& names) {
  if (names.size() == 1) return names[0];
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i)
    out += (i == 0 ? "" : i + 1 == names.size() ? " and " : ", ") + names[i];
  return out;
}

}  // namespace

Verbalizer::Verbalizer(const KnowledgeGraph& kg, std::unordered_map<std::string, std::string> templates)
    : kg_(kg), templates_(std::move(templates)) {}

std::string Verbalizer::humanize(std::string_view relation) {
  std::size_t cut = relation.find_last_of("./");
  std::string_view last = cut == std::string_view::npos ? relation : relation.substr(cut + 1);
  std::string out(last);
  for (char& c : out)
    if (c == '_') c = ' ';
  return out;
}

std::string Verbalizer::fill(RelationId relation, const std::string& head, const std::string& tail) const {
  auto it = templates_.find(std::string(kg_.relation_name(relation)));
  std::string s = it != templates_.end() ? it->second : "{head} " + humanize(kg_.relation_name(relation)) + " {tail}.";
  replace_all(s, "{head}", head);
  replace_all(s, "{tail}", tail);
  return s;
}

std::string Verbalizer::sentence(const Triple& t) const {
  return capitalized(fill(t.relation, std::string(kg_.entity_name(t.head)), std::string(kg_.entity_name(t.tail))));
}

std::string Verbalizer::citation(std::span<const Triple> triples) const {
  std::string out = "[1]";
  for (const Triple& t : triples) out += " " + sentence(t);
  return out;
}

std::string Verbalizer::question(const Question& original, const ExtendedQuery& query) const {
  std::string text = plain_question(original.text.empty() ? "What is the answer" : original.text);
  const ResolvedQuery& q = query.branches[0];
  if (query.extension == Extension::AnswerIntersection) {
    const ResolvedPattern& added = q.patterns.back();
    std::string clause = added.head.variable
                             ? fill(added.relation, "the answer", std::string(kg_.entity_name(added.tail.id)))
                             : fill(added.relation, std::string(kg_.entity_name(added.head.id)), "the answer");
    return fmt::format("{}, given that {}?", text, without_final_punctuation(clause));
  }
  if (query.extension == Extension::HeadIntersection) {
    // The subject stays named; the new fact about it is a condition the evidence must show.
    const ResolvedPattern& added = q.patterns.front();
    std::string fact =
        fill(added.relation, std::string(kg_.entity_name(added.head.id)), std::string(kg_.entity_name(added.tail.id)));
    return fmt::format("{}, given that {}?", text, without_final_punctuation(fact));
  }
  return text + "?";
}

std::string Verbalizer::answer_statement(const ExtendedQuery& query, const Attribution& g,
                                         const std::string& question) const {
  std::vector<std::string> names;
  for (EntityId a : g.targets) names.emplace_back(kg_.entity_name(a));
  // A single fact from a named entity to the answer reads as a sentence of its own.
  if (query.extension == Extension::None && query.branches[0].patterns.size() == 1 && g.supportive.size() == 1)
    return without_final_punctuation(sentence(g.supportive[0])) + " [1].";
  return fmt::format("The answer to \"{}\" is {} [1].", question, join_names(names));
}

}  // namespace caqa::kg
