#include "caqa/reader/weights_file.h"

#include <fmt/format.h>
#include <algorithm>
#include <charconv>
#include <cstdlib>
#include <cstring>
#include <nlohmann/json.hpp>

namespace caqa::reader {

namespace {

using Json = nlohmann::json;

// Bigger headers are refused before parsing (the Rust reference refuses past 100 MB).
constexpr std::uint64_t kMaxHeaderBytes = 100u << 20;
constexpr std::string_view kArchitecture = "caqa-reader/decomposable-attention-window/1";

void put_u64(std::string& out, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) out.push_back(static_cast<char>((v >> (8 * i)) & 0xff));
}
std::uint64_t get_u64(std::string_view bytes) {
  std::uint64_t v = 0;
  for (int i = 7; i >= 0; --i) v = (v << 8) | static_cast<unsigned char>(bytes[i]);
  return v;
}

// Little-endian float bytes, whatever the host's order.
void put_floats(std::string& out, const std::vector<float>& values) {
  for (float f : values) {
    std::uint32_t bits;
    std::memcpy(&bits, &f, 4);
    for (int i = 0; i < 4; ++i) out.push_back(static_cast<char>((bits >> (8 * i)) & 0xff));
  }
}
void get_floats(std::string_view bytes, std::vector<float>& out) {
  out.resize(bytes.size() / 4);
  for (std::size_t k = 0; k < out.size(); ++k) {
    std::uint32_t bits = 0;
    for (int i = 3; i >= 0; --i) bits = (bits << 8) | static_cast<unsigned char>(bytes[4 * k + i]);
    std::memcpy(&out[k], &bits, 4);
  }
}

bool read_u64(const Json& j, std::uint64_t& out) {
  if (!j.is_number_unsigned()) return false;
  out = j.get<std::uint64_t>();
  return true;
}

std::optional<long long> parse_int(const std::map<std::string, std::string>& meta, const char* key) {
  auto it = meta.find(key);
  if (it == meta.end()) return std::nullopt;
  long long v = 0;
  const char* end = it->second.data() + it->second.size();
  auto [p, ec] = std::from_chars(it->second.data(), end, v);
  if (ec != std::errc() || p != end) return std::nullopt;
  return v;
}

}  // namespace

const NamedTensor* SafetensorsFile::find(std::string_view name) const {
  for (const NamedTensor& t : tensors)
    if (t.name == name) return &t;
  return nullptr;
}

std::string write_safetensors(const SafetensorsFile& file) {
  Json header = Json::object();
  if (!file.metadata.empty()) header["__metadata__"] = file.metadata;
  std::uint64_t at = 0;
  for (const NamedTensor& t : file.tensors) {
    const std::uint64_t bytes = t.values.size() * 4;
    header[t.name] = {{"dtype", "F32"}, {"shape", t.shape}, {"data_offsets", {at, at + bytes}}};
    at += bytes;
  }
  std::string text = header.dump();
  text.append((8 - text.size() % 8) % 8, ' ');
  std::string out;
  out.reserve(8 + text.size() + at);
  put_u64(out, text.size());
  out += text;
  for (const NamedTensor& t : file.tensors) put_floats(out, t.values);
  return out;
}

std::optional<SafetensorsFile> parse_safetensors(std::string_view bytes, std::string& error) {
  if (bytes.size() < 8) {
    error = fmt::format("{} bytes: a safetensors file starts with an 8-byte header size", bytes.size());
    return std::nullopt;
  }
  const std::uint64_t header_size = get_u64(bytes);
  if (header_size > kMaxHeaderBytes || header_size > bytes.size() - 8) {
    error = fmt::format(
        "header size {} exceeds the file's {} bytes (or the 100 MB limit): truncated or not "
        "safetensors",
        header_size, bytes.size());
    return std::nullopt;
  }
  const std::string_view text = bytes.substr(8, header_size);
  const std::string_view data = bytes.substr(8 + header_size);
  if (text.empty() || text.front() != '{') {
    error = "the header is not a JSON object";
    return std::nullopt;
  }
  const Json header = Json::parse(text.begin(), text.end(), nullptr, false);
  if (!header.is_object()) {
    error = "the header is not valid JSON";
    return std::nullopt;
  }
  SafetensorsFile out;
  struct Range {
    std::uint64_t begin, end;
    std::size_t tensor;
  };
  std::vector<Range> ranges;
  for (const auto& [name, entry] : header.items()) {
    if (name == "__metadata__") {
      if (!entry.is_object()) {
        error = "__metadata__ is not an object";
        return std::nullopt;
      }
      for (const auto& [key, value] : entry.items()) {
        if (!value.is_string()) {
          error = fmt::format("__metadata__.{} is not a string", key);
          return std::nullopt;
        }
        out.metadata[key] = value.get<std::string>();
      }
      continue;
    }
    const auto dtype = entry.is_object() ? entry.find("dtype") : Json::const_iterator{};
    if (!entry.is_object() || dtype == entry.end() || !dtype->is_string() || !entry.contains("shape") ||
        !entry["shape"].is_array() || !entry.contains("data_offsets") || !entry["data_offsets"].is_array() ||
        entry["data_offsets"].size() != 2) {
      error = fmt::format("tensor {}: expected {{\"dtype\", \"shape\", \"data_offsets\": [begin, end]}}", name);
      return std::nullopt;
    }
    if (dtype->get<std::string>() != "F32") {
      error = fmt::format("tensor {}: dtype {}, expected F32", name, dtype->get<std::string>());
      return std::nullopt;
    }
    NamedTensor t;
    t.name = name;
    std::uint64_t elements = 1;
    for (const Json& dim : entry["shape"]) {
      std::uint64_t n = 0;
      if (!read_u64(dim, n) || (n != 0 && elements > (std::uint64_t{1} << 62) / n)) {
        error = fmt::format("tensor {}: a shape entry is not a size", name);
        return std::nullopt;
      }
      elements *= n;
      t.shape.push_back(n);
    }
    Range r{0, 0, out.tensors.size()};
    if (!read_u64(entry["data_offsets"][0], r.begin) || !read_u64(entry["data_offsets"][1], r.end) || r.begin > r.end ||
        r.end > data.size()) {
      error = fmt::format("tensor {}: data_offsets outside the {} bytes of data", name, data.size());
      return std::nullopt;
    }
    if (r.end - r.begin != elements * 4) {
      error = fmt::format("tensor {}: {} bytes for a shape of {} floats", name, r.end - r.begin, elements);
      return std::nullopt;
    }
    ranges.push_back(r);
    out.tensors.push_back(std::move(t));
  }
  // The data must be exactly the tensors, back to back: no overlap, no hole, nothing after.
  std::sort(ranges.begin(), ranges.end(), [](const Range& a, const Range& b) { return a.begin < b.begin; });
  std::uint64_t at = 0;
  for (const Range& r : ranges) {
    if (r.begin != at) {
      error = fmt::format("tensor {}: its data at byte {} {} the previous tensor's end, {}", out.tensors[r.tensor].name,
                          r.begin, r.begin < at ? "overlaps" : "leaves a hole after", at);
      return std::nullopt;
    }
    at = r.end;
  }
  if (at != data.size()) {
    error = fmt::format("{} bytes of data after the last tensor", data.size() - at);
    return std::nullopt;
  }
  std::vector<NamedTensor> ordered(out.tensors.size());
  for (std::size_t k = 0; k < ranges.size(); ++k) {
    NamedTensor& t = out.tensors[ranges[k].tensor];
    get_floats(data.substr(ranges[k].begin, ranges[k].end - ranges[k].begin), t.values);
    ordered[k] = std::move(t);
  }
  out.tensors = std::move(ordered);
  return out;
}

std::string write_reader_weights(const ReaderWeights& w) {
  SafetensorsFile file;
  file.metadata = w.metadata;
  const ReaderConfig& c = w.config;
  file.metadata["architecture"] = std::string(kArchitecture);
  file.metadata["buckets"] = std::to_string(c.buckets);
  file.metadata["dim"] = std::to_string(c.dim);
  file.metadata["window"] = std::to_string(c.window);
  file.metadata["hidden"] = std::to_string(c.hidden);
  file.metadata["classes"] = std::to_string(c.classes);
  file.metadata["max_tokens"] = std::to_string(c.max_tokens);
  file.metadata["dropout"] = fmt::format("{}", c.dropout);
  const auto layout = parameter_layout(c);
  auto add = [&](const std::string& prefix, const std::vector<float>& flat) {
    for (const Tensor& t : layout) {
      std::vector<std::uint64_t> shape =
          t.rows == 1 ? std::vector<std::uint64_t>{t.cols} : std::vector<std::uint64_t>{t.rows, t.cols};
      file.tensors.push_back({prefix + t.name, std::move(shape),
                              std::vector<float>(flat.begin() + t.offset, flat.begin() + t.offset + t.size())});
    }
  };
  add("", w.params);
  if (w.adam_m && w.adam_v) {
    add("adamw.m.", *w.adam_m);
    add("adamw.v.", *w.adam_v);
  }
  return write_safetensors(file);
}

std::optional<ReaderWeights> read_reader_weights(std::string_view bytes, std::string& error) {
  auto file = parse_safetensors(bytes, error);
  if (!file) return std::nullopt;
  ReaderWeights w;
  w.metadata = file->metadata;
  auto arch = w.metadata.find("architecture");
  if (arch == w.metadata.end() || arch->second != kArchitecture) {
    error = fmt::format("architecture {}, expected {} (not a caqa reader file, or from another version)",
                        arch == w.metadata.end() ? "missing" : arch->second, kArchitecture);
    return std::nullopt;
  }
  const char* keys[] = {"buckets", "dim", "window", "hidden", "classes", "max_tokens"};
  long long values[6];
  for (int i = 0; i < 6; ++i) {
    auto v = parse_int(w.metadata, keys[i]);
    if (!v || *v < 0 || *v > (1ll << 31)) {
      error = fmt::format("metadata {}: missing or not a count", keys[i]);
      return std::nullopt;
    }
    values[i] = *v;
  }
  w.config.buckets = static_cast<std::uint32_t>(values[0]);
  w.config.dim = static_cast<int>(values[1]);
  w.config.window = static_cast<int>(values[2]);
  w.config.hidden = static_cast<int>(values[3]);
  w.config.classes = static_cast<int>(values[4]);
  w.config.max_tokens = static_cast<int>(values[5]);
  if (auto d = w.metadata.find("dropout"); d != w.metadata.end()) {
    // strtof, not std::from_chars: Emscripten's libc++ has no floating-point from_chars.
    char* end = nullptr;
    w.config.dropout = std::strtof(d->second.c_str(), &end);
    if (d->second.empty() || end != d->second.c_str() + d->second.size()) {
      error = "metadata dropout: not a number";
      return std::nullopt;
    }
  }
  if (std::string why = check_config(w.config); !why.empty()) {
    error = "metadata: " + why;
    return std::nullopt;
  }
  const auto layout = parameter_layout(w.config);
  auto take = [&](const std::string& prefix, std::vector<float>& flat) {
    flat.assign(parameter_count(w.config), 0.0f);
    for (const Tensor& t : layout) {
      const NamedTensor* found = file->find(prefix + t.name);
      if (!found || found->values.size() != t.size()) {
        error = fmt::format("tensor {}{}: {} (expected {} x {} floats)", prefix, t.name,
                            found ? "wrong size" : "missing", t.rows, t.cols);
        return false;
      }
      std::copy(found->values.begin(), found->values.end(), flat.begin() + t.offset);
    }
    return true;
  };
  if (!take("", w.params)) return std::nullopt;
  if (file->find("adamw.m.embedding")) {
    w.adam_m.emplace();
    w.adam_v.emplace();
    if (!take("adamw.m.", *w.adam_m) || !take("adamw.v.", *w.adam_v)) return std::nullopt;
  }
  return w;
}

}  // namespace caqa::reader
