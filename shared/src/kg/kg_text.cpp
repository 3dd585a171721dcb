#include "caqa/kg/kg_text.h"

#include <fmt/format.h>

#include "caqa/source_text.h"

namespace caqa::kg {

namespace {

std::string where(const TextSource& source, std::uint32_t line) { return fmt::format("{}:{}", source.name, line); }

std::string_view trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

}  // namespace

std::size_t add_triples(MemoryGraphBuilder& builder, const TextSource& source, TripleFormat format,
                        ProblemCounts& problems, const std::unordered_map<std::string, std::string>& relation_names) {
  LineCursor cursor(source.text);
  SourceLine line;
  std::size_t added = 0;
  std::string relation_key;
  // Auto: the file's first triple line decides (a tab means TSV).
  char sep = format == TripleFormat::Pipe ? '|' : '\t';
  if (format == TripleFormat::Auto) {
    LineCursor probe(source.text);
    while (probe.next(line))
      if (!is_blank(line.text) && line.text[0] != '#') {
        sep = line.text.find('\t') != std::string_view::npos ? '\t' : '|';
        break;
      }
  }
  while (cursor.next(line)) {
    if (is_blank(line.text) || line.text[0] == '#') continue;
    std::size_t a = line.text.find(sep), b = a == std::string_view::npos ? a : line.text.find(sep, a + 1);
    if (b == std::string_view::npos || line.text.find(sep, b + 1) != std::string_view::npos) {
      problems.add(
          sep == '\t' ? "triple line without 3 tab-separated fields" : "triple line without 3 |-separated fields",
          where(source, line.number), printable_excerpt(line.text, 80));
      continue;
    }
    std::string_view head = trim(line.text.substr(0, a)), relation = trim(line.text.substr(a + 1, b - a - 1)),
                     tail = trim(line.text.substr(b + 1));
    if (head.empty() || relation.empty() || tail.empty()) {
      problems.add("triple with an empty field", where(source, line.number), printable_excerpt(line.text, 80));
      continue;
    }
    if (first_invalid_utf8(line.text) != std::string_view::npos) {
      problems.add("line that is not UTF-8", where(source, line.number), printable_excerpt(line.text, 80));
      continue;
    }
    if (!relation_names.empty()) {
      relation_key.assign(relation);
      auto it = relation_names.find(relation_key);
      if (it == relation_names.end()) {
        problems.add("unknown relation id", where(source, line.number), std::string(relation));
        continue;
      }
      relation = it->second;
    }
    builder.add_triple(head, relation, tail);
    ++added;
  }
  return added;
}

std::vector<std::pair<std::string, std::string>> read_two_column_table(const TextSource& source,
                                                                       ProblemCounts& problems) {
  std::vector<std::pair<std::string, std::string>> rows;
  LineCursor cursor(source.text);
  SourceLine line;
  while (cursor.next(line)) {
    if (is_blank(line.text)) continue;
    std::size_t tab = line.text.find('\t');
    if (tab == std::string_view::npos || tab == 0 || tab + 1 >= line.text.size()) {
      problems.add("table line without key<TAB>value", where(source, line.number), printable_excerpt(line.text, 80));
      continue;
    }
    rows.emplace_back(std::string(line.text.substr(0, tab)), std::string(trim(line.text.substr(tab + 1))));
  }
  return rows;
}

}  // namespace caqa::kg
