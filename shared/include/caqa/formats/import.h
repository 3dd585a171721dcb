// Other attribution benchmarks as caqa gold: one importer per source format turns a
// file's bytes into rows of our gold schema (id, question, answer, citation, label in a
// scheme's canonical class names, "scheme" on every line) and reports each bad row with
// its line, column, what was expected and what was found. No I/O: `caqa import` reads
// the files and writes the result (docs/import.md).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "caqa/errors.h"
#include "caqa/input_text.h"
#include "caqa/vocab/label_scheme.h"

namespace caqa {

enum class ImportFormat : std::uint8_t { CaqaRelease, Alce, AttributionBench, AttrScore, Wice, Mapped };

// The source fields (CSV columns, JSON keys or dotted paths) behind each gold field;
// empty where the source has none (an empty id gives row ids).
struct ImportFields {
  std::string_view id, question, answer, citation, label;
  std::string_view complexity;  // read when present
  std::string_view kept;        // copied as is under its own name when present
};

struct ImportFormatSpec {
  ImportFormat format;
  std::string_view name;         // the FORMAT argument of `caqa import`
  std::string_view container;    // "CSV", "JSON Lines", "CSV or JSON Lines"
  std::string_view scheme;       // the scheme its gold is written in; empty for mapped (--scheme)
  ImportFields fields;           // empty for mapped (the --*-col flags)
  std::string_view description;  // --help: what the source is, how labels map
};

// The formats in --help order.
const std::vector<ImportFormatSpec>& import_formats();
const ImportFormatSpec* find_import_format(std::string_view name);

// Each label a format's files hold and the class name it is written as (empty for mapped,
// which reads any spelling of its scheme): the sidecar records it.
std::vector<std::pair<std::string, std::string>> import_label_map(ImportFormat format, const LabelScheme& scheme);

// The scheme names an import writes ("caqa4", "support3", "binary") and the registry
// scheme behind each; also accepts the registry's own names for the same schemes.
const std::vector<std::string_view>& import_scheme_names();
const LabelScheme* import_label_scheme(std::string_view name);

// Field (JSON Lines, dotted paths such as "meta.id" reach into objects) or column (CSV)
// names for the mapped format. An empty id gives row ids; an empty question, no question.
struct ImportColumns {
  std::string id, question, answer, citation, label;
};

struct ImportOptions {
  ImportFormat format = ImportFormat::Mapped;
  std::string scheme;         // mapped only: one of import_scheme_names()
  ImportColumns columns;      // mapped only
  std::string row_id_prefix;  // ids "<prefix>-<row>" for sources without ids (default "row")
  std::size_t max_line_bytes = std::size_t{64} << 20;
};

struct ImportedRow {
  std::string id;
  std::optional<std::string> question;  // absent where the source has none (WiCE)
  std::string answer, citation;
  ClassId label = kNoClass;                               // class of the result's scheme
  std::optional<std::string> complexity;                  // only where the source names one
  std::vector<std::pair<std::string, std::string>> kept;  // source fields kept as is, e.g. src_dataset
  std::uint32_t line = 0;                                 // where the row starts in its file
};

struct ImportResult {
  std::string scheme_name;              // written on every line
  const LabelScheme* scheme = nullptr;  // null when the options name no known scheme
  std::vector<ImportedRow> rows;        // the good rows, in file order
  Diagnostics diagnostics;              // every problem, with line and column
  std::size_t records = 0;              // data rows read (header and blank lines excluded)
  std::size_t bad_rows = 0;             // records that gave no row
};

// The fields an import reads: the format's, or the mapped columns (views into options).
ImportFields import_fields(const ImportOptions& options);

// text: one whole source file. Never throws.
ImportResult import_gold(const InputText& text, const ImportOptions& options);

// Ids must be unique across every file of one import: a later row whose id an earlier
// row (in this or an earlier result) has is dropped with a DuplicateId diagnostic.
// names[i] is how results[i]'s file is shown in the messages.
void drop_duplicate_ids(std::vector<ImportResult>& results, const std::vector<std::string>& names);

// One gold JSON Lines line (with its '\n') for a row of result.
std::string imported_gold_line(const ImportedRow& row, const ImportResult& result);

// A list of references as numbered citations: "[1] first [2] second"; a reference that
// already opens with its own number ("[2] https://...") keeps it.
std::string numbered_citations(const std::vector<std::string>& references);

}  // namespace caqa
