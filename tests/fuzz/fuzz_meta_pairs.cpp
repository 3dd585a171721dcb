// read_meta_pairs (the meta track's pairs file, JSON Lines or CSV) on any bytes: no
// crash; one score, level and group per item, every score finite, every group named.
#include <cmath>

#include "caqa/meta/meta_items.h"
#include "fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using caqa::fuzz::check;
  const caqa::InputText text(caqa::fuzz::as_text(data, size));
  const caqa::MetaPairsRead read = caqa::read_meta_pairs(text);
  const caqa::MetaItems& items = read.items;
  caqa::fuzz::check_diagnostics(read.diagnostics, text.bytes());
  check(items.levels.size() == items.size() && items.groups.size() == items.size(), "item arrays differ in length");
  check(items.size() <= read.lines, "more items than lines");
  for (std::size_t i = 0; i < items.size(); ++i) {
    check(std::isfinite(items.scores[i]), "an item with a non-finite score");
    check(items.groups[i] < items.group_names.size(), "an item's group has no name");
  }
  return 0;
}
