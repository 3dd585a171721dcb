// parse_safetensors and read_reader_weights on any bytes: no crash, no read past the end;
// what parses has data that matches its shapes, writes back to a file that parses to the
// same tensors, and a reader file's parameters fit its configuration.
#include "caqa/reader/weights_file.h"
#include "fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using caqa::fuzz::check;
  const std::string_view bytes = caqa::fuzz::as_text(data, size);
  std::string error;
  if (auto file = caqa::reader::parse_safetensors(bytes, error)) {
    for (const auto& t : file->tensors) {
      std::uint64_t n = 1;
      for (std::uint64_t d : t.shape) n *= d;
      check(n == t.values.size(), "a tensor's values differ from its shape");
    }
    auto again = caqa::reader::parse_safetensors(caqa::reader::write_safetensors(*file), error);
    check(again.has_value(), "a parsed file does not parse once written back");
    check(again->tensors.size() == file->tensors.size(), "writing back changed the tensor count");
    check(again->metadata == file->metadata, "writing back changed the metadata");
  } else {
    check(!error.empty(), "a refused file has no reason");
  }
  error.clear();
  if (auto weights = caqa::reader::read_reader_weights(bytes, error))
    check(weights->params.size() == caqa::reader::parameter_count(weights->config),
          "reader parameters do not fit the configuration");
  else
    check(!error.empty(), "a refused reader file has no reason");
  return 0;
}
