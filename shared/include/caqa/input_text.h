// The bytes of one input file as the readers take them. The JSON parser reads up to
// kPadding bytes past the end of the text, so an InputText either borrows memory that
// stays readable that far (a string with spare capacity, a mapping the front end
// keeps alive) or holds a padded copy.
#pragma once

#include <cstddef>
#include <memory>
#include <string>
#include <string_view>

namespace caqa {

class InputText {
 public:
  static constexpr std::size_t kPadding = 64;

  // Borrows text when its capacity leaves kPadding spare bytes, else copies it.
  InputText(const std::string& text);  // NOLINT: implicit on purpose, strings are the common input
  InputText(const char* text) : InputText(std::string_view(text)) {}  // NOLINT
  // Copies text.
  explicit InputText(std::string_view text);
  // The caller guarantees that kPadding bytes after bytes.end() are readable.
  static InputText borrow_padded(std::string_view bytes) { return InputText(Borrow{}, bytes); }

  InputText(InputText&&) = default;
  InputText& operator=(InputText&&) = default;

  std::string_view bytes() const { return bytes_; }
  // Readable bytes from offset on, padding included.
  std::size_t readable_from(std::size_t offset) const { return bytes_.size() + kPadding - offset; }

 private:
  struct Borrow {};
  InputText(Borrow, std::string_view padded) : bytes_(padded) {}
  std::unique_ptr<char[]> copy_;
  std::string_view bytes_;
};

}  // namespace caqa
