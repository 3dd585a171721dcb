// File and hashing I/O for the CLI (the core does none).
#pragma once

#include <optional>
#include <string>
#include <string_view>

namespace caqa::cli {

// Whole file, with spare capacity so that the JSON parser needs no padded copy.
// "-" reads standard input. On failure returns nullopt and sets error.
std::optional<std::string> read_file(const std::string& path, std::string& error);

// Writes to path.tmp-<pid> then renames, so a reader never sees half a file.
bool write_file_atomic(const std::string& path, std::string_view content, std::string& error);

std::string sha256_hex(std::string_view bytes);

// The name shown in reports: the path as given.
std::string display_name(const std::string& path);

}  // namespace caqa::cli
