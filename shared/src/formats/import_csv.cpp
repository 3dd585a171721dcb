// The CSV importers (caqa-release, alce, attrscore, mapped CSV): a header row names the
// columns; each later record becomes one row.
#include <fmt/format.h>

#include "caqa/complexity.h"
#include "csv_records.h"
#include "import_rows.h"

namespace caqa::detail {

namespace {

// A gold field and the header names that may hold it, first name preferred.
struct ColumnRole {
  std::vector<std::string> names;
  bool required = false;
  int index = -1;  // in the header, once found
};

struct CsvLayout {
  ColumnRole id, question, answer, label, complexity;
  std::vector<ColumnRole> citation;  // one column as it is; several, one numbered reference each
  std::vector<ColumnRole> kept;      // copied to the gold line under their own name
  bool kept_required = false;        // --keep: every row has a value in each kept column
  std::string list_path;             // a citation source LIST[].FIELD, which a CSV file cannot hold
};

CsvLayout layout_of(const ImportOptions& options) {
  ImportFields f = import_fields(options);
  // The id of a named format is optional (row ids without it); a mapped --id-col must exist.
  bool mapped = options.format == ImportFormat::Mapped;
  auto role = [](std::string_view name, bool required) {
    return name.empty() ? ColumnRole{} : ColumnRole{{std::string(name)}, required};
  };
  CsvLayout l;
  l.id = role(f.id, mapped);
  l.question = role(f.question, true);
  l.answer = role(f.answer, true);
  l.label = role(f.label, true);
  l.complexity = role(f.complexity, false);
  std::string error;  // mapped options were checked before (mapped_options_problem)
  for (const CitationSource& c : citation_sources(f.citation, error).value_or(std::vector<CitationSource>{})) {
    if (!c.element_field.empty()) l.list_path = c.name;
    l.citation.push_back(role(c.path, true));
  }
  if (mapped) {
    for (const std::string& name : options.columns.kept) l.kept.push_back(role(name, true));
    l.kept_required = true;
  } else if (!f.kept.empty()) {
    l.kept.push_back(role(f.kept, false));
  }
  return l;
}

std::string quoted_list(const std::vector<std::string>& names) {
  std::string out;
  for (std::size_t i = 0; i < names.size(); ++i)
    out += fmt::format("{}\"{}\"", i == 0 ? "" : i + 1 == names.size() ? " or " : ", ", names[i]);
  return out;
}

// Finds the role's column; false (with a diagnostic) when a required one is missing.
bool find_column(ColumnRole& role, const CsvRecord& header, Diagnostics& out) {
  if (role.names.empty()) return true;
  for (const std::string& name : role.names)
    for (std::size_t i = 0; i < header.fields.size(); ++i)
      if (trim_spaces(header.fields[i]) == name) {
        role.index = static_cast<int>(i);
        return true;
      }
  if (!role.required) return true;
  std::vector<std::string> found;
  for (const auto& f : header.fields) found.push_back(f);
  out.items.push_back({ErrorCode::CsvHeader, Severity::Error, header.line, 1,
                       fmt::format("expected a column named {}, found {}", quoted_list(role.names),
                                   found.empty() ? std::string("no columns") : quoted_list(found)),
                       "the first row names the columns (docs/import.md lists each format's)"});
  return false;
}

}  // namespace

ImportResult import_csv(const InputText& text, const ImportOptions& options) {
  ImportResult out = start_import(options);
  CsvLayout layout = layout_of(options);
  CsvRecords records(text.bytes());
  CsvRecord record;
  std::optional<CsvProblem> problem;
  bool have_header = false;
  while (!have_header && records.next(record, problem)) {
    if (problem) {
      out.diagnostics.items.push_back(
          {problem->code, Severity::Error, problem->line, problem->column, problem->message, {}});
      return out;
    }
    have_header = !record.blank;
  }
  if (!have_header) {
    out.diagnostics.items.push_back(
        {ErrorCode::EmptyFile, Severity::Error, 0, 0, "expected a header row and data rows, found an empty file", {}});
    return out;
  }
  const CsvRecord header = record;
  if (!layout.list_path.empty()) {
    out.diagnostics.items.push_back(
        {ErrorCode::CsvHeader, Severity::Error, header.line, 1,
         fmt::format("expected a column name in --citation-col, found the list path \"{}\"", layout.list_path),
         "LIST[].FIELD reaches into JSON Lines objects; a CSV file names its citation columns, comma-separated"});
    return out;
  }
  bool columns_ok = true;
  for (ColumnRole* role : {&layout.id, &layout.question, &layout.answer, &layout.label, &layout.complexity})
    columns_ok = find_column(*role, header, out.diagnostics) && columns_ok;
  for (std::vector<ColumnRole>* roles : {&layout.citation, &layout.kept})
    for (ColumnRole& role : *roles) columns_ok = find_column(role, header, out.diagnostics) && columns_ok;
  if (!columns_ok) return out;

  std::size_t data_row = 0;
  while (records.next(record, problem)) {
    if (!problem && record.blank) continue;
    ++out.records;
    ++data_row;
    if (problem) {
      out.diagnostics.items.push_back(
          {problem->code, Severity::Error, problem->line, problem->column, problem->message, {}});
      ++out.bad_rows;
      continue;
    }
    RowProblems problems(out.diagnostics, record.line);
    if (record.fields.size() != header.fields.size()) {
      problems.add(ErrorCode::CsvFieldCount, 1,
                   fmt::format("expected {} fields (as the header on line {}), found {}", header.fields.size(),
                               header.line, record.fields.size()),
                   "a field holding a comma or a line break needs double quotes");
      ++out.bad_rows;
      continue;
    }
    auto field = [&](const ColumnRole& role) -> std::string_view {
      return role.index < 0 ? std::string_view() : std::string_view(record.fields[role.index]);
    };
    auto column = [&](const ColumnRole& role) { return role.index < 0 ? 1u : record.columns[role.index]; };
    auto require = [&](const ColumnRole& role) {
      if (role.index >= 0 && trim_spaces(field(role)).empty())
        problems.add(ErrorCode::MissingField, column(role),
                     fmt::format("expected a value in column \"{}\", found an empty field", header.fields[role.index]));
    };
    ImportedRow row;
    row.line = record.line;
    if (layout.id.index >= 0) {
      require(layout.id);
      row.id = std::string(trim_spaces(field(layout.id)));
    } else {
      row.id = row_id(options, data_row);
    }
    if (layout.question.index >= 0) row.question = std::string(field(layout.question));
    require(layout.answer);
    row.answer = std::string(field(layout.answer));
    if (layout.citation.size() == 1) {
      row.citation = std::string(field(layout.citation.front()));
    } else {
      std::vector<std::string> references;
      for (const ColumnRole& role : layout.citation) references.emplace_back(field(role));
      row.citation = numbered_citations(references);
    }
    std::string_view label = field(layout.label);
    if (trim_spaces(label).empty()) {
      require(layout.label);
    } else {
      LabelRead read = read_source_label(out, options, label);
      if (read.cls)
        row.label = *read.cls;
      else
        problems.add(ErrorCode::InvalidLabel, column(layout.label),
                     fmt::format("expected a label {}, found \"{}\"", read.expected, label));
    }
    std::string_view complexity = trim_spaces(field(layout.complexity));
    if (!complexity.empty()) {
      if (parse_complexity_exact(complexity))
        row.complexity = std::string(complexity);
      else
        problems.add(ErrorCode::InvalidComplexity, column(layout.complexity),
                     fmt::format("expected single, union, intersection or concatenation, found \"{}\"", complexity),
                     "leave the column empty where a row has no complexity");
    }
    for (const ColumnRole& role : layout.kept) {
      if (layout.kept_required) require(role);
      if (role.index >= 0) row.kept.emplace_back(role.names.front(), std::string(field(role)));
    }
    if (problems.any()) {
      ++out.bad_rows;
      continue;
    }
    out.rows.push_back(std::move(row));
  }
  return out;
}

}  // namespace caqa::detail
