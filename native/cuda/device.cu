#include "cuda/device.h"

#include <cuda_runtime.h>

namespace caqa::cuda {

int device_count(std::string& error) {
  int n = 0;
  cudaError_t status = cudaGetDeviceCount(&n);
  if (status != cudaSuccess) {
    error = cudaGetErrorString(status);
    cudaGetLastError();  // clear the sticky error
    return 0;
  }
  if (n == 0) error = "no CUDA device";
  return n;
}

}  // namespace caqa::cuda
