#include "sample_ids.h"

#include <charconv>

#include <fmt/format.h>

#include "caqa/hash.h"

namespace caqa::kg {

std::string cite_passages(std::string answer, std::size_t passages) {
  if (passages < 2) return answer;
  const std::size_t at = answer.rfind("[1]");
  if (at == std::string::npos) return answer;
  std::string markers;
  for (std::size_t i = 1; i <= passages; ++i) markers += fmt::format("[{}]", i);
  return answer.replace(at, 3, markers);
}

std::string sample_id(std::uint64_t seed, const std::string& question_id, Extension extension, Label label) {
  return fmt::format(
      "{:016x}", fnv1a64(fmt::format("{}|{}|{}|{}", seed, question_id, extension_name(extension), label_name(label)),
                         kQuestionHashSeed));
}

std::uint64_t id_number(std::string_view id) {
  std::uint64_t out = 0;
  std::from_chars(id.data(), id.data() + id.size(), out, 16);
  return out;
}

}  // namespace caqa::kg
