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
// citation is one or more comma-separated citation sources (citation_sources below).
struct ImportColumns {
  std::string id, question, answer, citation, label;
  std::vector<std::string> kept;  // --keep: copied to each gold line under the same name, required on every row
};

// A source label and the scheme class it is read as (--label-map), before the scheme's
// own spellings; the source is matched case-insensitively after trimming.
struct ImportLabelMapping {
  std::string source;  // trimmed, as written
  std::string cls;     // the scheme's canonical class name
};

struct ImportOptions {
  ImportFormat format = ImportFormat::Mapped;
  std::string scheme;                         // mapped only: one of import_scheme_names()
  ImportColumns columns;                      // mapped only
  std::vector<ImportLabelMapping> label_map;  // mapped only
  std::string row_id_prefix;                  // ids "<prefix>-<row>" for sources without ids (default "row")
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

// One item of --citation-col: a field or column (a string is one reference, a JSON list
// of strings one reference per string), or "LIST[].FIELD": each object of the list LIST
// gives one reference, its FIELD ("title: text" where the object has a string "title").
struct CitationSource {
  std::string name;           // the item as written
  std::string path;           // the field or column (LIST for a list path)
  std::string element_field;  // FIELD of each list element; empty for a plain field
};

// "a,b" or "docs[].text" as citation sources, in order; nullopt with the problem, naming
// the item, in error (an empty item, "[]" without a list name or field).
std::optional<std::vector<CitationSource>> citation_sources(std::string_view spec, std::string& error);

// "SRC=CLASS,..." (--label-map) for a scheme; nullopt with the problem, naming the item,
// in error (no '=', an empty side, a CLASS the scheme does not accept, a SRC twice).
std::optional<std::vector<ImportLabelMapping>> parse_import_label_map(std::string_view spec, const LabelScheme& scheme,
                                                                      std::string& error);

// Why mapped options cannot be used ("" when they can): a citation source, a label map
// entry whose class the scheme lacks, a kept name that is empty, repeated or one of the
// gold's own keys (id, question, answer, citation, label, scheme, complexity, split, qid,
// evidence). import_gold reports it as a diagnostic; `caqa import` as a usage error.
std::string mapped_options_problem(const ImportOptions& options);

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
