// The floor under `caqa score`: what reading its two inputs costs with nothing else done.
// Both files are mapped, each is cut in halves at a line end, and two threads each parse
// one half of each with simdjson On-Demand's iterate_many, reading every line's fields
// (gold: id, label, complexity; predictions: id, label, score). No checks, no index, no
// report. bench/run_score_bench.sh times it beside caqa in the same run.
//   parse_floor GOLD PRED
#include <array>
#include <cstdio>
#include <cstring>
#include <string_view>
#include <thread>

#include <fcntl.h>
#include <simdjson.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

namespace {

namespace od = simdjson::ondemand;

// The file's bytes, with simdjson's padding readable after them (an anonymous mapping
// one page larger, the file mapped over its start).
std::string_view map_padded(const char* path) {
  int fd = ::open(path, O_RDONLY);
  struct stat st {};
  if (fd < 0 || ::fstat(fd, &st) != 0) return {};
  auto size = static_cast<std::size_t>(st.st_size);
  std::size_t page = static_cast<std::size_t>(::sysconf(_SC_PAGESIZE));
  std::size_t region = (size + simdjson::SIMDJSON_PADDING + page - 1) / page * page + page;
  void* base = ::mmap(nullptr, region, PROT_READ, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (base == MAP_FAILED) return {};
  if (size > 0 && ::mmap(base, size, PROT_READ, MAP_PRIVATE | MAP_FIXED | MAP_POPULATE, fd, 0) == MAP_FAILED) return {};
  ::close(fd);
  return {static_cast<const char*>(base), size};
}

// [0, cut) and [cut, size): cut just after the newline nearest the middle.
std::size_t middle_line_end(std::string_view text) {
  const void* nl = std::memchr(text.data() + text.size() / 2, '\n', text.size() - text.size() / 2);
  return nl ? static_cast<std::size_t>(static_cast<const char*>(nl) - text.data()) + 1 : text.size();
}

struct Tally {
  std::size_t lines = 0, bytes = 0, errors = 0;
  double score_sum = 0;
};

// Reads the three named fields of every line; a string field's length and a number's
// value go into the tally so that nothing is optimised away.
void parse_half(od::parser& parser, std::string_view text, const std::array<std::string_view, 3>& keys, Tally& tally) {
  od::document_stream stream;
  if (parser.iterate_many(text.data(), text.size(), 1 << 20).get(stream)) {
    ++tally.errors;
    return;
  }
  for (auto doc : stream) {
    od::object object;
    if (doc.get_object().get(object)) {
      ++tally.errors;
      continue;
    }
    ++tally.lines;
    for (auto field : object) {
      od::raw_json_string key;
      if (field.key().get(key)) {
        ++tally.errors;
        break;
      }
      od::value value = field.value();
      std::string_view s;
      double d;
      if (key.unsafe_is_equal(keys[0]) || key.unsafe_is_equal(keys[1]) ||
          (key.unsafe_is_equal(keys[2]) && keys[2] != "score")) {
        if (value.get_string().get(s)) ++tally.errors;
        tally.bytes += s.size();
      } else if (key.unsafe_is_equal(keys[2])) {
        if (value.get_double().get(d)) ++tally.errors;
        tally.score_sum += d;
      }
    }
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: parse_floor GOLD PRED\n");
    return 2;
  }
  std::string_view gold = map_padded(argv[1]), pred = map_padded(argv[2]);
  if (gold.empty() || pred.empty()) {
    std::fprintf(stderr, "parse_floor: cannot map %s or %s\n", argv[1], argv[2]);
    return 2;
  }
  constexpr std::array<std::string_view, 3> kGold = {"id", "label", "complexity"}, kPred = {"id", "label", "score"};
  std::size_t gold_cut = middle_line_end(gold), pred_cut = middle_line_end(pred);
  std::array<Tally, 2> tallies;
  auto half = [&](int h) {
    od::parser parser;
    parser.threaded = false;  // two threads in all, as caqa uses
    parse_half(parser, h == 0 ? gold.substr(0, gold_cut) : gold.substr(gold_cut), kGold, tallies[h]);
    parse_half(parser, h == 0 ? pred.substr(0, pred_cut) : pred.substr(pred_cut), kPred, tallies[h]);
  };
  std::thread second(half, 1);
  half(0);
  second.join();
  std::printf("%zu lines, %zu string bytes, score sum %.1f, %zu errors\n", tallies[0].lines + tallies[1].lines,
              tallies[0].bytes + tallies[1].bytes, tallies[0].score_sum + tallies[1].score_sum,
              tallies[0].errors + tallies[1].errors);
  return tallies[0].errors + tallies[1].errors == 0 ? 0 : 1;
}
