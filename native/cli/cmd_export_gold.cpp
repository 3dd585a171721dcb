// caqa export-gold: the compact gold artifact of one split for the leaderboard site,
// which scores visitors' files in the browser against it (docs/web.md).
#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "caqa/complexity.h"
#include "caqa/factscore/sub_facts.h"
#include "caqa/label.h"
#include "caqa/version.h"
#include "command.h"
#include "files.h"
#include "inputs.h"

namespace caqa::cli {

namespace {

constexpr const char* kExportHelp =
    "Writes FILE (JSON Lines, one {\"id\", \"label\", \"complexity\", \"split\"} per sample, in gold order) and\n"
    "FILE.meta.json ({\"format\": \"caqa-gold\", \"source\", \"source_sha256\", \"split\", \"n\", ...}),\n"
    "each atomically. FILE is a gold file every caqa command and the WebAssembly scorer read;\n"
    "source_sha256 ties it to the benchmark file it came from.\n"
    "  caqa export-gold benchmark/test.jsonl --split test -o dist/gold.jsonl";

std::string json_string(std::string_view text) {
  return nlohmann::json(std::string(text)).dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

class ExportGoldCommand : public Command {
 public:
  explicit ExportGoldCommand(CLI::App& parent) {
    CLI::App* app = parent.add_subcommand(
        "export-gold",
        "Write a compact gold file (id, label, complexity, sub-fact verdicts) of one split, with its source's "
        "SHA-256.");
    app->add_option("gold", gold_.path, "Benchmark file (JSON Lines: id, label, complexity, split?)")
        ->required()
        ->type_name("BENCH.jsonl");
    app->add_option("--split", gold_.split, "Export only samples whose \"split\" is NAME (default: every sample)")
        ->type_name("NAME");
    app->add_option("-o,--output", output_, "The artifact to write; its sidecar is FILE.meta.json")
        ->required()
        ->type_name("FILE");
    app->footer(kExportHelp);
  }

  int run() override {
    GoldOptions options;
    if (!gold_.split.empty()) options.split = gold_.split;
    std::string error;
    auto file = read_file(gold_.path, error);
    if (!file) {
      fmt::print(stderr, "caqa: {}\n", error);
      return kExitUsage;
    }
    auto gold = parse_gold_text(gold_.path, file->text(), options);
    if (!gold) return kExitUsage;
    gold->sha256 = sha256_hex(file->text().bytes());
    // Sub-fact verdicts ride along where the benchmark has them (caqa factscore, issue 41).
    const factscore::SubFactGoldRead sub =
        factscore::read_sub_fact_gold(file->text(), gold->gold, kDefaultMaxLineBytes);
    if (sub.diagnostics.has_errors()) {
      print_diagnostics(stderr, gold->name, sub.diagnostics, 50);
      return kExitInvalid;
    }
    const GoldSet& g = gold->gold;
    if (g.size() == 0) {
      fmt::print(stderr, "caqa: {} has no samples{}; nothing to export\n", gold->name,
                 gold_.split.empty() ? "" : fmt::format(" of split \"{}\"", gold_.split));
      return kExitUsage;
    }
    std::string lines;
    lines.reserve(g.size() * 64);
    // The split rides along so that reports on the artifact carry the same signature.
    std::string split_field = g.split().empty() || g.split() == "mixed" ? "" : ",\"split\":" + json_string(g.split());
    for (std::uint32_t i = 0; i < g.size(); ++i) {
      std::string verdicts;
      for (bool supported : sub.gold.supported[i])
        verdicts += fmt::format("{}\"{}\"", verdicts.empty() ? ",\"subfacts\":[" : ",",
                                supported ? "supported" : "unsupported");
      if (!verdicts.empty()) verdicts += "]";
      lines += fmt::format("{{\"id\":{},\"label\":\"{}\",\"complexity\":\"{}\"{}{}}}\n", json_string(g.ids().id(i)),
                           g.scheme().class_name(g.label(i)), complexity_name(g.complexity(i)), split_field, verdicts);
    }
    std::string split = gold_.split.empty() ? g.split() : gold_.split;
    nlohmann::ordered_json meta;
    meta["format"] = "caqa-gold";
    meta["format_version"] = 1;
    meta["caqa_version"] = kVersion;
    meta["source"] = gold->name;
    meta["source_sha256"] = gold->sha256;
    meta["split"] = split;
    meta["n"] = g.size();
    meta["sha256"] = sha256_hex(lines);
    // The artifact first: a reader that finds the sidecar finds the file it describes.
    if (!write_file_atomic(output_, lines, error) ||
        !write_file_atomic(output_ + ".meta.json",
                           meta.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n", error)) {
      fmt::print(stderr, "caqa: {}\n", error);
      return kExitUsage;
    }
    fmt::print(stderr, "caqa: wrote {} ({} samples of split \"{}\" from {}, sha256 {})\n", output_, g.size(), split,
               gold->name, gold->sha256.substr(0, 12));
    return kExitOk;
  }

 private:
  GoldFlags gold_;
  std::string output_;
};

}  // namespace

std::unique_ptr<Command> add_export_gold_command(CLI::App& app) { return std::make_unique<ExportGoldCommand>(app); }

}  // namespace caqa::cli
