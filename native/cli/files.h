// File and hashing I/O for the CLI (the core does none).
#pragma once

#include <cstddef>
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
  friend std::optional<FileBytes> read_file(const std::string& path, std::string& error, std::size_t max_bytes);
  std::string data_;
  const char* map_ = nullptr;
  std::size_t map_size_ = 0;
  std::size_t region_size_ = 0;
};

// "-" reads standard input, a path ending in .gz is decompressed (and checked to its
// CRC trailer), pipes and devices are read to their end, a directory is refused. Every
// file read is remembered as an input of this run (see write_file_atomic). On failure
// returns nullopt and sets error. A file, stream or decompressed content longer than
// max_bytes is refused without being read further (the error names only the limit).
std::optional<FileBytes> read_file(const std::string& path, std::string& error,
                                   std::size_t max_bytes = static_cast<std::size_t>(-1));

// A file the running command keeps up to date itself (a training checkpoint): read whole and
// not remembered as an input, so that the command may replace it afterwards.
std::optional<std::string> read_own_state(const std::string& path, std::string& error);

// The one way the CLI writes an output, nothing lost or half-written:
//  - "-" is standard output; a regular file is written to path.tmp-<pid>, then renamed over
//    path, so a reader never sees half a file;
//  - a symlink is written through: its target is replaced, the link stays;
//  - an existing non-regular file (/dev/stdout, /dev/null, a pipe) is written in place,
//    never replaced by a regular file;
//  - a file this run read as an input (read_file) is refused, so `-o` can never destroy one;
//  - every write error (a full disk, a closed pipe) is an error.
bool write_file_atomic(const std::string& path, std::string_view content, std::string& error);

std::string sha256_hex(std::string_view bytes);

// The name shown in reports: the path as given.
std::string display_name(const std::string& path);

}  // namespace caqa::cli
