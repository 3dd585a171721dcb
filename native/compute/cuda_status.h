// Whether the CUDA twins can run in this process, and why (not) in one line: the same
// words for every command that picks a backend.
#pragma once

#include <string>

namespace caqa::compute {

// True with reason "N CUDA device(s) found"; false with reason "this build has no CUDA
// kernels (...)" or "no usable GPU (<the runtime's reason>)".
bool cuda_usable(std::string& reason);

}  // namespace caqa::compute
