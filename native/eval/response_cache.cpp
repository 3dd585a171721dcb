#include "response_cache.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>

namespace caqa::eval {

AppendFile::~AppendFile() {
  if (fd_ >= 0) ::close(fd_);
}

bool AppendFile::open(const std::string& path, bool truncate, std::string& error) {
  int flags = O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC | (truncate ? O_TRUNC : 0);
  fd_ = ::open(path.c_str(), flags, 0644);
  if (fd_ < 0) {
    error = path + ": cannot open for appending: " + std::strerror(errno);
    return false;
  }
  // A line torn by a kill has no final newline: end it so the next line stands alone.
  off_t size = ::lseek(fd_, 0, SEEK_END);
  if (size > 0) {
    char last = 0;
    int reader = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (reader >= 0) {
      if (::pread(reader, &last, 1, size - 1) == 1 && last != '\n') (void)::write(fd_, "\n", 1);
      ::close(reader);
    }
  }
  return true;
}

bool AppendFile::append_line(std::string_view line) {
  std::string buffer;
  buffer.reserve(line.size() + 1);
  buffer.append(line);
  buffer.push_back('\n');
  std::lock_guard lock(mutex_);
  std::size_t written = 0;
  while (written < buffer.size()) {
    ssize_t n = ::write(fd_, buffer.data() + written, buffer.size() - written);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return false;
    written += static_cast<std::size_t>(n);
  }
  return true;
}

bool ResponseCache::open(const std::string& path, std::string& error) {
  {
    std::ifstream in(path, std::ios::binary);
    std::string line;
    while (in && std::getline(in, line)) {
      auto json = nlohmann::json::parse(line, nullptr, /*allow_exceptions=*/false);
      if (!json.is_object()) continue;  // a torn line from a killed run
      auto key = json.find("key");
      auto response = json.find("response");
      if (key == json.end() || !key->is_string() || response == json.end() || !response->is_string()) continue;
      entries_[key->get<std::string>()] = response->get<std::string>();
    }
  }
  return file_.open(path, /*truncate=*/false, error);
}

std::optional<std::string> ResponseCache::find(const std::string& key) const {
  auto it = entries_.find(key);
  if (it == entries_.end()) return std::nullopt;
  return it->second;
}

bool ResponseCache::store(const std::string& /*key*/, const std::string& line_json) {
  return file_.append_line(line_json);
}

}  // namespace caqa::eval
