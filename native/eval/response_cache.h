// Append-only JSON Lines files that survive SIGKILL at any moment: each line goes
// out in one write(2) on an O_APPEND descriptor, and a torn last line (the process
// killed mid-write) is ignored on reading and closed off before the next append.
#pragma once

#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace caqa::eval {

class AppendFile {
 public:
  AppendFile() = default;
  ~AppendFile();
  AppendFile(const AppendFile&) = delete;
  AppendFile& operator=(const AppendFile&) = delete;
  // truncate: start empty. On failure returns false and sets error.
  bool open(const std::string& path, bool truncate, std::string& error);
  // Appends line + "\n" atomically with respect to other appenders in this process.
  bool append_line(std::string_view line);

 private:
  std::mutex mutex_;
  int fd_ = -1;
};

// The response cache: one line {"key", "id", "model", "endpoint", "response"} per
// completed request. key = cache_key(...): SHA-256 of the model, the API, the
// sampling parameters and the prompt's SHA-256 (not of the base URL, so that a
// resumed run may route a prompt to another replica of the same model).
class ResponseCache {
 public:
  bool open(const std::string& path, std::string& error);
  std::optional<std::string> find(const std::string& key) const;
  bool store(const std::string& key, const std::string& line_json);
  std::size_t size() const { return entries_.size(); }

 private:
  std::unordered_map<std::string, std::string> entries_;  // key -> response (read at open)
  AppendFile file_;
};

}  // namespace caqa::eval
