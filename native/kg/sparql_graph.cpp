#include "kg/sparql_graph.h"

#include <algorithm>
#include <charconv>
#include <cstdint>

#include <fmt/format.h>

#include "caqa/json_string.h"
#include "caqa/kg/import_fb15k.h"

namespace caqa::kg {

namespace {

std::string ns_iri(std::string_view local) { return fmt::format("<{}{}>", kFreebaseNamespace, local); }

// A KG edge's predicate (sparql_graph.h): in the namespace, not a typing one. Checked here
// rather than in the query: STRSTARTS(STR(?p), ...) over every triple made Virtuoso 20x
// slower on the whole graph's counts.
bool is_edge_predicate(std::string_view iri) {
  if (!iri.starts_with(kFreebaseNamespace)) return false;
  iri.remove_prefix(kFreebaseNamespace.size());
  return iri != "type.object.type" && iri != "type.type.instance";
}

// An entity key as a query term: a Freebase id in the namespace, a full IRI (an entity
// outside it) as itself; nullopt for a key no IRI can hold (it is not the KG's).
std::optional<std::string> entity_term(std::string_view key) {
  const bool plain = std::all_of(key.begin(), key.end(), [](char c) {
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '.' ||
           c == '-';
  });
  if (!key.empty() && plain) return ns_iri(key);
  const bool iri = key.find("://") != std::string_view::npos && std::none_of(key.begin(), key.end(), [](char c) {
                     return static_cast<unsigned char>(c) <= ' ' ||
                            std::string_view("<>\"{}|^`\\").find(c) != std::string_view::npos;
                   });
  if (iri) return fmt::format("<{}>", key);
  return std::nullopt;
}

// Keys as query terms; only keys that entity_term takes are ever fetched (fetch() sorts out the others).
std::vector<std::string> entity_terms(const std::vector<std::string>& keys) {
  std::vector<std::string> out;
  for (const auto& key : keys) out.push_back(*entity_term(key));
  return out;
}

// A name as an English literal: JSON's string escapes are all SPARQL escapes too.
std::string name_term(const std::string& name) {
  std::string out;
  append_json_string(out, name);
  return out + "@en";
}

// An entity's key: its local name in the namespace, else the whole IRI.
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

std::string SparqlGraph::text(const Query& q) const {
  return fmt::format("SELECT {}{} WHERE {{ {} }}{}", q.vars, graph_iri_.empty() ? "" : " FROM <" + graph_iri_ + ">",
                     q.where, q.tail.empty() ? "" : " " + q.tail);
}

std::string SparqlGraph::page(const Query& q, std::size_t offset, std::size_t limit) const {
  // Ordered by the variables outside parentheses (the group keys of an aggregate). The
  // order goes inside a subquery: Virtuoso refuses a sorted OFFSET past its row limit.
  std::string order;
  int depth = 0;
  for (std::size_t i = 0; i < q.vars.size(); ++i) {
    const char c = q.vars[i];
    depth += c == '(' ? 1 : c == ')' ? -1 : 0;
    if (c == '?' && depth == 0) {
      const std::size_t end = q.vars.find(' ', i);
      order += ' ';
      order += q.vars.substr(i, end == std::string::npos ? end : end - i);
    }
  }
  return fmt::format("SELECT *{} WHERE {{ {{ SELECT {} WHERE {{ {} }}{} ORDER BY{} }} }} OFFSET {} LIMIT {}",
                     graph_iri_.empty() ? "" : " FROM <" + graph_iri_ + ">", q.vars, q.where,
                     q.tail.empty() ? "" : " " + q.tail, order, offset, limit);
}

std::optional<std::vector<SparqlRows>> SparqlGraph::run(const std::vector<Query>& queries, const std::string& what,
                                                        std::string& error) {
  std::vector<std::string> texts;
  for (const auto& q : queries) texts.push_back(text(q));
  auto results = client_.select(texts, what, error);
  if (!results) return std::nullopt;
  std::vector<SparqlRows> out(queries.size());
  std::vector<std::size_t> cut;  // queries to page, all pages of a round sent together
  for (std::size_t i = 0; i < queries.size(); ++i) {
    if ((*results)[i].cut_at == 0)
      out[i] = std::move((*results)[i].rows);
    else
      cut.push_back(i);
  }
  for (std::size_t offset = 0; !cut.empty();) {
    std::vector<std::string> pages;
    std::size_t limit = 0;
    for (std::size_t i : cut) {
      // One row short of the limit, so that no page is itself cut (and each is cached).
      limit = std::max<std::size_t>(1, (*results)[i].cut_at - 1);
      pages.push_back(page(queries[i], offset, limit));
    }
    auto paged = client_.select(pages, what + " (pages)", error);
    if (!paged) return std::nullopt;
    std::vector<std::size_t> more;
    for (std::size_t k = 0; k < cut.size(); ++k) {
      auto& rows = (*paged)[k].rows;
      if (rows.size() >= limit) more.push_back(cut[k]);
      out[cut[k]].insert(out[cut[k]].end(), std::make_move_iterator(rows.begin()), std::make_move_iterator(rows.end()));
    }
    cut = std::move(more);
    offset += limit;
  }
  return out;
}

bool SparqlGraph::start(std::string& error) {
  auto predicates = run({{"?p (COUNT(*) AS ?n)", "?s ?p ?o . FILTER(isIRI(?o))", "GROUP BY ?p"}}, "graph", error);
  if (!predicates) return false;
  // The predicates that link IRIs and are not KG relations, left out of the entity count.
  std::string others;
  for (const auto& row : (*predicates)[0]) {
    if (!is_edge_predicate(row[0])) {
      if (auto term = entity_term(row[0])) others += (others.empty() ? "" : ", ") + *term;
      continue;
    }
    relations_.push_back(relation_key(row[0]));
    summary_.triples += count_value({{row[1]}});
  }
  std::sort(relations_.begin(), relations_.end());
  relations_.erase(std::unique(relations_.begin(), relations_.end()), relations_.end());
  if (relations_.empty()) {
    error = "the endpoint holds no triple between IRIs with a predicate in " + std::string(kFreebaseNamespace) +
            (graph_iri_.empty() ? "" : " in graph <" + graph_iri_ + ">");
    return false;
  }
  const std::string kg_only = others.empty() ? "" : " && ?p NOT IN (" + others + ")";
  auto entities = run({{"(COUNT(*) AS ?n)",
                        fmt::format("{{ SELECT DISTINCT ?e WHERE {{ {{ ?e ?p ?o . FILTER(isIRI(?o){0}) }} "
                                    "UNION {{ ?s ?p ?e . FILTER(isIRI(?e){0}) }} }} }}",
                                    kg_only),
                        ""}},
                      "graph", error);
  if (!entities) return false;
  summary_.triples_added = summary_.triples;
  summary_.entities = count_value((*entities)[0]);
  summary_.relations = relations_.size();
  return true;
}

std::optional<std::vector<SparqlRows>> SparqlGraph::per_batch(const std::vector<std::string>& terms,
                                                              const std::string& what,
                                                              const std::function<Query(const std::string&)>& query,
                                                              std::string& error) {
  std::vector<Query> queries;
  for (std::size_t begin = 0; begin < terms.size(); begin += batch_) {
    std::string values;
    for (std::size_t i = begin; i < std::min(terms.size(), begin + batch_); ++i) values += terms[i] + " ";
    queries.push_back(query(values));
  }
  return run(queries, what, error);
}

void SparqlGraph::add_edge(const std::string& s, const std::string& p, const std::string& o) {
  if (!is_edge_predicate(p)) return;
  triples_.push_back({std::string(local_name(s)), relation_key(p), std::string(local_name(o))});
}

bool SparqlGraph::fetch_edges(const std::vector<std::string>& keys, std::string& error) {
  const auto terms = entity_terms(keys);
  for (bool out : {true, false}) {
    auto rows = per_batch(
        terms, out ? "out-edges" : "in-edges",
        [&](const std::string& values) {
          return Query{"?s ?p ?o",
                       fmt::format("VALUES ?{} {{ {}}} ?s ?p ?o . FILTER(isIRI(?o))", out ? "s" : "o", values), ""};
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
      entity_terms(keys), "names",
      [&](const std::string& values) {
        return Query{
            "?s ?n",
            fmt::format("VALUES ?s {{ {}}} ?s {} ?n . FILTER(lang(?n) = \"en\")", values, ns_iri("type.object.name")),
            ""};
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
  // Counted by predicate and summed here over the KG's (is_edge_predicate). VALUES inside
  // each branch: Virtuoso 7.2 joined one outside a UNION wrongly.
  auto rows = per_batch(
      entity_terms(keys), "degrees",
      [&](const std::string& values) {
        return Query{"?e ?p (COUNT(*) AS ?n)",
                     fmt::format("{{ VALUES ?e {{ {0}}} ?e ?p ?o . FILTER(isIRI(?o)) }} UNION "
                                 "{{ VALUES ?e {{ {0}}} ?s ?p ?e }}",
                                 values),
                     "GROUP BY ?e ?p"};
      },
      error);
  if (!rows) return false;
  for (const auto& key : keys) degrees_.try_emplace(key, 0);
  for (const auto& batch : *rows)
    for (const auto& row : batch)
      if (is_edge_predicate(row[1])) degrees_[std::string(local_name(row[0]))] += count_value({{row[2]}});
  return true;
}

bool SparqlGraph::fetch_named(const std::vector<std::string>& names, std::string& error) {
  std::vector<std::string> terms;
  for (const auto& name : names) terms.push_back(name_term(name));
  auto rows = per_batch(
      terms, "same-name",
      [&](const std::string& values) {
        return Query{"?n ?s", fmt::format("VALUES ?n {{ {}}} ?s {} ?n", values, ns_iri("type.object.name")), ""};
      },
      error);
  if (!rows) return false;
  for (const auto& name : names) named_.try_emplace(name);
  for (const auto& batch : *rows)
    for (const auto& row : batch) named_[row[0]].push_back(std::string(local_name(row[1])));
  return true;
}

bool SparqlGraph::fetch_ends(const std::vector<std::pair<std::string, bool>>& ends, std::string& error) {
  std::vector<Query> queries;
  for (const auto& [relation, head_end] : ends)
    queries.push_back({fmt::format("DISTINCT ?{}", head_end ? "s" : "o"),
                       fmt::format("?s {} ?o . FILTER(isIRI(?o))", ns_iri(freebase_relation_local_name(relation))),
                       ""});
  auto rows = run(queries, "relation ends", error);
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
  std::set<std::string> names, degrees;
  // A key no query can name (not an IRI, e.g. "/m/0abc" tried by find_entity_spelling) is
  // not the KG's: known to have nothing more, so that no round asks for it again.
  auto askable = [&](const std::string& key) {
    if (entity_term(key)) return true;
    absent_.insert(key);
    return false;
  };
  for (const auto& key : misses.names)
    if (askable(key)) names.insert(key);
  for (const auto& key : misses.degrees)
    if (askable(key)) degrees.insert(key);
  std::vector<std::string> edge_keys;
  for (const auto& key : misses.edges)
    if (askable(key)) edge_keys.push_back(key);
  const std::size_t before = triples_.size();
  if (!fetch_edges(edge_keys, error)) return false;
  std::unordered_set<std::string> with_edges;
  for (std::size_t i = before; i < triples_.size(); ++i)
    for (const std::string* key : {&triples_[i].head, &triples_[i].tail}) {
      with_edges.insert(*key);
      if (!names_.count(*key) && entity_term(*key)) names.insert(*key);
    }
  for (const auto& key : edge_keys)
    if (!with_edges.count(key)) absent_.insert(key);
  if (!fetch_named({misses.named.begin(), misses.named.end()}, error)) return false;
  for (const auto& name : misses.named)
    for (const auto& key : named_[name])
      if (!names_.count(key) && entity_term(key)) names.insert(key);
  std::vector<std::pair<std::string, bool>> ends;
  for (const auto& [relation, head_end] : misses.ends) ends.emplace_back(from.relation_name(relation), head_end);
  if (!fetch_ends(ends, error)) return false;
  for (const auto& end : ends)
    for (const auto& key : ends_[end])
      if (!degrees_.count(key) && !complete_.count(key) && entity_term(key)) degrees.insert(key);
  return fetch_names({names.begin(), names.end()}, error) && fetch_degrees({degrees.begin(), degrees.end()}, error);
}

std::unique_ptr<SparqlSnapshot> SparqlGraph::snapshot() const { return std::make_unique<SparqlSnapshot>(*this); }

}  // namespace caqa::kg
