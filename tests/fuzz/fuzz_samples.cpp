// read_samples (the benchmark sample reader) on any bytes, with and without texts and
// a split filter: no crash; samples come in file order with non-empty ids.
#include "caqa/formats/samples_reader.h"
#include "fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using caqa::fuzz::check;
  const caqa::InputText text(caqa::fuzz::as_text(data, size));
  const caqa::SampleReadOptions plain{};
  const caqa::SampleReadOptions eval_inputs{
      .texts = true, .require_texts = true, .require_label = false, .split = "test"};
  for (const caqa::SampleReadOptions& options : {plain, eval_inputs}) {
    const caqa::SampleParse parse = caqa::read_samples(text, options);
    caqa::fuzz::check_diagnostics(parse.diagnostics, text.bytes());
    std::uint32_t previous_line = 0;
    for (const caqa::Sample& sample : parse.samples) {
      check(!sample.id.empty(), "a sample with an empty id");
      check(sample.line > previous_line, "samples out of file order");
      check(!options.require_label || sample.label.has_value(), "a sample without its required label");
      previous_line = sample.line;
    }
  }
  return 0;
}
