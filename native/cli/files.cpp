#include "files.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <vector>

#include <fcntl.h>
#include <fmt/format.h>
#include <openssl/evp.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>
#include <fstream>

#include <utility>

namespace caqa::cli {

namespace fs = std::filesystem;

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
std::string too_large(std::size_t max_bytes, bool decompressed = false) {
  return fmt::format("larger than the limit of {} bytes{}", max_bytes, decompressed ? " once decompressed" : "");
}

// Reads to the end, or stops once out holds more than max_bytes (the caller refuses it).
bool read_stream(int fd, std::string& out, std::size_t max_bytes) {
  char chunk[1 << 16];
  while (out.size() <= max_bytes) {
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

// Every byte of content to fd, retried on EINTR and short writes; an error (a full disk, a
// closed pipe) is reported, never dropped.
bool write_all(int fd, std::string_view name, std::string_view content, std::string& error) {
  while (!content.empty()) {
    ssize_t n = ::write(fd, content.data(), content.size());
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return error = fmt::format("cannot write {}: {}", name, std::strerror(n < 0 ? errno : EIO)), false;
    content.remove_prefix(static_cast<std::size_t>(n));
  }
  return true;
}

// The files this run has read (device, inode), so that no output replaces one of them.
std::vector<std::pair<dev_t, ino_t>>& inputs() {
  static std::vector<std::pair<dev_t, ino_t>> files;
  return files;
}
bool is_input(const struct stat& st) {
  for (const auto& [dev, ino] : inputs())
    if (dev == st.st_dev && ino == st.st_ino) return true;
  return false;
}

// Every gzip member of bytes, each checked to its end: a stream cut short (no trailer,
// so no CRC-32 and length check) is an error, never silently shorter data. Stops once
// the output holds more than max_bytes, so a small bomb never fills the memory.
bool gunzip(std::string_view bytes, std::string& out, std::size_t max_bytes, std::string& error) {
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
    if (out.size() > max_bytes) {
      error = too_large(max_bytes, true);
      break;
    }
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

std::optional<std::string> read_own_state(const std::string& path, std::string& error) {
  std::ifstream in(path, std::ios::binary);
  if (!in.is_open()) {
    error = fmt::format("cannot open {}: {}", path, std::strerror(errno));
    return std::nullopt;
  }
  std::string out((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) {
    error = fmt::format("cannot read {}: {}", path, std::strerror(errno));
    return std::nullopt;
  }
  return out;
}

std::optional<FileBytes> read_file(const std::string& path, std::string& error, std::size_t max_bytes) {
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
  const bool stat_ok = ::fstat(fd, &st) == 0;
  if (stat_ok && S_ISREG(st.st_mode)) inputs().emplace_back(st.st_dev, st.st_ino);
  if (!stat_ok || S_ISDIR(st.st_mode)) {
    error = fmt::format("cannot read {}: {}", path, S_ISDIR(st.st_mode) ? "a directory" : std::strerror(errno));
    close_fd();
    return std::nullopt;
  }
  if (S_ISREG(st.st_mode) && static_cast<std::size_t>(st.st_size) > max_bytes) {
    error = fmt::format("cannot read {}: {}", path, too_large(max_bytes));
    close_fd();
    return std::nullopt;
  }
  // Pipes and devices (standard input, /dev/stdin) and gzip files are read into memory.
  if (!S_ISREG(st.st_mode) || gz) {
    std::string raw;
    bool ok = read_stream(fd, raw, max_bytes);
    close_fd();
    if (!ok || raw.size() > max_bytes) {
      error = fmt::format("cannot read {}: {}", path, ok ? too_large(max_bytes) : std::strerror(errno));
      return std::nullopt;
    }
    if (!gz) {
      file.data_ = std::move(raw);
      return file;
    }
    // gzip-compressed input (e.g. a leaderboard submission's predictions.jsonl.gz).
    std::string why;
    if (!gunzip(raw, file.data_, max_bytes, why)) {
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
  if (path == "-") {
    std::fflush(stdout);  // what was printed through stdio goes first
    return write_all(STDOUT_FILENO, "standard output", content, error);
  }
  std::error_code ec;
  // Write through a symlink (a chain of them too): replace what it points to, keep the link.
  fs::path target = path;
  for (int hops = 0; hops < 40 && fs::is_symlink(target, ec); ++hops) {
    fs::path next = fs::read_symlink(target, ec);
    target = next.is_absolute() ? next : target.parent_path() / next;
  }
  struct stat st {};
  const bool exists = ::stat(target.c_str(), &st) == 0;
  if (exists && is_input(st)) {
    error = fmt::format("refusing to write {}: it is an input of this command", path);
    return false;
  }
  if (exists && !S_ISREG(st.st_mode)) {  // a device or a pipe: write in place
    int fd = ::open(target.c_str(), O_WRONLY | O_CLOEXEC);
    bool ok = fd >= 0 && write_all(fd, path, content, error);
    if (fd < 0) error = fmt::format("cannot open {}: {}", path, std::strerror(errno));
    if (fd >= 0 && ::close(fd) != 0 && ok)
      ok = false, error = fmt::format("cannot write {}: {}", path, std::strerror(errno));
    return ok;
  }
  std::string tmp = fmt::format("{}.tmp-{}", target.string(), static_cast<long>(::getpid()));
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) {
    error = fmt::format("cannot write {}: {}", tmp, std::strerror(errno));
    return false;
  }
  bool ok = write_all(fd, tmp, content, error);
  if (::close(fd) != 0 && ok) ok = false, error = fmt::format("cannot write {}: {}", tmp, std::strerror(errno));
  if (ok && std::rename(tmp.c_str(), target.c_str()) != 0) {
    ok = false;
    error = fmt::format("cannot rename {} to {}: {}", tmp, path, std::strerror(errno));
  }
  if (!ok) std::remove(tmp.c_str());
  return ok;
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
