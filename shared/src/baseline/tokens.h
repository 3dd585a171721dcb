// Tokenising for the baselines (private to shared/src/baseline).
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace caqa::baseline::detail {

struct Token {
  std::string_view text;  // as written
  std::string lower;      // ASCII lower-cased
  bool entity = false;    // capitalised or a number, and not a stop word
  bool stop = false;
};

// Runs of ASCII letters and digits and of non-ASCII bytes (UTF-8 letters).
std::vector<Token> tokenize(std::string_view text);

}  // namespace caqa::baseline::detail
