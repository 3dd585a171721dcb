// read_predictions on any bytes, read as JSON Lines, as CSV and auto-detected (strict,
// binary scheme): no crash, every row's id inside the arena and non-empty, labels
// inside the scheme, counts consistent.
#include "caqa/prediction.h"
#include "fuzz_check.h"

namespace {

void read_and_check(const caqa::InputText& text, const caqa::PredictionOptions& options) {
  using caqa::fuzz::check;
  const caqa::PredictionSet set = caqa::read_predictions(text, options);
  check(set.rows.size() <= set.lines_read, "more rows than lines read");
  check(set.responses_parsed <= set.responses, "more responses parsed than read");
  for (const caqa::PredictionRow& row : set.rows) {
    check(row.id_length > 0 && row.id_offset + row.id_length <= set.id_arena.size(), "a row's id is out of the arena");
    check(row.line >= 1, "a row has no line");
    if (row.kind == caqa::PredictedKind::Label) check(row.label < options.scheme->size(), "a label outside the scheme");
  }
  caqa::fuzz::check_diagnostics(set.diagnostics, text.bytes());
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const caqa::InputText text(caqa::fuzz::as_text(data, size));
  read_and_check(text, {.format = caqa::PredictionFormat::JsonLines});
  read_and_check(text, {.format = caqa::PredictionFormat::Csv});
  read_and_check(text, {.format = caqa::PredictionFormat::Auto,
                        .extract = caqa::ExtractMode::Strict,
                        .scheme = caqa::find_label_scheme("binary")});
  return 0;
}
