// Data files built into caqa, so that a copied or installed binary needs no source tree:
// data/default (the default KG, its questions and templates), data/templates and
// data/prompts. native/embed_data.cmake turns them into a generated source at build time.
#pragma once

#include <optional>
#include <string_view>

namespace caqa::cli {

struct EmbeddedFile {
  std::string_view name;  // path under data/, e.g. "default/triples.tsv"
  std::string_view bytes;
};

// The bytes of data/<name> as they were when caqa was built; nullopt for a file not embedded.
std::optional<std::string_view> embedded_file(std::string_view name);

}  // namespace caqa::cli
