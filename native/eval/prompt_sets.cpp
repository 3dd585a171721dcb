#include "prompt_sets.h"

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "embedded_data.h"
#include "files.h"

namespace caqa::eval {

using cli::embedded_file;
using cli::read_file;
using cli::sha256_hex;

std::optional<std::string> read_prompt_file(const std::string& dir, const std::string& name, std::string& error) {
  if (dir.empty()) {
    auto bytes = embedded_file("prompts/" + name);
    if (!bytes) error = "data/prompts/" + name + ": not among the prompts built into caqa (hint: --prompt-dir DIR)";
    return bytes ? std::optional<std::string>(*bytes) : std::nullopt;
  }
  std::string read_error;
  auto bytes = read_file(dir + "/" + name, read_error);
  if (!bytes) error = read_error + " (hint: --prompt-dir DIR)";
  return bytes ? std::optional<std::string>(bytes->bytes()) : std::nullopt;
}

std::optional<PromptSet> load_prompt_set(const std::string& dir, const std::string& name, std::string& error) {
  auto index_text = read_prompt_file(dir, "index.json", error);
  if (!index_text) return std::nullopt;
  auto index = nlohmann::json::parse(*index_text, nullptr, false);
  if (!index.is_object() || !index.contains("sets") || !index["sets"].is_array()) {
    error = fmt::format("{}/index.json: not a prompt index (expected an object with a \"sets\" array)",
                        dir.empty() ? "data/prompts" : dir);
    return std::nullopt;
  }
  std::string known;
  for (const auto& set : index["sets"]) {
    std::string set_name = set.value("name", "");
    known += (known.empty() ? "" : ", ") + set_name;
    if (set_name != name) continue;
    auto bytes = read_prompt_file(dir, set.value("file", ""), error);
    if (!bytes) return std::nullopt;
    return PromptSet{set_name, set.value("version", ""), *bytes, sha256_hex(*bytes)};
  }
  error = fmt::format("unknown prompt set \"{}\" (known: {})", name, known);
  return std::nullopt;
}

}  // namespace caqa::eval
