// parse_gold on any bytes, all splits and split "test" with texts: no crash; a gold
// set parsed without errors has one id, label and level per sample, labels inside the
// scheme, and the observer saw each sample once.
#include "caqa/gold_set.h"
#include "fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using caqa::fuzz::check;
  const caqa::InputText text(caqa::fuzz::as_text(data, size));
  caqa::GoldOptions options;
  for (bool texts : {false, true}) {
    options.texts = texts;
    if (texts) options.split = "test";
    std::size_t observed = 0;
    const caqa::GoldParse parse = caqa::parse_gold(text, options, [&](std::uint32_t index, const caqa::SampleView&) {
      check(index == observed++, "the observer saw samples out of order");
    });
    caqa::fuzz::check_diagnostics(parse.diagnostics, text.bytes());
    if (parse.diagnostics.has_errors()) continue;
    const caqa::GoldSet& gold = parse.gold;
    check(observed == gold.size(), "the observer count differs from the gold size");
    check(gold.ids().size() == gold.size(), "ids and labels differ in number");
    for (std::uint32_t i = 0; i < gold.size(); ++i)
      check(gold.label(i) < gold.scheme().size(), "a gold label outside the scheme");
  }
  return 0;
}
