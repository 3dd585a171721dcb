// The audit's probes, as a registry (the order of every table, the JSON and --help):
// each names the cue it may read and why scoring well from that cue alone is a defect of
// the benchmark, not skill. Reference rows (majority, lexical, full input) are never
// warned about; every shallow probe is, when it beats majority by more than its margin.
#pragma once

#include <array>
#include <cstdint>
#include <string_view>

namespace caqa::audit {

enum class Probe : std::uint8_t {
  Majority,
  Lexical,
  FullInput,
  IdOnly,
  LengthsOnly,
  PresenceOnly,
  CitationOnly,
  QuestionAnswerOnly,
  AnswerOnly,
};
inline constexpr int kProbeCount = 9;

enum class ProbeMargin : std::uint8_t { None, Shallow, Citation };

struct ProbeInfo {
  Probe probe;
  std::string_view name;     // JSON key and table row ("id only")
  std::string_view cue;      // what it reads, as a warning names it
  std::string_view meaning;  // --help: why a high score here is a bug in the benchmark
  ProbeMargin margin;        // which warning margin applies (None: a reference row)
};

const std::array<ProbeInfo, kProbeCount>& probes();
const ProbeInfo& probe_info(Probe probe);

}  // namespace caqa::audit
