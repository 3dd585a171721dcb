#include "caqa/input_text.h"

#include <cstring>

namespace caqa {

InputText::InputText(const std::string& text) {
  if (text.capacity() >= text.size() + kPadding)
    bytes_ = text;
  else
    *this = InputText(std::string_view(text));
}

InputText::InputText(std::string_view text) {
  copy_.reset(new char[text.size() + kPadding]);  // not make_unique: it would zero what memcpy fills
  // An empty view may have no data (nullptr), which memcpy must never be given.
  if (!text.empty()) std::memcpy(copy_.get(), text.data(), text.size());
  std::memset(copy_.get() + text.size(), 0, kPadding);
  bytes_ = std::string_view(copy_.get(), text.size());
}

}  // namespace caqa
