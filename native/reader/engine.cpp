#include "reader/engine.h"

#include "compute/cuda_status.h"
#include "reader/cpu_device.h"
#include "reader/device_engine.h"

#ifdef CAQA_WITH_CUDA
#include "cuda/reader_engine.h"
#endif

namespace caqa::reader {

std::unique_ptr<ReaderEngine> make_cpu_engine(const ReaderConfig& config) {
  return std::make_unique<DeviceEngine<CpuDevice>>(config, "cpu");
}

std::unique_ptr<ReaderEngine> make_cuda_engine(const ReaderConfig& config, std::string& reason) {
  if (!compute::cuda_usable(reason)) return nullptr;
#ifdef CAQA_WITH_CUDA
  return cuda::make_reader_engine(config);
#else
  (void)config;
  return nullptr;
#endif
}

EngineChoice choose_engine(const ReaderConfig& config, compute::BackendRequest request) {
  EngineChoice out;
  if (request == compute::BackendRequest::Cpu) {
    out.engine = make_cpu_engine(config);
    out.reason = "CPU requested with --backend cpu";
    return out;
  }
  std::string why;
  out.engine = make_cuda_engine(config, why);
  if (out.engine) {
    out.reason = why;
  } else if (request == compute::BackendRequest::Cuda) {
    out.reason = "--backend cuda: " + why;
  } else {
    out.engine = make_cpu_engine(config);
    out.reason = "CUDA not used: " + why;
  }
  return out;
}

}  // namespace caqa::reader
