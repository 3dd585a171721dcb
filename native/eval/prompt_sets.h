// The prompt sets of data/prompts (index.json and its files), read from a --prompt-dir
// or from the copy built into caqa; used by caqa eval and caqa build --verbalizer llm.
#pragma once

#include <optional>
#include <string>

namespace caqa::eval {

struct PromptSet {
  std::string name, version, file_bytes, sha256;
};

// Reads a file of the prompt sets: from `dir` when one is given, else the copy of
// data/prompts built into caqa. On failure returns nullopt and sets error.
std::optional<std::string> read_prompt_file(const std::string& dir, const std::string& name, std::string& error);

// The set `name` of dir's index.json (the built-in one when dir is empty).
std::optional<PromptSet> load_prompt_set(const std::string& dir, const std::string& name, std::string& error);

}  // namespace caqa::eval
