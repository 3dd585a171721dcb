// The reader's CUDA twin (reader/device_engine.h over a cuBLAS device).
#pragma once

#include <memory>

#include "reader/engine.h"

namespace caqa::reader::cuda {

// Throws std::runtime_error when the device cannot be set up.
std::unique_ptr<ReaderEngine> make_reader_engine(const ReaderConfig& config);

}  // namespace caqa::reader::cuda
