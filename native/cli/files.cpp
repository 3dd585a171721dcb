#include "files.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>

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

namespace {

// Everything left on fd (standard input, a pipe, /dev/stdin), with the parser's padding.
bool read_stream(int fd, std::string& out) {
  char chunk[1 << 16];
  for (;;) {
    ssize_t n = ::read(fd, chunk, sizeof chunk);
    if (n == 0) break;
    if (n < 0) {
      if (errno == EINTR) continue;
      return false;
    }
    out.append(chunk, static_cast<std::size_t>(n));
  }
  out.reserve(out.size() + InputText::kPadding);
  return true;
}

// Every gzip member of bytes, each checked to its end: a stream cut short (no trailer,
// so no CRC-32 and length check) is an error, never silently shorter data.
bool gunzip(std::string_view bytes, std::string& out, std::string& error) {
  z_stream z{};
  if (::inflateInit2(&z, 16 + MAX_WBITS) != Z_OK) return error = "cannot start zlib", false;
  z.next_in = reinterpret_cast<Bytef*>(const_cast<char*>(bytes.data()));
  z.avail_in = static_cast<uInt>(bytes.size());
  char chunk[1 << 16];
  int status = Z_OK;
  while (status != Z_STREAM_END || z.avail_in > 0) {
    if (status == Z_STREAM_END) ::inflateReset(&z);  // another member follows
    z.next_out = reinterpret_cast<Bytef*>(chunk);
    z.avail_out = sizeof chunk;
    status = ::inflate(&z, Z_NO_FLUSH);
    out.append(chunk, sizeof chunk - z.avail_out);
    if (status == Z_BUF_ERROR || (status == Z_OK && z.avail_in == 0 && z.avail_out != 0)) {
      error = "truncated gzip data: the stream ends before its CRC-32 trailer";
      break;
    }
    if (status != Z_OK && status != Z_STREAM_END) {
      error = z.msg ? z.msg : "corrupt gzip data";
      break;
    }
  }
  ::inflateEnd(&z);
  out.reserve(out.size() + InputText::kPadding);
  return error.empty();
}

}  // namespace

std::optional<FileBytes> read_file(const std::string& path, std::string& error) {
  FileBytes file;
  const bool gz = path.size() > 3 && path.compare(path.size() - 3, 3, ".gz") == 0;
  int fd = path == "-" ? STDIN_FILENO : ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    error = fmt::format("cannot open {}: {}", path, std::strerror(errno));
    return std::nullopt;
  }
  auto close_fd = [&] {
    if (fd != STDIN_FILENO) ::close(fd);
  };
  struct stat st {};
  if (::fstat(fd, &st) != 0 || S_ISDIR(st.st_mode)) {
    error = fmt::format("cannot read {}: {}", path, S_ISDIR(st.st_mode) ? "a directory" : std::strerror(errno));
    close_fd();
    return std::nullopt;
  }
  // Pipes and devices (standard input, /dev/stdin) and gzip files are read into memory.
  if (!S_ISREG(st.st_mode) || gz) {
    std::string raw;
    bool ok = read_stream(fd, raw);
    close_fd();
    if (!ok) {
      error = fmt::format("cannot read {}: {}", path, std::strerror(errno));
      return std::nullopt;
    }
    if (!gz) {
      file.data_ = std::move(raw);
      return file;
    }
    // gzip-compressed input (e.g. a leaderboard submission's predictions.jsonl.gz).
    std::string why;
    if (!gunzip(raw, file.data_, why)) {
      error = fmt::format("cannot read {}: {}", path, why);
      return std::nullopt;
    }
    return file;
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
