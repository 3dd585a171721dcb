// Reader weights and checkpoints as safetensors (https://huggingface.co/docs/safetensors):
// an 8-byte little-endian header size, a JSON header naming each tensor's dtype, shape
// and byte range, string metadata under "__metadata__", then the raw little-endian data.
// PyTorch and Hugging Face read it; caqa reads only F32 tensors and refuses anything
// malformed with the reason (nothing is trusted: sizes, offsets, overlaps, holes).
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "caqa/reader/model.h"

namespace caqa::reader {

struct NamedTensor {
  std::string name;
  std::vector<std::uint64_t> shape;
  std::vector<float> values;
};

struct SafetensorsFile {
  std::map<std::string, std::string> metadata;
  std::vector<NamedTensor> tensors;  // in the order of their data
  const NamedTensor* find(std::string_view name) const;
};

// Tensors in the given order; the header is padded with spaces to 8 bytes.
std::string write_safetensors(const SafetensorsFile& file);
// nullopt with the reason in `error` ("header size 99999 exceeds the file's 120 bytes").
std::optional<SafetensorsFile> parse_safetensors(std::string_view bytes, std::string& error);

// A reader model: its configuration (and the tokenizer's) in the metadata, one tensor per
// entry of parameter_layout; optimiser moments too in a checkpoint ("adamw.m.<name>",
// "adamw.v.<name>").
struct ReaderWeights {
  ReaderConfig config;
  std::vector<float> params;
  std::map<std::string, std::string> metadata;  // besides the configuration: scheme, benchmark, command...
  std::optional<std::vector<float>> adam_m, adam_v;
};
std::string write_reader_weights(const ReaderWeights& weights);
std::optional<ReaderWeights> read_reader_weights(std::string_view bytes, std::string& error);

}  // namespace caqa::reader
