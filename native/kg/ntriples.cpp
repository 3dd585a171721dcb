#include "kg/ntriples.h"

#include <serd/serd.h>

#include <fmt/format.h>

#include <cstdarg>
#include <cstdio>
#include <map>
#include <string>
#include <unordered_map>
#include <vector>

#include "caqa/source_text.h"

namespace caqa::kg {

namespace {

constexpr std::string_view kRdfType = "http://www.w3.org/1999/02/22-rdf-syntax-ns#type";
constexpr std::string_view kLabelPredicates[] = {"http://www.w3.org/2000/01/rdf-schema#label", "http://schema.org/name",
                                                 "https://schema.org/name"};

enum class NodeKind : std::uint8_t { Iri, Blank, Literal };

struct RdfNode {
  NodeKind kind = NodeKind::Iri;
  std::string text;  // IRI, blank label with "_:", or the literal's lexical form
};

struct Statement {
  RdfNode subject;
  std::string predicate;
  RdfNode object;
  std::string language;  // literal objects only
};

// What serd reports while reading one line.
struct LineState {
  std::vector<Statement>* statements;
  std::string error;
};

RdfNode to_rdf_node(const SerdNode* n) {
  std::string text(reinterpret_cast<const char*>(n->buf), n->n_bytes);
  if (n->type == SERD_BLANK) return {NodeKind::Blank, text.insert(0, "_:")};
  if (n->type == SERD_LITERAL) return {NodeKind::Literal, std::move(text)};
  return {NodeKind::Iri, std::move(text)};
}

SerdStatus on_statement(void* handle, SerdStatementFlags, const SerdNode*, const SerdNode* subject,
                        const SerdNode* predicate, const SerdNode* object, const SerdNode*, const SerdNode* lang) {
  auto* state = static_cast<LineState*>(handle);
  Statement s{to_rdf_node(subject), to_rdf_node(predicate).text, to_rdf_node(object), {}};
  if (lang && lang->buf) s.language.assign(reinterpret_cast<const char*>(lang->buf), lang->n_bytes);
  state->statements->push_back(std::move(s));
  return SERD_SUCCESS;
}

SerdStatus on_error(void* handle, const SerdError* error) {
  auto* state = static_cast<LineState*>(handle);
  if (!state->error.empty()) return SERD_SUCCESS;
  char message[256];
  va_list args;
  va_copy(args, *error->args);
  std::vsnprintf(message, sizeof message, error->fmt, args);
  va_end(args);
  state->error = fmt::format("column {}: {}", error->col, message);
  while (!state->error.empty() && (state->error.back() == '\n' || state->error.back() == ' ')) state->error.pop_back();
  return SERD_SUCCESS;
}

std::string_view local_name(std::string_view iri) {
  std::size_t cut = iri.find_last_of("/#");
  return cut == std::string_view::npos ? iri : iri.substr(cut + 1);
}

// Keys of one kind (entities, relations or types): an IRI gets its local name unless that
// name is shared with another IRI or with a fixed key (a literal or blank node).
class Shortener {
 public:
  void fixed(const std::string& key) { fixed_.try_emplace(key, true); }
  void iri(const std::string& iri) {
    if (!iris_.try_emplace(iri).second) return;
    std::string_view local = local_name(iri);
    if (!local.empty()) ++local_uses_[std::string(local)];
  }
  // Decide every key; returns how many IRIs keep their full text.
  std::size_t finish() {
    std::size_t full = 0;
    for (auto& [iri, key] : iris_) {
      std::string local(local_name(iri));
      bool unique = !local.empty() && local_uses_[local] == 1 && !fixed_.count(local);
      key = unique ? local : iri;
      full += !unique;
    }
    return full;
  }
  const std::string& key(const RdfNode& n) const { return n.kind == NodeKind::Iri ? iris_.at(n.text) : n.text; }
  const std::string& key(const std::string& iri) const { return iris_.at(iri); }

 private:
  std::unordered_map<std::string, std::string> iris_;  // IRI -> key
  std::unordered_map<std::string, std::size_t> local_uses_;
  std::unordered_map<std::string, bool> fixed_;
};

bool is_label(std::string_view predicate) {
  for (std::string_view p : kLabelPredicates)
    if (predicate == p) return true;
  return false;
}

// 0 for "en", "en-*" or no language, 1 for any other.
int language_rank(std::string_view lang) {
  if (lang.empty() || lang == "en" || lang == "EN" || lang.starts_with("en-") || lang.starts_with("EN-")) return 0;
  return 1;
}

std::vector<Statement> read_statements(const TextSource& source, ProblemCounts& problems, NTriplesLoad& load) {
  std::vector<Statement> statements;
  LineState state{&statements, {}};
  SerdReader* reader = serd_reader_new(SERD_NTRIPLES, &state, nullptr, nullptr, nullptr, on_statement, nullptr);
  serd_reader_set_strict(reader, true);
  serd_reader_set_error_sink(reader, on_error, &state);
  LineCursor cursor(source.text);
  SourceLine line;
  std::string buffer;
  while (cursor.next(line)) {
    std::string_view text = line.text;
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
    if (text.empty() || text.front() == '#') continue;
    std::size_t before = statements.size();
    state.error.clear();
    buffer.assign(text);
    buffer += '\n';
    SerdStatus status = SERD_SUCCESS;
    if (buffer.find('\0') != std::string::npos)
      state.error = "NUL byte";
    else
      status = serd_reader_read_string(reader, reinterpret_cast<const uint8_t*>(buffer.c_str()));
    if (state.error.empty() && status > SERD_FAILURE)
      state.error = fmt::format("serd status {}", static_cast<int>(status));
    if (state.error.empty() && statements.size() == before) state.error = "no statement";
    if (!state.error.empty()) {
      statements.resize(before);
      ++load.malformed_lines;
      problems.add("ntriples: malformed line", fmt::format("{}:{}", source.name, line.number),
                   state.error + ": " + printable_excerpt(text, 60));
    }
  }
  serd_reader_free(reader);
  load.statements = statements.size();
  return statements;
}

}  // namespace

NTriplesLoad add_ntriples(MemoryGraphBuilder& builder, const TextSource& source, ProblemCounts& problems) {
  NTriplesLoad load;
  std::vector<Statement> statements = read_statements(source, problems, load);

  // Which statements are labels, types or triples; then every key of each kind.
  enum class Role : std::uint8_t { Triple, Label, Type };
  std::vector<Role> roles;
  Shortener entities, relations, types;
  auto entity = [&](const RdfNode& n) {
    if (n.kind == NodeKind::Iri)
      entities.iri(n.text);
    else
      entities.fixed(n.text);
  };
  for (const Statement& s : statements) {
    Role role = is_label(s.predicate) && s.object.kind == NodeKind::Literal   ? Role::Label
                : s.predicate == kRdfType && s.object.kind != NodeKind::Blank ? Role::Type
                                                                              : Role::Triple;
    roles.push_back(role);
    entity(s.subject);
    if (role == Role::Type) {
      if (s.object.kind == NodeKind::Iri)
        types.iri(s.object.text);
      else
        types.fixed(s.object.text);
    } else if (role == Role::Triple) {
      relations.iri(s.predicate);
      entity(s.object);
    }
  }
  load.full_iris = entities.finish() + relations.finish() + types.finish();

  struct Name {
    std::string text;
    int rank;
  };
  std::map<std::string, Name> names;  // entity key -> best name
  std::map<std::string, std::string> typed;
  for (std::size_t i = 0; i < statements.size(); ++i) {
    const Statement& s = statements[i];
    const std::string& subject = entities.key(s.subject);
    switch (roles[i]) {
      case Role::Label: {
        int rank = language_rank(s.language);
        auto [it, inserted] = names.try_emplace(subject, Name{s.object.text, rank});
        if (!inserted && rank < it->second.rank) it->second = Name{s.object.text, rank};
        break;
      }
      case Role::Type:
        if (!typed.try_emplace(subject, types.key(s.object)).second) ++load.extra_types;
        break;
      case Role::Triple:
        builder.add_triple(subject, relations.key(s.predicate), entities.key(s.object));
        ++load.triples;
        load.literal_objects += s.object.kind == NodeKind::Literal;
        break;
    }
  }
  for (const auto& [key, name] : names) builder.set_name(key, name.text);
  for (const auto& [key, type] : typed) builder.set_type(key, type);
  load.names = names.size();
  load.types = typed.size();
  return load;
}

}  // namespace caqa::kg
