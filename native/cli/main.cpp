// caqa: benchmark attribution evaluators. One file per subcommand (cmd_*.cpp).
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <utility>
#include <vector>

#include <fmt/format.h>
#if defined(CAQA_MIMALLOC)
#include <mimalloc.h>
#endif

#include "caqa/version.h"
#include "command.h"
#include "inputs.h"

int main(int argc, char** argv) {
#if defined(CAQA_MIMALLOC)
  // 2 MiB pages (transparent huge pages, where the kernel allows them) for what the command
  // allocates from here on: `score` of a 1M-line file took 28,600 page faults (a fifth of
  // its CPU, in the kernel) and takes 8,700; `build` of MetaQA spends 7% less CPU.
  mi_option_enable(mi_option_large_os_pages);
#endif
  using namespace caqa::cli;
  CLI::App app{
      "caqa: benchmark attribution evaluators, the programs that judge whether cited evidence\n"
      "supports an answer (supportive, partially_supportive, contradictory, irrelevant).\n\n"
      "  caqa build [--kg ... --questions ...]     build the benchmark from a KG and KGQA questions\n"
      "  caqa eval --gold BENCH --endpoint URL ...  judge a benchmark with an LLM over OpenAI-compatible HTTP\n"
      "  caqa validate PRED --gold BENCH.jsonl     check a prediction file, every problem with its line\n"
      "  caqa score PRED... --gold BENCH.jsonl     per-label F1, micro-F1 per complexity, confusion, CIs\n"
      "  caqa compare A B --gold BENCH.jsonl       paired significance of the difference of two evaluators\n"
      "  caqa meta PAIRS | PRED --gold BENCH.jsonl  correlation, ROC-AUC, NDCG of metric scores vs. support levels\n"
      "  caqa factscore PRED... --gold BENCH.jsonl  FActScore of sub-fact judgments (CAQA Table 6)\n"
      "  caqa kalma --questions Q --answers A       KG-citation quality: correctness, precision, recall, [NA]\n"
      "  caqa export-gold BENCH --split test -o F  compact gold artifact for the browser scorer\n"
      "  caqa import FORMAT FILE... -o GOLD        another benchmark (ALCE, AttributionBench, WiCE, ...) as gold\n"
      "  caqa serve [dist]                         serve the static leaderboard site on 127.0.0.1:8080\n"
      "  caqa leaderboard check|publish            validate submissions; rescore and rank them into leaderboard.json\n"
      "  caqa train / predict / audit              trained and lexical baselines (CUDA or CPU); shortcut audit\n\n"
      "Exit codes: 0 success (valid), 1 invalid input file, 2 usage or I/O error.",
      "caqa"};
  app.set_version_flag("--version", std::string(caqa::kVersion));
  app.require_subcommand(1);
  std::vector<std::pair<CLI::App*, std::unique_ptr<Command>>> commands;
  auto add = [&](std::unique_ptr<Command> (*make)(CLI::App&)) {
    std::size_t before = app.get_subcommands({}).size();
    auto command = make(app);
    commands.emplace_back(app.get_subcommands({})[before], std::move(command));
  };
#define CAQA_ADD_COMMAND(name) add(add_##name##_command);
  CAQA_COMMANDS(CAQA_ADD_COMMAND)
#undef CAQA_ADD_COMMAND
  try {
    app.parse(argc, argv);
  } catch (const CLI::ParseError& e) {
    int code = app.exit(e);
    return code == 0 ? kExitOk : kExitUsage;
  }
  for (auto& [sub, command] : commands) {
    if (!sub->parsed()) continue;
    int code = command->run();
    // Output lost on the way (a full disk, a closed pipe) is a failure, never exit 0.
    if (std::fflush(stdout) != 0 || std::ferror(stdout)) {
      fmt::print(stderr, "caqa: cannot write standard output: {}\n", std::strerror(errno));
      return kExitUsage;
    }
    return code;
  }
  return kExitUsage;
}
