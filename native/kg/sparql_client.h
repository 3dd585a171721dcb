// SELECT queries to a SPARQL 1.1 endpoint (Virtuoso's /sparql, or any that answers
// text/csv or application/sparql-results+json over HTTP POST), as caqa eval sends prompts: N in
// flight, retries with backoff on connection trouble, 429 and 5xx (request_pool.h's
// schedule), a progress line with rate and ETA, and an append-only cache of the rows keyed
// by the query text, so a rebuild or a resumed build sends nothing twice.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "eval/request_pool.h"
#include "eval/response_cache.h"

namespace caqa::kg {

struct SparqlSettings {
  std::string endpoint;             // http://host:port/sparql
  int concurrency = 4;              // queries in flight
  double timeout_s = 600;           // connect, read and write each
  eval::RequestPoolSettings retry;  // max_retries, backoff_base_s, backoff_max_s, retry_after_max_s
  std::string cache_path;           // "" = no cache
  bool progress = true;
};

// One query's rows; a value is an IRI's text or a literal's lexical form ("" when unbound).
using SparqlRows = std::vector<std::vector<std::string>>;

struct SparqlResult {
  SparqlRows rows;
  // The endpoint's row limit when it cut the result there (Virtuoso's X-SPARQL-MaxRows:
  // the caller pages the query), 0 for a whole result. A cut result is cached as just that.
  std::size_t cut_at = 0;
};

struct SparqlStats {
  std::size_t queries = 0;     // asked for, cached or not
  std::size_t cache_hits = 0;  // answered by the cache
  std::size_t sent = 0;        // answered by the endpoint (requests that succeeded)
  std::size_t retries = 0, errors = 0, rows = 0;
  double seconds = 0;  // spent in select()
};

class SparqlClient {
 public:
  explicit SparqlClient(SparqlSettings settings) : settings_(std::move(settings)) {}
  bool open(std::string& error);  // the cache (none when cache_path is empty)
  // The result of every query, in query order. nullopt, with error, when one failed after
  // its retries or was refused; the queries answered until then stay in the cache.
  std::optional<std::vector<SparqlResult>> select(const std::vector<std::string>& queries, const std::string& what,
                                                  std::string& error);
  const SparqlStats& stats() const { return stats_; }

 private:
  SparqlSettings settings_;
  std::optional<eval::ResponseCache> cache_;
  SparqlStats stats_;
};

// The rows of a SPARQL JSON results document (application/sparql-results+json), columns in
// the order of head.vars; nullopt when it is not one.
std::optional<SparqlRows> parse_sparql_results(const std::string& body);
// The same of SPARQL CSV results (text/csv: RFC 4180, a header of the variables first).
std::optional<SparqlRows> parse_sparql_csv(std::string_view body);

}  // namespace caqa::kg
