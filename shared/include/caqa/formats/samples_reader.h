// The one reader of the benchmark sample format (schema/benchmark_sample.schema.json),
// used by the scorer's gold set, `caqa eval`, the baselines and the explorer.
//
// Rules, the same for every caller (README "File formats"):
//   - JSON Lines, UTF-8 with an optional BOM, LF or CRLF; blank lines are skipped;
//   - "id" is a non-empty string or an integer, read in one canonical form: the
//     integer 5 and the string "5" are the same id;
//   - "complexity" is spelled canonically (single, union, intersection, concatenation);
//     a line without one is an error, never silently `single`, unless the caller reads
//     benchmarks without complexity (require_complexity = false: gold files, which then
//     need it on every line or on none, gold_set.h);
//   - "scheme" (optional) is a string naming the gold's label scheme;
//   - "split" is a string or null; with a split filter, lines of other splits are
//     skipped before their other fields are checked;
//   - "label" is a string (its spelling is the caller's concern: gold files read it
//     through their label scheme's spellings); whether a line may lack it is an option.
// Problems come back as diagnostics (file:line:column, caqa/errors.h); never throws.
#pragma once

#include <array>
#include <cstdint>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "caqa/complexity.h"
#include "caqa/errors.h"
#include "caqa/input_text.h"
#include "caqa/source_text.h"

namespace caqa {

struct SampleReadOptions {
  bool texts = false;                // read question, answer, citation and evidence.triples
  bool triples = true;               // with texts, read_samples: evidence.triples into Sample::triples
                                     // (parsed as JSON per line: off when only the texts are wanted)
  bool require_texts = false;        // a line without a string answer or citation is an error (a question
                                     // may be absent: claim-only benchmarks such as WiCE; read as "")
  bool require_label = true;         // a line without "label" is an error
  bool require_complexity = true;    // a line without "complexity" is an error
  std::string group_field;           // also read this field as a string (or integer) group; "" = none
  std::optional<std::string> split;  // keep only samples of this split
  std::size_t max_line_bytes = kDefaultMaxLineBytes;
  std::size_t max_samples = std::numeric_limits<std::size_t>::max();  // stop reading after this many
};

using EvidenceTriple = std::array<std::string, 3>;

// One sample line as the streaming reader sees it; the views point into the input or
// the parser and are valid only during the callback.
struct SampleView {
  std::string_view id;                    // canonical id text
  bool integer_id = false;                // the file wrote the id as a JSON integer
  std::optional<std::string_view> label;  // as written
  std::uint32_t label_column = 0;
  std::optional<Complexity> complexity;    // nullopt when complete is false or the line has none
  std::optional<std::string_view> scheme;  // "scheme", as written
  std::uint32_t scheme_column = 0;
  std::optional<std::string_view> group;        // group_field's value (an integer as its text)
  std::string_view split;                       // "" when absent or null
  std::optional<std::string_view> qid;          // a string or integer "qid", canonical like ids
  std::string_view question, answer, citation;  // "" unless texts are read
  std::string_view evidence;                    // the "evidence" object's JSON text, "" when absent
  std::uint32_t line = 0;
  // False when this line has field errors (already in the diagnostics): the callback
  // sees it so that it can add its own checks of the same line, but must not keep it.
  bool complete = true;
};

// Calls take(sample) for every line of the selected split whose JSON and id are valid,
// complete or not, in file order. Returns the diagnostics of every line, in line order.
Diagnostics for_each_sample(const InputText& text, const SampleReadOptions& options,
                            const std::function<void(const SampleView&)>& take);

// One complete sample, owning its text.
struct Sample {
  std::string id;
  bool integer_id = false;
  std::optional<std::string> label;
  std::uint32_t label_column = 0;
  Complexity complexity = Complexity::Single;
  std::string split;
  std::optional<std::string> qid;
  std::string question, answer, citation;
  std::vector<EvidenceTriple> triples;  // evidence.triples; non-string parts as their JSON text
  std::uint32_t line = 0;
};

// A view's sample, owning its text (evidence.triples parsed).
Sample owned_sample(const SampleView& view, bool triples = true);

struct SampleParse {
  std::vector<Sample> samples;  // complete samples of the selected split, in file order
  Diagnostics diagnostics;      // also a repeated id (duplicate_id)
};

SampleParse read_samples(const InputText& text, const SampleReadOptions& options = {});

}  // namespace caqa
