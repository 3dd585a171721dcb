#include "kg/sparql_graph.h"

#include <algorithm>
#include <charconv>
#include <cstdint>
#include <limits>

#include <fmt/format.h>

#include "caqa/kg/import_fb15k.h"

namespace caqa::kg {

namespace {

constexpr std::size_t kUnknown = std::numeric_limits<std::size_t>::max();

std::string ns_iri(std::string_view local) { return fmt::format("<{}{}>", kFreebaseNamespace, local); }

// The KG edges among the triples `s` ?p `o` (sparql_graph.h): subject, predicate and object
// IRIs in the namespace, not the typing predicates.
std::string edge_filter(std::string_view s = "?s", std::string_view o = "?o") {
  return fmt::format(
      "FILTER(isIRI({3}) && STRSTARTS(STR(?p), \"{0}\") && STRSTARTS(STR({3}), \"{0}\") && "
      "STRSTARTS(STR({4}), \"{0}\") && ?p != {1} && ?p != {2})",
      kFreebaseNamespace, ns_iri("type.object.type"), ns_iri("type.type.instance"), o, s);
}

// Keys that can go into an IRI as they are; any other is not a Freebase id (and not asked).
bool is_plain_key(std::string_view key) {
  return !key.empty() && std::all_of(key.begin(), key.end(), [](char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '.' ||
           c == '-';
  });
}

std::string entity_term(const std::string& key) { return ns_iri(key); }

std::string name_term(const std::string& name) {
  std::string out = "\"";
  for (char c : name) {
    switch (c) {
      case '\\': out += "\\\\"; break;
      case '"': out += "\\\""; break;
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default: out.push_back(c);
    }
  }
  return out + "\"@en";
}

std::string_view local_name(std::string_view iri) {
  if (iri.starts_with(kFreebaseNamespace)) iri.remove_prefix(kFreebaseNamespace.size());
  return iri;
}

std::string relation_key(std::string_view iri) { return freebase_relation_from_local_name(local_name(iri)); }

std::size_t count_value(const SparqlRows& rows) {
  std::size_t n = 0;
  if (!rows.empty() && !rows[0].empty()) std::from_chars(rows[0][0].data(), rows[0][0].data() + rows[0][0].size(), n);
  return n;
}

}  // namespace

std::string SparqlGraph::select(const std::string& vars, const std::string& where) const {
  return fmt::format("SELECT {}{} WHERE {{ {} }}", vars, graph_iri_.empty() ? "" : " FROM <" + graph_iri_ + ">", where);
}

std::optional<std::vector<SparqlRows>> SparqlGraph::per_batch(
    const std::vector<std::string>& items, const std::string& what,
    const std::function<std::string(const std::string&)>& term,
    const std::function<std::string(const std::string&)>& query, std::string& error) {
  std::vector<std::string> queries;
  for (std::size_t begin = 0; begin < items.size(); begin += batch_) {
    std::string values;
    for (std::size_t i = begin; i < std::min(items.size(), begin + batch_); ++i) values += term(items[i]) + " ";
    queries.push_back(query(values));
  }
  return client_.select(queries, what, error);
}

bool SparqlGraph::start(std::string& error) {
  const std::string filter = edge_filter();
  auto rows = client_.select(
      {select("DISTINCT ?p", "?s ?p ?o . " + filter), select("(COUNT(*) AS ?n)", "?s ?p ?o . " + filter),
       select("(COUNT(DISTINCT ?e) AS ?n)",
              "{ ?s ?p ?o . " + filter + " BIND(?s AS ?e) } UNION { ?s ?p ?o . " + filter + " BIND(?o AS ?e) }")},
      "graph", error);
  if (!rows) return false;
  for (const auto& row : (*rows)[0]) relations_.push_back(relation_key(row[0]));
  std::sort(relations_.begin(), relations_.end());
  relations_.erase(std::unique(relations_.begin(), relations_.end()), relations_.end());
  summary_.triples = summary_.triples_added = count_value((*rows)[1]);
  summary_.entities = count_value((*rows)[2]);
  summary_.relations = relations_.size();
  if (relations_.empty()) {
    error = "the endpoint holds no Freebase triple between entities (predicates and objects in " +
            std::string(kFreebaseNamespace) + (graph_iri_.empty() ? "" : ", in graph <" + graph_iri_ + ">") + ")";
    return false;
  }
  return true;
}

void SparqlGraph::add_edge(const std::string& s, const std::string& p, const std::string& o) {
  triples_.push_back({std::string(local_name(s)), relation_key(p), std::string(local_name(o))});
}

bool SparqlGraph::fetch_edges(const std::vector<std::string>& keys, std::string& error) {
  const std::string filter = edge_filter();
  for (bool out : {true, false}) {
    auto rows = per_batch(
        keys, out ? "out-edges" : "in-edges", entity_term,
        [&](const std::string& values) {
          return select("?s ?p ?o", fmt::format("VALUES ?{} {{ {}}} ?s ?p ?o . {}", out ? "s" : "o", values, filter));
        },
        error);
    if (!rows) return false;
    for (const auto& batch : *rows)
      for (const auto& row : batch) add_edge(row[0], row[1], row[2]);
  }
  for (const auto& key : keys) complete_.insert(key);
  return true;
}

bool SparqlGraph::fetch_names(const std::vector<std::string>& keys, std::string& error) {
  auto rows = per_batch(
      keys, "names", entity_term,
      [&](const std::string& values) {
        return select("?s ?n", fmt::format("VALUES ?s {{ {}}} ?s {} ?n . FILTER(lang(?n) = \"en\")", values,
                                           ns_iri("type.object.name")));
      },
      error);
  if (!rows) return false;
  for (const auto& key : keys) names_.try_emplace(key);
  for (const auto& batch : *rows)
    for (const auto& row : batch) {
      std::string& name = names_[std::string(local_name(row[0]))];
      if (name.empty() || row[1] < name) name = row[1];
    }
  return true;
}

bool SparqlGraph::fetch_degrees(const std::vector<std::string>& keys, std::string& error) {
  const std::string out = edge_filter("?e", "?o"), in = edge_filter("?s", "?e");
  auto rows = per_batch(
      keys, "degrees", entity_term,
      [&](const std::string& values) {
        return select("?e (COUNT(*) AS ?n)",
                      fmt::format("VALUES ?e {{ {}}} {{ ?e ?p ?o . {} }} UNION {{ ?s ?p ?e . {} }}", values, out, in)) +
               " GROUP BY ?e";
      },
      error);
  if (!rows) return false;
  for (const auto& key : keys) degrees_.try_emplace(key, 0);
  for (const auto& batch : *rows)
    for (const auto& row : batch) degrees_[std::string(local_name(row[0]))] = count_value({{row[1]}});
  return true;
}

bool SparqlGraph::fetch_named(const std::vector<std::string>& names, std::string& error) {
  auto rows = per_batch(
      names, "same-name", name_term,
      [&](const std::string& values) {
        return select("?n ?s", fmt::format("VALUES ?n {{ {}}} ?s {} ?n . FILTER(STRSTARTS(STR(?s), \"{}\"))", values,
                                           ns_iri("type.object.name"), kFreebaseNamespace));
      },
      error);
  if (!rows) return false;
  for (const auto& name : names) named_.try_emplace(name);
  for (const auto& batch : *rows)
    for (const auto& row : batch) named_[row[0]].push_back(std::string(local_name(row[1])));
  return true;
}

bool SparqlGraph::fetch_ends(const std::vector<std::pair<std::string, bool>>& ends, std::string& error) {
  const std::string filter = edge_filter();
  std::vector<std::string> queries;
  for (const auto& [relation, head_end] : ends)
    queries.push_back(select(
        fmt::format("DISTINCT ?{}", head_end ? "s" : "o"),
        fmt::format("VALUES ?p {{ {} }} ?s ?p ?o . {}", ns_iri(freebase_relation_local_name(relation)), filter)));
  auto rows = client_.select(queries, "relation ends", error);
  if (!rows) return false;
  for (std::size_t i = 0; i < ends.size(); ++i) {
    auto& list = ends_[ends[i]];
    for (const auto& row : (*rows)[i]) list.push_back(std::string(local_name(row[0])));
  }
  return true;
}

bool SparqlGraph::fetch(const SparqlMisses& misses, const SparqlSnapshot& from, std::string& error) {
  // What each kind of fetch brings in that the next round would miss at once: the names of
  // the entities at the other end of new edges, of same-name candidates, the degrees of the
  // entities at a relation end.
  std::set<std::string> names(misses.names.begin(), misses.names.end()), degrees(misses.degrees);
  std::vector<std::string> edge_keys;
  for (const auto& key : misses.edges) {
    if (is_plain_key(key))
      edge_keys.push_back(key);
    else
      absent_.insert(key);
  }
  const std::size_t before = triples_.size();
  if (!fetch_edges(edge_keys, error)) return false;
  std::unordered_set<std::string> with_edges;
  for (std::size_t i = before; i < triples_.size(); ++i)
    for (const std::string* key : {&triples_[i].head, &triples_[i].tail}) {
      with_edges.insert(*key);
      if (!names_.count(*key)) names.insert(*key);
    }
  for (const auto& key : edge_keys)
    if (!with_edges.count(key)) absent_.insert(key);
  if (!fetch_named({misses.named.begin(), misses.named.end()}, error)) return false;
  for (const auto& name : misses.named)
    for (const auto& key : named_[name])
      if (!names_.count(key)) names.insert(key);
  std::vector<std::pair<std::string, bool>> ends;
  for (const auto& [relation, head_end] : misses.ends) ends.emplace_back(from.relation_name(relation), head_end);
  if (!fetch_ends(ends, error)) return false;
  for (const auto& end : ends)
    for (const auto& key : ends_[end])
      if (!degrees_.count(key) && !complete_.count(key)) degrees.insert(key);
  return fetch_names({names.begin(), names.end()}, error) && fetch_degrees({degrees.begin(), degrees.end()}, error);
}

std::unique_ptr<SparqlSnapshot> SparqlGraph::snapshot() const { return std::make_unique<SparqlSnapshot>(*this); }

SparqlSnapshot::SparqlSnapshot(const SparqlGraph& fetched) {
  MemoryGraphBuilder builder;
  builder.reserve(fetched.triples_.size());
  for (const auto& r : fetched.relations_) builder.add_relation(r);
  for (const auto& t : fetched.triples_) builder.add_triple(t.head, t.relation, t.tail);
  for (const auto& [key, name] : fetched.names_) {
    if (name.empty())
      builder.add_entity(key);
    else
      builder.set_name(key, name);
  }
  for (const auto& [key, degree] : fetched.degrees_) builder.add_entity(key);
  for (const auto& [end, keys] : fetched.ends_)
    for (const auto& key : keys) builder.add_entity(key);
  data_ = builder.build();

  const std::size_t n = data_.entity_count();
  complete_.assign(n, false);
  named_known_.assign(n, false);
  degrees_.assign(n, kUnknown);
  for (const auto& key : fetched.complete_)
    if (auto e = data_.find_entity(key)) complete_[*e] = true;
  for (const auto& [key, name] : fetched.names_) named_known_[*data_.find_entity(key)] = true;
  for (const auto& [key, degree] : fetched.degrees_) degrees_[*data_.find_entity(key)] = degree;
  absent_ = fetched.absent_;
  for (const auto& [name, keys] : fetched.named_) {
    std::vector<EntityId> ids;
    std::vector<std::string> pending;
    for (const auto& key : keys) {
      const EntityId e = *data_.find_entity(key);
      if (!named_known_[e])
        pending.push_back(key);
      else if (data_.has_name(e) && data_.entity_name(e) == name)
        ids.push_back(e);
    }
    std::sort(ids.begin(), ids.end());
    ids.erase(std::unique(ids.begin(), ids.end()), ids.end());
    if (pending.empty())
      named_.emplace(name, std::move(ids));
    else
      named_pending_.emplace(name, std::move(pending));
  }
  ends_.resize(data_.relation_count() * 2);
  ends_known_.assign(data_.relation_count() * 2, false);
  for (const auto& [end, keys] : fetched.ends_) {
    auto r = data_.find_relation(end.first);
    if (!r) continue;
    const std::size_t slot = static_cast<std::size_t>(*r) * 2 + (end.second ? 0 : 1);
    for (const auto& key : keys) ends_[slot].push_back(*data_.find_entity(key));
    std::sort(ends_[slot].begin(), ends_[slot].end());
    ends_known_[slot] = true;
  }
}

bool SparqlSnapshot::complete(EntityId e) const {
  if (e < complete_.size() && complete_[e]) return true;
  miss([&](SparqlMisses& m) { m.edges.emplace(data_.entity_key(e)); });
  return false;
}

std::string_view SparqlSnapshot::entity_name(EntityId e) const {
  has_name(e);
  return data_.entity_name(e);
}

bool SparqlSnapshot::has_name(EntityId e) const {
  if (!named_known_[e]) miss([&](SparqlMisses& m) { m.names.emplace(data_.entity_key(e)); });
  return data_.has_name(e);
}

std::optional<EntityId> SparqlSnapshot::find_entity(std::string_view key) const {
  if (auto e = data_.find_entity(key)) return e;
  if (!absent_.count(std::string(key))) miss([&](SparqlMisses& m) { m.edges.emplace(key); });
  return std::nullopt;
}

EdgeList SparqlSnapshot::out_edges(EntityId head) const { return complete(head) ? data_.out_edges(head) : EdgeList(); }

EdgeList SparqlSnapshot::in_edges(EntityId tail) const { return complete(tail) ? data_.in_edges(tail) : EdgeList(); }

EdgeList SparqlSnapshot::out_edges(EntityId head, RelationId relation) const {
  return complete(head) ? data_.out_edges(head, relation) : EdgeList();
}

EdgeList SparqlSnapshot::in_edges(EntityId tail, RelationId relation) const {
  return complete(tail) ? data_.in_edges(tail, relation) : EdgeList();
}

bool SparqlSnapshot::has_triple(const Triple& t) const { return complete(t.head) && data_.has_triple(t); }

std::size_t SparqlSnapshot::degree(EntityId e) const {
  if (e < complete_.size() && complete_[e]) return data_.degree(e);
  if (degrees_[e] != kUnknown) return degrees_[e];
  miss([&](SparqlMisses& m) { m.degrees.emplace(data_.entity_key(e)); });
  return 0;
}

EntityList SparqlSnapshot::entities_named(std::string_view name) const {
  const std::string key(name);
  if (auto it = named_.find(key); it != named_.end()) return EntityList(std::span<const EntityId>(it->second));
  if (auto it = named_pending_.find(key); it != named_pending_.end())
    miss([&](SparqlMisses& m) { m.names.insert(it->second.begin(), it->second.end()); });
  else
    miss([&](SparqlMisses& m) { m.named.insert(key); });
  return {};
}

EntityList SparqlSnapshot::end(RelationId relation, bool head_end) const {
  const std::size_t slot = static_cast<std::size_t>(relation) * 2 + (head_end ? 0 : 1);
  if (ends_known_[slot]) return EntityList(std::span<const EntityId>(ends_[slot]));
  miss([&](SparqlMisses& m) { m.ends.emplace(relation, head_end); });
  return {};
}

SparqlMisses SparqlSnapshot::misses() const {
  std::lock_guard lock(mutex_);
  return misses_;
}

}  // namespace caqa::kg
