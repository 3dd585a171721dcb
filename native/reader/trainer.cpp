#include "reader/trainer.h"

#include <fmt/format.h>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <nlohmann/json.hpp>

#include "files.h"
#include "progress.h"
#include "reader/predictor.h"
#include "reader/schedule.h"

namespace caqa::reader {

namespace {

using Clock = std::chrono::steady_clock;
constexpr int kPredictBatch = 128;

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

nlohmann::json history_json(const std::vector<EpochRecord>& epochs) {
  nlohmann::json out = nlohmann::json::array();
  for (const EpochRecord& e : epochs)
    out.push_back({{"epoch", e.epoch},
                   {"train_loss", e.train_loss},
                   {"dev_micro_f1", e.dev_micro_f1},
                   {"seconds", e.seconds},
                   {"samples_per_second", e.samples_per_second}});
  return out;
}

std::vector<EpochRecord> history_from(const std::string& text) {
  std::vector<EpochRecord> out;
  const auto j = nlohmann::json::parse(text, nullptr, false);
  if (!j.is_array()) return out;
  for (const auto& e : j)
    out.push_back({e.value("epoch", 0), e.value("train_loss", 0.0), e.value("dev_micro_f1", 0.0),
                   e.value("seconds", 0.0), e.value("samples_per_second", 0.0)});
  return out;
}

// Where a run stands after an epoch: what the checkpoint carries besides the tensors.
struct RunState {
  int epoch = 0, best_epoch = 0, bad_epochs = 0;
  double best_f1 = -1;
  bool stopped = false;
  std::vector<EpochRecord> history;
};

std::string checkpoint_path(const TrainingPlan& plan) { return plan.checkpoint_dir + "/checkpoint.safetensors"; }
std::string best_path(const TrainingPlan& plan) { return plan.checkpoint_dir + "/best.safetensors"; }

bool save_checkpoint(ReaderEngine& engine, const TrainingPlan& plan, const RunState& s, std::size_t samples,
                     std::string& error) {
  ReaderWeights w;
  w.config = plan.config;
  w.params = engine.parameters();
  OptimizerState opt = engine.optimizer();
  w.adam_m = std::move(opt.m);
  w.adam_v = std::move(opt.v);
  w.metadata = plan_signature(plan, samples);
  w.metadata["adamw_step"] = std::to_string(opt.step);
  w.metadata["epoch"] = std::to_string(s.epoch);
  w.metadata["best_epoch"] = std::to_string(s.best_epoch);
  w.metadata["bad_epochs"] = std::to_string(s.bad_epochs);
  w.metadata["best_dev_micro_f1"] = fmt::format("{:.17g}", s.best_f1);
  w.metadata["stopped"] = s.stopped ? "1" : "0";
  w.metadata["history"] = history_json(s.history).dump();
  return cli::write_file_atomic(checkpoint_path(plan), write_reader_weights(w), error);
}

std::optional<ReaderWeights> load_weights(const std::string& path, std::string& error) {
  auto bytes = cli::read_own_state(path, error);
  if (!bytes) return std::nullopt;
  auto w = read_reader_weights(*bytes, error);
  if (!w) error = path + ": " + error;
  return w;
}

// The run to continue: engine state restored, the best weights so far in `best`.
std::optional<RunState> resume_run(ReaderEngine& engine, const TrainingPlan& plan, std::size_t samples,
                                   std::vector<float>& best, std::string& error) {
  auto w = load_weights(checkpoint_path(plan), error);
  if (!w) return std::nullopt;
  for (const auto& [key, value] : plan_signature(plan, samples)) {
    auto it = w->metadata.find(key);
    if (it == w->metadata.end() || it->second != value) {
      error = fmt::format(
          "{}: the checkpoint was made with {} {}, this run has {} (resume with the same settings, "
          "or start again without --resume)",
          checkpoint_path(plan), key, it == w->metadata.end() ? "(none)" : it->second, value);
      return std::nullopt;
    }
  }
  if (!w->adam_m) {
    error = checkpoint_path(plan) + ": no optimiser state (not a checkpoint)";
    return std::nullopt;
  }
  RunState s;
  s.epoch = std::stoi(w->metadata["epoch"]);
  s.best_epoch = std::stoi(w->metadata["best_epoch"]);
  s.bad_epochs = std::stoi(w->metadata["bad_epochs"]);
  s.best_f1 = std::stod(w->metadata["best_dev_micro_f1"]);
  s.stopped = w->metadata["stopped"] == "1";
  s.history = history_from(w->metadata["history"]);
  engine.set_parameters(w->params);
  engine.set_optimizer({*w->adam_m, *w->adam_v, std::stoll(w->metadata["adamw_step"])});
  auto kept = load_weights(best_path(plan), error);
  if (!kept) return std::nullopt;
  best = std::move(kept->params);
  return s;
}

}  // namespace

std::map<std::string, std::string> plan_signature(const TrainingPlan& plan, std::size_t samples) {
  const ReaderConfig& c = plan.config;
  return {{"seed", std::to_string(plan.seed)},
          {"batch", std::to_string(plan.batch)},
          {"lr", fmt::format("{}", plan.adamw.lr)},
          {"weight_decay", fmt::format("{}", plan.adamw.weight_decay)},
          {"dev_fraction", fmt::format("{}", plan.dev_fraction)},
          {"train_file_samples", std::to_string(samples)},
          {"shape", fmt::format("buckets {} dim {} window {} hidden {} classes {} dropout {} max_tokens {}", c.buckets,
                                c.dim, c.window, c.hidden, c.classes, c.dropout, c.max_tokens)}};
}

std::optional<TrainingOutcome> train_reader(const ReaderData& data, const std::vector<ReaderExample>& examples,
                                            ReaderEngine& engine, const TrainingPlan& plan, std::string& error) {
  const TrainDevSplit split = split_train_dev(data, plan.dev_fraction);
  if (split.train.empty() || split.dev.empty()) {
    error = fmt::format("{} training and {} dev samples: both need some (change --dev-fraction, or give more data)",
                        split.train.size(), split.dev.size());
    return std::nullopt;
  }
  TrainingOutcome out;
  out.train_samples = split.train.size();
  out.dev_samples = split.dev.size();
  if (!plan.checkpoint_dir.empty()) std::filesystem::create_directories(plan.checkpoint_dir);
  RunState s;
  std::vector<float> best;
  if (plan.resume) {
    auto resumed = resume_run(engine, plan, data.size(), best, error);
    if (!resumed) return std::nullopt;
    s = std::move(*resumed);
    std::fprintf(stderr, "caqa train: resumed after epoch %d (best dev micro-F1 %.4f at epoch %d)\n", s.epoch,
                 s.best_f1, s.best_epoch);
  } else {
    engine.set_parameters(initial_parameters(plan.config, plan.seed));
    best = engine.parameters();
  }
  const auto start = Clock::now();
  while (!s.stopped && s.epoch < plan.epochs) {
    const int epoch = s.epoch + 1;
    const auto epoch_start = Clock::now();
    const auto batches = epoch_batches(split.train, examples, plan.batch, plan.seed, epoch);
    cli::Progress progress(fmt::format("epoch {}/{}", epoch, plan.epochs), plan.progress);
    double loss = 0;
    std::size_t done = 0;
    for (const auto& group : batches) {
      const HostBatch b = assemble_batch(examples, group.data(), group.size(), plan.config.buckets);
      loss += engine.train_step(b, plan.adamw, plan.seed) * static_cast<double>(group.size());
      done += group.size();
      progress.update(done, split.train.size());
    }
    progress.finish(done, "training samples");
    const double train_seconds = seconds_since(epoch_start);
    const double f1 = micro_f1(examples, split.dev, predict_samples(engine, examples, split.dev, kPredictBatch));
    s.history.push_back({epoch, loss / static_cast<double>(done), f1, seconds_since(epoch_start),
                         static_cast<double>(done) / train_seconds});
    s.epoch = epoch;
    const bool better = f1 > s.best_f1;
    if (better) {
      s.best_f1 = f1;
      s.best_epoch = epoch;
      s.bad_epochs = 0;
      best = engine.parameters();
    } else {
      // Patience running out at the last epoch stops nothing early.
      s.stopped = ++s.bad_epochs >= plan.patience && epoch < plan.epochs;
    }
    const EpochRecord& r = s.history.back();
    std::fprintf(stderr, "caqa train: epoch %d/%d: loss %.4f, dev micro-F1 %.4f%s, %.0f samples/s, %.1f s\n", epoch,
                 plan.epochs, r.train_loss, f1, better ? " (best)" : "", r.samples_per_second, r.seconds);
    if (!plan.checkpoint_dir.empty()) {
      if (better &&
          !cli::write_file_atomic(best_path(plan), write_reader_weights({plan.config, best, {}, {}, {}}), error))
        return std::nullopt;
      if (!save_checkpoint(engine, plan, s, data.size(), error)) return std::nullopt;
    }
    if (s.stopped)
      std::fprintf(stderr, "caqa train: stopping early: no better dev micro-F1 for %d epochs\n", plan.patience);
  }
  out.seconds = seconds_since(start);
  out.epochs = s.history;
  out.best_epoch = s.best_epoch;
  out.stopped_early = s.stopped;
  out.best.config = plan.config;
  out.best.params = std::move(best);
  out.best.metadata = plan.metadata;
  for (const auto& [key, value] : plan_signature(plan, data.size())) out.best.metadata[key] = value;
  out.best.metadata["backend"] = std::string(engine.name());
  out.best.metadata["epochs_trained"] = std::to_string(s.epoch);
  out.best.metadata["best_epoch"] = std::to_string(s.best_epoch);
  out.best.metadata["dev_micro_f1"] = fmt::format("{:.4f}", s.best_f1);
  out.best.metadata["train_samples"] = std::to_string(out.train_samples);
  out.best.metadata["dev_samples"] = std::to_string(out.dev_samples);
  out.best.metadata["parameters"] = std::to_string(parameter_count(plan.config));
  out.best.metadata["learning_curve"] = history_json(s.history).dump();
  return out;
}

}  // namespace caqa::reader
