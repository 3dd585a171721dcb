// What the user asked of a command's compute backend (--backend auto|cpu|cuda), for every
// command that has a CUDA twin (caqa train/predict/audit, caqa meta).
#pragma once

#include <optional>
#include <string_view>

namespace caqa::compute {

enum class BackendRequest { Auto, Cpu, Cuda };

// "auto", "cpu", "cuda" (also "gpu"); nullopt for anything else.
inline std::optional<BackendRequest> parse_backend_request(std::string_view text) {
  if (text == "auto") return BackendRequest::Auto;
  if (text == "cpu") return BackendRequest::Cpu;
  if (text == "cuda" || text == "gpu") return BackendRequest::Cuda;
  return std::nullopt;
}

}  // namespace caqa::compute
