// Whether this process can use a GPU: the one question every backend choice asks.
#pragma once

#include <string>

namespace caqa::cuda {

// Usable CUDA devices; 0 with the runtime's reason in error when there are none (for
// instance "CUDA driver version is insufficient for CUDA runtime version": no driver).
int device_count(std::string& error);

}  // namespace caqa::cuda
