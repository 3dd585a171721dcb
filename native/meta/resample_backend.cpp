#include "meta/resample_backend.h"

#include "compute/cuda_status.h"
#ifdef CAQA_WITH_CUDA
#include "cuda/meta_resample.h"
#endif

namespace caqa::meta {

ResamplerChoice choose_resampler(compute::BackendRequest request, ParallelFor runner) {
  ResamplerChoice choice;
  const MetaResampler cpu{"cpu", {}, runner};
  if (request == compute::BackendRequest::Cpu) {
    choice.resampler = cpu;
    choice.reason = "CPU requested with --backend cpu";
    return choice;
  }
  std::string why;
  if (compute::cuda_usable(why)) {
#ifdef CAQA_WITH_CUDA
    choice.resampler = MetaResampler{"cuda", cuda::meta_resample, runner};
#endif
    choice.reason = why;
  } else if (request == compute::BackendRequest::Cuda) {
    choice.reason = "--backend cuda, but " + why;
  } else {
    choice.resampler = cpu;
    choice.reason = "GPU not used: " + why;
  }
  return choice;
}

}  // namespace caqa::meta
