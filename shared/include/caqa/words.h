// Words as caqa's text features see them: maximal runs of ASCII letters and digits and of
// non-ASCII bytes (UTF-8 letters). Shared by the baselines' features and the explorer's
// highlighting, so both split "Zürich's 1975 film" the same way.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace caqa {

struct WordRange {
  std::size_t begin, end;  // byte offsets in the text
};

std::vector<WordRange> word_ranges(std::string_view text);
std::string ascii_lower(std::string_view text);

}  // namespace caqa
