#include "caqa/kg/import_fb15k.h"

#include <algorithm>
#include <unordered_set>

#include <fmt/format.h>

#include "caqa/source_text.h"

namespace caqa::kg {

std::string normalize_freebase_id(std::string_view id) {
  for (std::string_view prefix : {"http://rdf.freebase.com/ns/", "ns:"})
    if (id.starts_with(prefix)) id.remove_prefix(prefix.size());
  if (id.size() > 3 && id[0] == '/' && (id[1] == 'm' || id[1] == 'g') && id[2] == '/' &&
      id.find('/', 3) == std::string_view::npos)
    return fmt::format("{}.{}", id[1], id.substr(3));
  return std::string(id);
}

bool is_freebase_mid(std::string_view key) {
  if (key.size() < 3 || (key[0] != 'm' && key[0] != 'g') || key[1] != '.') return false;
  for (char c : key.substr(2))
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || c == '_')) return false;
  return true;
}

Fb15kLoad add_fb15k237(MemoryGraphBuilder& builder, std::span<const TextSource> triple_texts,
                       const TextSource& entity_names, ProblemCounts& problems) {
  Fb15kLoad load;
  std::unordered_set<std::string> seen;
  for (const TextSource& source : triple_texts) {
    LineCursor cursor(source.text);
    SourceLine line;
    while (cursor.next(line)) {
      if (is_blank(line.text)) continue;
      auto where = [&] { return fmt::format("{}:{}", source.name, line.number); };
      std::string_view t = line.text;
      std::size_t a = t.find('\t'), b = a == std::string_view::npos ? a : t.find('\t', a + 1);
      if (b == std::string_view::npos || t.find('\t', b + 1) != std::string_view::npos) {
        problems.add("fb15k: line without 3 tab-separated fields", where(), printable_excerpt(t, 80));
        continue;
      }
      std::string head = normalize_freebase_id(t.substr(0, a)), tail = normalize_freebase_id(t.substr(b + 1));
      std::string_view relation = t.substr(a + 1, b - a - 1);
      if (!is_freebase_mid(head) || !is_freebase_mid(tail)) {
        problems.add("fb15k: entity that is not a Freebase mid", where(), printable_excerpt(t, 80));
        continue;
      }
      if (relation.size() < 2 || relation[0] != '/') {
        problems.add("fb15k: relation that is not a /path", where(), printable_excerpt(t, 80));
        continue;
      }
      builder.add_triple(head, relation, tail);
      seen.insert(std::move(head));
      seen.insert(std::move(tail));
      ++load.triples;
    }
  }
  for (const auto& [id, name] : read_two_column_table(entity_names, problems)) {
    std::string key = normalize_freebase_id(id);
    if (!seen.count(key)) {
      ++load.names_unused;
      continue;
    }
    builder.set_name(key, name);
    ++load.named;
  }
  return load;
}

std::string freebase_relation_path(std::string_view relation) {
  if (relation.starts_with('/')) return std::string(relation);
  std::string path(1, '/');
  path += relation;
  std::replace(path.begin() + 1, path.end(), '.', '/');
  return path;
}

std::string freebase_relation_local_name(std::string_view path) {
  std::string out;
  for (std::size_t at = 0; at < path.size(); ++at) {
    // The leading '/' is dropped, every other one becomes '.' (so "./" becomes "..").
    if (path[at] != '/')
      out.push_back(path[at]);
    else if (at > 0)
      out.push_back('.');
  }
  return out;
}

std::string freebase_relation_from_local_name(std::string_view local_name) {
  std::string out;
  for (std::size_t at = 0;;) {
    std::size_t legs = local_name.find("..", at);
    std::string_view leg = local_name.substr(at, legs == std::string_view::npos ? legs : legs - at);
    if (!out.empty()) out.push_back('.');
    out += freebase_relation_path(leg);
    if (legs == std::string_view::npos) return out;
    at = legs + 2;
  }
}

namespace {

// "/film/actor/film" -> "film.actor.film" (only for plain paths, not compressed ones).
std::string relation_dotted(std::string_view relation) {
  if (!relation.starts_with('/') || relation.find('.') != std::string_view::npos) return std::string(relation);
  std::string dotted(relation.substr(1));
  std::replace(dotted.begin(), dotted.end(), '/', '.');
  return dotted;
}

}  // namespace

std::optional<EntityId> find_entity_spelling(const KnowledgeGraph& kg, std::string_view key) {
  if (auto e = kg.find_entity(key)) return e;
  std::string mid = normalize_freebase_id(key);
  if (mid != key) return kg.find_entity(mid);
  if (is_freebase_mid(key)) return kg.find_entity(fmt::format("/{}/{}", key[0], key.substr(2)));
  return std::nullopt;
}

std::optional<RelationId> find_relation_spelling(const KnowledgeGraph& kg, std::string_view relation) {
  if (auto r = kg.find_relation(relation)) return r;
  if (auto r = kg.find_relation(freebase_relation_path(relation))) return r;
  return kg.find_relation(relation_dotted(relation));
}

}  // namespace caqa::kg
