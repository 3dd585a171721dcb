// The comparison level's question and answer (comparison_query.h), from the relation's
// own phrasings: the first that reads "{head} VERB in {tail}." gives "Which VERB first,
// A or B?" and "A VERB in 1998, three years before B (2001) [1].".
#include <algorithm>
#include <array>
#include <cstdlib>

#include <fmt/format.h>

#include "caqa/kg/comparison_query.h"
#include "caqa/kg/verbalizer.h"
#include "caqa/verbalize/english.h"

namespace caqa::kg {

namespace {

constexpr std::string_view kHead = "\x01", kTail = "\x02";

// "three years", "one year", "25 years".
std::string years(long long n) {
  static constexpr std::array<std::string_view, 13> kWords = {
      "no", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven", "twelve"};
  const std::string count = n < static_cast<long long>(kWords.size()) ? std::string(kWords[static_cast<std::size_t>(n)])
                                                                      : fmt::format("{}", n);
  return count + (n == 1 ? " year" : " years");
}

}  // namespace

std::optional<std::string> Verbalizer::comparison_verb(RelationId relation) const {
  const verbalize::RelationPhrasing& said = phrasing(relation);
  for (std::size_t i = 0; i < said.size(); ++i) {
    const std::string s = said.sentence(i, kHead, kTail);
    const std::string prefix = std::string(kHead) + " ", suffix = " in " + std::string(kTail) + ".";
    // sentence() capitalises its first letter: the placeholder has none.
    if (s.size() > prefix.size() + suffix.size() && s.starts_with(prefix) && s.ends_with(suffix))
      return s.substr(prefix.size(), s.size() - prefix.size() - suffix.size());
  }
  return std::nullopt;
}

std::optional<std::string> Verbalizer::comparison_question(const ExtendedQuery& query, const Attribution& g) const {
  const std::vector<ComparedValue> values = compared_values(query, g, kg_);
  if (values.size() < 2) return std::nullopt;
  const auto verb = comparison_verb(query.branches[0].patterns[0].relation);
  if (!verb) return std::nullopt;
  std::vector<std::string> names;
  for (const ComparedValue& v : values) names.push_back(name(v.entity));
  const std::string_view when = query.latest ? (values.size() == 2 ? "more recently" : "most recently") : "first";
  if (values.size() == 2) return fmt::format("Which {} {}, {} or {}?", *verb, when, names[0], names[1]);
  return fmt::format("Which {} {}: {}?", *verb, when, verbalize::join_list(names, "or"));
}

std::string Verbalizer::comparison_answer(const ExtendedQuery& query, const Attribution& g) const {
  const std::vector<ComparedValue> values = compared_values(query, g, kg_);
  const std::size_t winner = comparison_winner(query, values);
  const RelationId relation = query.branches[0].patterns[0].relation;
  const ComparedValue& w = values[winner];
  std::string out = verbalize::capitalized(phrasing(relation).sentence(0, name(w.entity), name(w.value)));
  if (out.ends_with(".")) out.pop_back();
  const std::string_view side = query.latest ? "after" : "before";
  // The others nearest first: "before B (1999) and C (2010)".
  std::vector<std::size_t> order;
  for (std::size_t i = 0; i < values.size(); ++i)
    if (i != winner) order.push_back(i);
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) {
    return std::llabs(values[a].number - w.number) < std::llabs(values[b].number - w.number);
  });
  std::vector<std::string> others;
  for (std::size_t i : order) others.push_back(fmt::format("{} ({})", name(values[i].entity), name(values[i].value)));
  if (others.size() == 1)
    out += fmt::format(", {} {} {}", years(std::llabs(w.number - values[order[0]].number)), side, others[0]);
  else
    out += fmt::format(", {} {}", side, verbalize::join_list(others));
  return out + " [1].";
}

}  // namespace caqa::kg
