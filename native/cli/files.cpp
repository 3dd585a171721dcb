#include "files.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>

#include <fcntl.h>
#include <fmt/format.h>
#include <openssl/evp.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include <utility>

namespace caqa::cli {

FileBytes::FileBytes(FileBytes&& other) noexcept
    : data_(std::move(other.data_)),
      map_(std::exchange(other.map_, nullptr)),
      map_size_(other.map_size_),
      region_size_(other.region_size_) {}

FileBytes& FileBytes::operator=(FileBytes&& other) noexcept {
  if (this != &other) {
    this->~FileBytes();
    new (this) FileBytes(std::move(other));
  }
  return *this;
}

FileBytes::~FileBytes() {
  if (map_) ::munmap(const_cast<char*>(map_), region_size_);
}

std::optional<FileBytes> read_file(const std::string& path, std::string& error) {
  FileBytes file;
  if (path == "-") {
    file.data_.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    file.data_.reserve(file.data_.size() + InputText::kPadding);
    return file;
  }
  if (path.size() > 3 && path.compare(path.size() - 3, 3, ".gz") == 0) {
    // gzip-compressed input (e.g. a leaderboard submission's predictions.jsonl.gz).
    gzFile gz = ::gzopen(path.c_str(), "rb");
    if (!gz) {
      error = fmt::format("cannot open {}: {}", path, std::strerror(errno));
      return std::nullopt;
    }
    char chunk[1 << 16];
    int n;
    while ((n = ::gzread(gz, chunk, sizeof chunk)) > 0) file.data_.append(chunk, static_cast<std::size_t>(n));
    int status = 0;
    const char* message = n < 0 ? ::gzerror(gz, &status) : nullptr;
    ::gzclose(gz);
    if (n < 0) {
      error = fmt::format("cannot read {}: {}", path, message ? message : "corrupt gzip data");
      return std::nullopt;
    }
    file.data_.reserve(file.data_.size() + InputText::kPadding);
    return file;
  }
  int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    error = fmt::format("cannot open {}: {}", path, std::strerror(errno));
    return std::nullopt;
  }
  struct stat st {};
  if (::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
    error = fmt::format("cannot read {}: not a regular file", path);
    ::close(fd);
    return std::nullopt;
  }
  auto size = static_cast<std::size_t>(st.st_size);
  auto page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  if (size > 0) {
    // The parser reads past the end: map the file into a region one page longer,
    // whose tail stays an anonymous zero page.
    std::size_t region = (size + page - 1) / page * page + page;
    void* base = ::mmap(nullptr, region, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (base != MAP_FAILED) {
      void* map = ::mmap(base, size, PROT_READ, MAP_PRIVATE | MAP_FIXED | MAP_POPULATE, fd, 0);
      if (map != MAP_FAILED) {
        ::close(fd);
        file.map_ = static_cast<const char*>(map);
        file.map_size_ = size;
        file.region_size_ = region;
        return file;
      }
      ::munmap(base, region);
    }
  }
  file.data_.reserve(size + InputText::kPadding);
  file.data_.resize(size);
  std::size_t got = 0;
  while (got < size) {
    ssize_t n = ::read(fd, file.data_.data() + got, size - got);
    if (n <= 0) {
      error = fmt::format("cannot read {}: {}", path, n < 0 ? std::strerror(errno) : "file shrank while reading");
      ::close(fd);
      return std::nullopt;
    }
    got += static_cast<std::size_t>(n);
  }
  ::close(fd);
  return file;
}

bool write_file_atomic(const std::string& path, std::string_view content, std::string& error) {
  std::string tmp = fmt::format("{}.tmp-{}", path, static_cast<long>(::getpid()));
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    out.write(content.data(), static_cast<std::streamsize>(content.size()));
    out.flush();
    if (!out) {
      error = fmt::format("cannot write {}: {}", tmp, std::strerror(errno));
      std::remove(tmp.c_str());
      return false;
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    error = fmt::format("cannot rename {} to {}: {}", tmp, path, std::strerror(errno));
    std::remove(tmp.c_str());
    return false;
  }
  return true;
}

std::string sha256_hex(std::string_view bytes) {
  unsigned char digest[EVP_MAX_MD_SIZE];
  unsigned int len = 0;
  EVP_Digest(bytes.data(), bytes.size(), digest, &len, EVP_sha256(), nullptr);
  std::string hex;
  for (unsigned int i = 0; i < len; ++i) hex += fmt::format("{:02x}", digest[i]);
  return hex;
}

std::string display_name(const std::string& path) { return path == "-" ? "<stdin>" : path; }

}  // namespace caqa::cli
