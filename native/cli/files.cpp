#include "files.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <iostream>
#include <iterator>

#include <fmt/format.h>
#include <openssl/evp.h>
#include <unistd.h>

namespace caqa::cli {

namespace {
constexpr std::size_t kPadding = 64;  // simdjson::SIMDJSON_PADDING
}

std::optional<std::string> read_file(const std::string& path, std::string& error) {
  std::string data;
  if (path == "-") {
    data.assign(std::istreambuf_iterator<char>(std::cin), std::istreambuf_iterator<char>());
    data.reserve(data.size() + kPadding);
    return data;
  }
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) {
    error = fmt::format("cannot open {}: {}", path, std::strerror(errno));
    return std::nullopt;
  }
  std::fseek(f, 0, SEEK_END);
  long size = std::ftell(f);
  std::fseek(f, 0, SEEK_SET);
  if (size < 0) {
    std::fclose(f);
    error = fmt::format("cannot read {}: not a regular file", path);
    return std::nullopt;
  }
  data.reserve(static_cast<std::size_t>(size) + kPadding);
  data.resize(static_cast<std::size_t>(size));
  std::size_t got = size > 0 ? std::fread(data.data(), 1, data.size(), f) : 0;
  bool failed = std::ferror(f) != 0;
  std::fclose(f);
  if (failed || got != data.size()) {
    error = fmt::format("cannot read {}: {}", path, failed ? std::strerror(errno) : "file changed while reading");
    return std::nullopt;
  }
  return data;
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
