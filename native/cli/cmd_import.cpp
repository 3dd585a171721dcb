// caqa import: another benchmark's file(s) as caqa gold JSON Lines, with a sidecar that
// names each source's SHA-256, the format and the mapping (docs/import.md).
#include <filesystem>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "caqa/formats/import.h"
#include "caqa/version.h"
#include "command.h"
#include "files.h"
#include "inputs.h"

namespace caqa::cli {

namespace {

constexpr const char* kImportHelp =
    "Writes FILE (gold JSON Lines: id, question, answer, citation, label in the scheme's canonical\n"
    "names, \"scheme\" on every line, source fields such as src_dataset or --keep's kept) and\n"
    "FILE.import.json (each source's SHA-256, the format, the mapping, --label-map), each\n"
    "atomically. Several FILEs concatenate (ids must stay unique). A bad row is reported as\n"
    "file:line:column with what was expected and what was found; any bad row fails the import\n"
    "(exit 1) unless --skip-bad drops and counts them.\n"
    "Sources without ids get row ids: row-1, row-2, ... (with several files, <file stem>-1, ...).\n\n"
    "Examples, one per format:\n"
    "  caqa import caqa-release CAQA_dev.csv -o caqa_dev.gold.jsonl\n"
    "  caqa import alce ALCE_finegrained.csv -o alce.gold.jsonl\n"
    "  caqa import attributionbench test_all_subset_balanced_sampled500.jsonl -o ab.gold.jsonl\n"
    "  caqa import attrscore attreval_gensearch.csv -o attrscore.gold.jsonl\n"
    "  caqa import wice wice_claims_test.jsonl -o wice.gold.jsonl\n"
    "  caqa import mapped mine.jsonl --id-col meta.id --question-col q --answer-col a \\\n"
    "      --citation-col docs --label-col gold --scheme binary -o mine.gold.jsonl\n"
    "  caqa import mapped levels.jsonl --scheme support3 --answer-col answer --question-col question \\\n"
    "      --citation-col 'docs[].text' --label-col label --keep setting \\\n"
    "      --label-map supported=full,partially=partial,not_supported=no -o levels.gold.jsonl\n"
    "then: caqa score PRED.jsonl --gold ab.gold.jsonl --scheme binary\n"
    "      caqa score PRED.jsonl --gold levels.gold.jsonl --group-by setting   (a --keep field)";

std::string formats_text() {
  std::string out = "Formats (the scheme each writes):\n";
  for (const auto& f : import_formats()) {
    out += fmt::format("  {:<17} {} -> {}: {}\n", f.name, f.container, f.scheme.empty() ? "--scheme" : f.scheme,
                       f.description);
    const ImportFields& x = f.fields;
    if (x.answer.empty()) continue;
    out += fmt::format("  {:<17} reads id={} question={} answer={} citation={} label={}{}\n", "",
                       x.id.empty() ? "-" : x.id, x.question.empty() ? "-" : x.question, x.answer, x.citation, x.label,
                       x.kept.empty() ? "" : fmt::format(", keeps {}", x.kept));
  }
  return out;
}

std::string file_stem(const std::string& path) {
  if (path == "-") return "row";
  std::string stem = std::filesystem::path(path).filename().string();
  for (const char* ext : {".gz", ".jsonl", ".json", ".csv"})
    if (stem.size() > std::string_view(ext).size() && stem.ends_with(ext))
      stem.resize(stem.size() - std::string_view(ext).size());
  return stem;
}

class ImportCommand : public Command {
 public:
  explicit ImportCommand(CLI::App& parent) {
    CLI::App* app = parent.add_subcommand(
        "import",
        "Convert another attribution benchmark (CAQA release, ALCE, AttributionBench, AttrScore, WiCE, "
        "any mapped CSV/JSON Lines) to caqa gold.");
    std::vector<std::string> names;
    for (const auto& f : import_formats()) names.emplace_back(f.name);
    app->add_option("format", format_, "Source format")->required()->check(CLI::IsMember(names))->type_name("FORMAT");
    app->add_option("files", files_, "Source file(s); - reads standard input, .gz is decompressed")
        ->required()
        ->type_name("FILE...");
    app->add_option("-o,--output", output_, "The gold file to write; its sidecar is FILE.import.json")
        ->required()
        ->type_name("FILE");
    std::vector<std::string> schemes;
    for (std::string_view s : import_scheme_names()) schemes.emplace_back(s);
    app->add_option("--scheme", scheme_, "mapped: the label scheme of --label-col (labels in any accepted spelling)")
        ->check(CLI::IsMember(schemes))
        ->type_name("NAME");
    app->add_option("--id-col", columns_.id, "mapped: id field or column (default: row ids)")->type_name("NAME");
    app->add_option("--question-col", columns_.question, "mapped: question field or column (default: none)")
        ->type_name("NAME");
    app->add_option("--answer-col", columns_.answer, "mapped: answer (claim) field or column")->type_name("NAME");
    app->add_option("--citation-col", columns_.citation,
                    "mapped: citation field(s) or column(s), comma-separated; a list of references, or several "
                    "columns, becomes \"[1] ... [2] ...\"; LIST[].FIELD takes FIELD of each object of the list "
                    "LIST as one reference (\"title: text\" where the object has a \"title\"), e.g. docs[].text")
        ->type_name("NAME,...");
    app->add_option("--label-col", columns_.label, "mapped: label field or column")->type_name("NAME");
    app->add_option("--label-map", label_map_,
                    "mapped: read these source labels as these classes before the scheme's own spellings "
                    "(SRC case-insensitive; CLASS any spelling of --scheme), e.g. partially=partial or "
                    "1=supportive,0=irrelevant; recorded in the sidecar")
        ->type_name("SRC=CLASS,...");
    app->add_option("--keep", columns_.kept,
                    "mapped: copy these fields or columns to each gold line under the same name (a JSON number or "
                    "boolean as its text; a row without one is bad), e.g. for caqa score --group-by")
        ->delimiter(',')
        ->type_name("NAME,...");
    app->add_flag("--skip-bad", skip_bad_, "Drop bad rows (each still reported) and exit 0; the sidecar counts them");
    app->add_option("--max-errors", max_errors_, "Print at most N problems per file (0 = all)")->type_name("N");
    app->footer(formats_text() + "\n" + kImportHelp);
  }

  int run() override {
    const ImportFormatSpec* spec = find_import_format(format_);
    ImportOptions options;
    options.format = spec->format;
    bool mapped = spec->format == ImportFormat::Mapped;
    bool any_column = !columns_.id.empty() || !columns_.question.empty() || !columns_.answer.empty() ||
                      !columns_.citation.empty() || !columns_.label.empty() || !columns_.kept.empty();
    if (mapped) {
      if (scheme_.empty() || columns_.answer.empty() || columns_.citation.empty() || columns_.label.empty()) {
        fmt::print(stderr,
                   "caqa: import mapped needs --answer-col, --citation-col, --label-col and --scheme "
                   "(--id-col, --question-col, --label-map and --keep are optional)\n");
        return kExitUsage;
      }
      options.scheme = scheme_;
      options.columns = columns_;
      std::string problem;
      if (!label_map_.empty()) {
        auto map = parse_import_label_map(label_map_, *import_label_scheme(scheme_), problem);
        if (map) options.label_map = std::move(*map);
      }
      if (problem.empty()) problem = mapped_options_problem(options);
      if (!problem.empty()) {
        fmt::print(stderr, "caqa: {}\n", problem);
        return kExitUsage;
      }
    } else if (any_column || !scheme_.empty() || !label_map_.empty()) {
      fmt::print(stderr,
                 "caqa: --scheme, --label-map, --keep and the --*-col flags belong to the mapped format; {} reads "
                 "fixed fields\n",
                 spec->name);
      return kExitUsage;
    }

    std::vector<ImportResult> results;
    std::vector<std::string> names, hashes;
    for (const std::string& path : files_) {
      std::string error;
      auto bytes = read_file(path, error);
      if (!bytes) {
        fmt::print(stderr, "caqa: {}\n", error);
        return kExitUsage;
      }
      options.row_id_prefix = files_.size() > 1 ? file_stem(path) : "row";
      results.push_back(import_gold(bytes->text(), options));
      names.push_back(display_name(path));
      hashes.push_back(sha256_hex(bytes->bytes()));
    }
    drop_duplicate_ids(results, names);

    std::string lines;
    std::size_t rows = 0, records = 0, bad = 0;
    bool unusable = false;  // a file-level problem: no header, an unknown column
    for (std::size_t f = 0; f < results.size(); ++f) {
      const ImportResult& r = results[f];
      print_diagnostics(stderr, names[f], r.diagnostics, max_errors_);
      if (r.diagnostics.has_errors() && r.records == 0) unusable = true;
      for (const ImportedRow& row : r.rows) lines += imported_gold_line(row, r);
      rows += r.rows.size();
      records += r.records;
      bad += r.bad_rows;
    }
    if (unusable) {
      fmt::print(stderr, "caqa: nothing imported: a file could not be read as {} ({})\n", spec->name, spec->container);
      return kExitInvalid;
    }
    if (bad > 0 && !skip_bad_) {
      fmt::print(stderr, "caqa: {} of {} rows are bad; nothing written (fix them, or pass --skip-bad to drop them)\n",
                 bad, records);
      return kExitInvalid;
    }
    if (rows == 0) {
      fmt::print(stderr, "caqa: no rows to import\n");
      return kExitInvalid;
    }

    nlohmann::ordered_json meta;
    meta["format"] = "caqa-import";
    meta["format_version"] = 1;
    meta["caqa_version"] = kVersion;
    meta["source_format"] = spec->name;
    meta["scheme"] = results.front().scheme_name;
    // The mapping: which source field became which gold field, and how labels were read.
    ImportFields fields = import_fields(options);
    auto field = [](std::string_view name) {
      return name.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(std::string(name));
    };
    std::string unused;
    auto citations = citation_sources(fields.citation, unused).value_or(std::vector<CitationSource>{});
    nlohmann::ordered_json citation = nlohmann::ordered_json::array();
    for (const CitationSource& c : citations) citation.push_back(c.name);  // several: one reference each, in order
    nlohmann::ordered_json mapping = {{"id", fields.id.empty() ? nlohmann::ordered_json("row ids") : field(fields.id)},
                                      {"question", field(fields.question)},
                                      {"answer", field(fields.answer)},
                                      {"citation", citations.size() == 1 ? field(fields.citation) : citation},
                                      {"label", field(fields.label)}};
    if (!fields.complexity.empty()) mapping["complexity"] = field(fields.complexity);
    if (!fields.kept.empty()) mapping["kept"] = nlohmann::ordered_json::array({std::string(fields.kept)});
    if (!options.columns.kept.empty()) mapping["kept"] = options.columns.kept;
    nlohmann::ordered_json labels = nlohmann::ordered_json::object();
    if (const LabelScheme* scheme = results.front().scheme)
      for (const auto& l : import_label_map(spec->format, *scheme)) labels[l.first] = l.second;
    mapping["labels"] = mapped ? nlohmann::ordered_json("any spelling the scheme accepts, written canonical") : labels;
    if (!options.label_map.empty()) {
      nlohmann::ordered_json label_map = nlohmann::ordered_json::object();
      for (const ImportLabelMapping& m : options.label_map) label_map[m.source] = m.cls;
      mapping["label_map"] = label_map;  // applied before the scheme's spellings
    }
    meta["mapping"] = mapping;
    meta["sources"] = nlohmann::ordered_json::array();
    for (std::size_t f = 0; f < results.size(); ++f)
      meta["sources"].push_back({{"file", names[f]},
                                 {"sha256", hashes[f]},
                                 {"rows", results[f].records},
                                 {"imported", results[f].rows.size()},
                                 {"skipped_bad", results[f].bad_rows}});
    meta["rows"] = rows;
    meta["skipped_bad"] = bad;
    meta["sha256"] = sha256_hex(lines);
    std::string error;
    // The gold file first: a reader that finds the sidecar finds the file it describes.
    if (!write_file_atomic(output_, lines, error) ||
        !write_file_atomic(output_ + ".import.json",
                           meta.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n", error)) {
      fmt::print(stderr, "caqa: {}\n", error);
      return kExitUsage;
    }
    fmt::print(stderr, "caqa: wrote {} ({} row{}, scheme {}{})\n", output_, rows, rows == 1 ? "" : "s",
               results.front().scheme_name, bad > 0 ? fmt::format(", {} bad rows skipped", bad) : "");
    return kExitOk;
  }

 private:
  std::string format_;
  std::vector<std::string> files_;
  std::string output_;
  std::string scheme_;
  std::string label_map_;
  ImportColumns columns_;
  bool skip_bad_ = false;
  std::size_t max_errors_ = 50;
};

}  // namespace

std::unique_ptr<Command> add_import_command(CLI::App& app) { return std::make_unique<ImportCommand>(app); }

}  // namespace caqa::cli
