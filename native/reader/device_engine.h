// ReaderEngine over any reader/pass.h Device: included by the CPU twin's source and by the
// CUDA twin's, so both run this code.
#pragma once

#include <stdexcept>

#include "caqa/reader/pass.h"
#include "reader/engine.h"

namespace caqa::reader {

template <class Device>
class DeviceEngine final : public ReaderEngine {
 public:
  DeviceEngine(const ReaderConfig& config, std::string_view name)
      : config_(config), name_(name), count_(parameter_count(config)) {
    params_ = dev_.template keep<float>(count_);
    grads_ = dev_.template keep<float>(count_);
    m_ = dev_.template keep<float>(count_);
    v_ = dev_.template keep<float>(count_);
    dev_.each(count_, kernels::Fill{m_, 0.0f});
    dev_.each(count_, kernels::Fill{v_, 0.0f});
  }

  std::string_view name() const override { return name_; }
  const ReaderConfig& config() const override { return config_; }

  void set_parameters(const std::vector<float>& params) override {
    check_size(params.size());
    dev_.upload(params_, params);
  }
  std::vector<float> parameters() override { return fetch(params_); }

  void set_optimizer(const OptimizerState& state) override {
    check_size(state.m.size());
    check_size(state.v.size());
    dev_.upload(m_, state.m);
    dev_.upload(v_, state.v);
    step_ = state.step;
  }
  OptimizerState optimizer() override { return {fetch(m_), fetch(v_), step_}; }

  double train_step(const HostBatch& batch, const ops::AdamW& hyper, std::uint64_t seed) override {
    dev_.each(count_, kernels::Fill{grads_, 0.0f});
    const PassResult r =
        run_pass(dev_, config_, params_, grads_, batch, {true, seed, static_cast<std::uint64_t>(step_ + 1)});
    ++step_;
    dev_.each(count_, kernels::AdamWStep{params_, m_, v_, grads_, hyper, ops::adamw_scalars(hyper, step_)});
    return r.loss;
  }

  std::vector<float> predict(const HostBatch& batch) override {
    return run_pass(dev_, config_, params_, nullptr, batch, {}).logits;
  }

  PassResult gradients(const HostBatch& batch, std::uint64_t seed, std::uint64_t step,
                       std::vector<float>& grads) override {
    dev_.each(count_, kernels::Fill{grads_, 0.0f});
    PassResult r = run_pass(dev_, config_, params_, grads_, batch, {true, seed, step});
    grads = fetch(grads_);
    return r;
  }

 private:
  void check_size(std::size_t n) const {
    if (n != count_)
      throw std::invalid_argument("reader: " + std::to_string(n) + " values for a model of " + std::to_string(count_) +
                                  " parameters");
  }
  std::vector<float> fetch(const float* src) {
    std::vector<float> out(count_);
    dev_.download(out.data(), src, count_);
    return out;
  }

  Device dev_;
  ReaderConfig config_;
  std::string_view name_;
  std::size_t count_;
  float *params_, *grads_, *m_, *v_;
  std::int64_t step_ = 0;
};

}  // namespace caqa::reader
