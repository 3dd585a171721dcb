#include "embedded_data.h"

namespace caqa::cli {

// Defined in the generated source; the last entry has an empty name.
extern const EmbeddedFile kEmbeddedFiles[];

std::optional<std::string_view> embedded_file(std::string_view name) {
  for (const EmbeddedFile* file = kEmbeddedFiles; !file->name.empty(); ++file)
    if (file->name == name) return file->bytes;
  return std::nullopt;
}

}  // namespace caqa::cli
