// File and hashing I/O for the CLI (the core does none).
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "caqa/input_text.h"

namespace caqa::cli {

// A whole input file, mapped read-only with readable padding after its end (or, for
// standard input and when mapping fails, read into memory with spare capacity), so
// the readers parse it in place, with no copy.
class FileBytes {
 public:
  FileBytes() = default;
  FileBytes(FileBytes&& other) noexcept;
  FileBytes& operator=(FileBytes&& other) noexcept;
  ~FileBytes();
  std::string_view bytes() const { return map_ ? std::string_view(map_, map_size_) : std::string_view(data_); }
  InputText text() const { return map_ ? InputText::borrow_padded(bytes()) : InputText(data_); }

 private:
  friend std::optional<FileBytes> read_file(const std::string& path, std::string& error);
  std::string data_;
  const char* map_ = nullptr;
  std::size_t map_size_ = 0;
  std::size_t region_size_ = 0;
};

// "-" reads standard input, a path ending in .gz is decompressed. On failure returns
// nullopt and sets error.
std::optional<FileBytes> read_file(const std::string& path, std::string& error);

// Writes to path.tmp-<pid> then renames, so a reader never sees half a file.
bool write_file_atomic(const std::string& path, std::string_view content, std::string& error);

std::string sha256_hex(std::string_view bytes);

// The name shown in reports: the path as given.
std::string display_name(const std::string& path);

}  // namespace caqa::cli
