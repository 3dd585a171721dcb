#include "compute/cuda_status.h"

#ifdef CAQA_WITH_CUDA
#include "cuda/device.h"
#endif

namespace caqa::compute {

bool cuda_usable(std::string& reason) {
#ifdef CAQA_WITH_CUDA
  std::string error;
  const int devices = cuda::device_count(error);
  if (devices <= 0) {
    reason = "no usable GPU (" + error + ")";
    return false;
  }
  reason = std::to_string(devices) + " CUDA device(s) found";
  return true;
#else
  reason = "this build has no CUDA kernels (configured without nvcc or with CAQA_CUDA=OFF)";
  return false;
#endif
}

}  // namespace caqa::compute
