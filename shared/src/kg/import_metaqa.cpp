#include "caqa/kg/import_metaqa.h"

#include <fmt/format.h>

#include <algorithm>
#include <unordered_map>

#include "caqa/source_text.h"

namespace caqa::kg {

MetaQaKgLoad add_metaqa_kg(MemoryGraphBuilder& builder, const TextSource& triples, const TextSource& entities_dict,
                           const TextSource& relations_dict, ProblemCounts& problems) {
  MetaQaKgLoad load;
  std::unordered_map<std::string, std::string> relation_names;
  for (auto& [id, name] : read_two_column_table(relations_dict, problems)) relation_names[id] = std::move(name);
  for (const auto& [id, name] : read_two_column_table(entities_dict, problems)) {
    builder.set_name(id, name);
    ++load.names;
  }
  if (relation_names.empty()) {
    problems.add("metaqa: relations.dict has no rows", relations_dict.name);
    return load;
  }
  load.triples = add_triples(builder, triples, TripleFormat::Tsv, problems, relation_names);
  return load;
}

std::optional<MetaQaHop> metaqa_hop(std::string_view from, std::string_view to) {
  static const std::pair<std::string_view, std::string_view> kRelations[] = {
      {"actor", "starred_actors"},   {"director", "directed_by"},
      {"writer", "written_by"},      {"year", "release_year"},
      {"genre", "has_genre"},        {"language", "in_language"},
      {"tag", "has_tags"},           {"tags", "has_tags"},
      {"votes", "has_imdb_votes"},   {"imdbvotes", "has_imdb_votes"},
      {"rating", "has_imdb_rating"}, {"imdbrating", "has_imdb_rating"},
  };
  bool from_movie = from == "movie";
  if (from_movie == (to == "movie")) return std::nullopt;
  std::string_view other = from_movie ? to : from;
  for (const auto& [type, relation] : kRelations)
    if (type == other) return MetaQaHop{std::string(relation), from_movie};
  return std::nullopt;
}

namespace {

std::vector<std::string_view> split(std::string_view s, std::string_view sep) {
  std::vector<std::string_view> parts;
  for (std::size_t start = 0;;) {
    std::size_t end = s.find(sep, start);
    parts.push_back(s.substr(start, end == std::string_view::npos ? end : end - start));
    if (end == std::string_view::npos) return parts;
    start = end + sep.size();
  }
}

// The path patterns of a qtype, or the skip reason.
std::string path_patterns(std::string_view qtype, int hops, const std::string& topic, std::vector<TriplePattern>& out) {
  auto nodes = split(qtype, "_to_");
  if (static_cast<int>(nodes.size()) - 1 != hops) return "metaqa: qtype hop count differs from the file's";
  for (int i = 0; i < hops; ++i) {
    auto hop = metaqa_hop(nodes[i], nodes[i + 1]);
    if (!hop) return "metaqa: unknown qtype hop";
    Term from{i == 0 ? topic : fmt::format("?v{}", i)}, to{i + 1 == hops ? "?a" : fmt::format("?v{}", i + 1)};
    out.push_back(hop->from_movie ? TriplePattern{from, hop->relation, to} : TriplePattern{to, hop->relation, from});
  }
  return {};
}

}  // namespace

QuestionImport import_metaqa_questions(const TextSource& questions, const TextSource& qtypes, int hops,
                                       const KnowledgeGraph& kg, std::string_view split_name) {
  QuestionImport result;
  std::vector<std::string_view> qtype_lines;  // by line number - 1
  {
    LineCursor cursor(qtypes.text);
    SourceLine line;
    while (cursor.next(line)) qtype_lines.push_back(line.text);
  }
  const std::string id_prefix =
      split_name.empty() ? fmt::format("metaqa-{}hop-", hops) : fmt::format("metaqa-{}hop-{}-", hops, split_name);
  const std::string source = fmt::format("metaqa-{}hop", hops);
  LineCursor cursor(questions.text);
  SourceLine line;
  std::uint32_t last_line = 0;
  while (cursor.next(line)) {
    last_line = line.number;
    if (is_blank(line.text)) continue;
    ++result.read;
    std::string where = fmt::format("{}:{}", questions.name, line.number);
    auto skip = [&](const std::string& reason, std::string_view detail) {
      result.skipped.add(reason, where, printable_excerpt(detail, 80));
    };
    std::size_t tab = line.text.find('\t');
    if (tab == std::string_view::npos) {
      skip("metaqa: line without question<TAB>answers", line.text);
      continue;
    }
    std::string_view text = line.text.substr(0, tab), answer_field = line.text.substr(tab + 1);
    std::size_t open = text.find('['), close = open == std::string_view::npos ? open : text.find(']', open);
    if (close == std::string_view::npos || close == open + 1) {
      skip("metaqa: no [topic entity] in the question", text);
      continue;
    }
    std::string_view topic_name = text.substr(open + 1, close - open - 1);
    std::string_view qtype = line.number <= qtype_lines.size() ? qtype_lines[line.number - 1] : std::string_view();
    if (is_blank(qtype)) {
      skip("metaqa: no qtype line for the question", text);
      continue;
    }
    auto topic = kg.entities_named(topic_name);
    if (topic.size() != 1) {
      skip(topic.empty() ? "metaqa: topic entity not in the KG" : "metaqa: topic entity name matches several entities",
           topic_name);
      continue;
    }
    Question q;
    std::string reason = path_patterns(qtype, hops, std::string(kg.entity_key(topic[0])), q.query.patterns);
    if (!reason.empty()) {
      skip(reason, qtype);
      continue;
    }
    std::optional<std::string_view> missing;
    for (std::string_view name : split(answer_field, "|")) {
      auto found = kg.entities_named(name);
      if (found.empty() && !missing) missing = name;
      for (EntityId e : found) q.answers.emplace_back(kg.entity_key(e));
    }
    if (missing) {
      skip("metaqa: answer not in the KG", *missing);
      continue;
    }
    std::sort(q.answers.begin(), q.answers.end());
    q.answers.erase(std::unique(q.answers.begin(), q.answers.end()), q.answers.end());
    q.id = fmt::format("{}{:06}", id_prefix, line.number);
    q.text = std::string(text.substr(0, open)) + std::string(topic_name) + std::string(text.substr(close + 1));
    q.source = source;
    result.questions.push_back(std::move(q));
  }
  for (std::size_t i = last_line; i < qtype_lines.size(); ++i)
    if (!is_blank(qtype_lines[i]))
      result.input.add("metaqa: qtype line without a question", fmt::format("{}:{}", qtypes.name, i + 1),
                       std::string(qtype_lines[i]));
  return result;
}

}  // namespace caqa::kg
