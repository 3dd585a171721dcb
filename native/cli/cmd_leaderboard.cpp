// caqa leaderboard check|publish: validates the submissions under leaderboard/ and
// rescores them into leaderboard.json (docs/leaderboard.md). Every number on the board
// comes from the core scorer run on the submitted predictions; nothing typed is trusted.
#include <algorithm>
#include <cctype>
#include <cstdlib>
#include <cmath>
#include <filesystem>
#include <functional>
#include <map>
#include <regex>
#include <set>

#include <unistd.h>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "caqa/leaderboard/ranking.h"
#include "caqa/metrics/paired.h"
#include "caqa/rng.h"
#include "caqa/score.h"
#include "caqa/version.h"
#include "command.h"
#include "files.h"
#include "inputs.h"

namespace caqa::cli {

std::unique_ptr<Command> add_leaderboard_command(CLI::App& app);

namespace {

namespace fs = std::filesystem;
using ojson = nlohmann::ordered_json;

constexpr int kBoardFormatVersion = 1;
constexpr const char* kSettings[] = {"zero-shot", "few-shot", "fine-tuned", "other"};
// Table 5's complexity columns, in its order.
constexpr Complexity kTableLevels[] = {Complexity::Single, Complexity::Concatenation, Complexity::Intersection,
                                       Complexity::Union};
constexpr std::uint64_t kRandomBaselineSeed = 13;
constexpr const char* kReportedFlag = "reported, not rescored, on the paper's own benchmark";

// ---- the benchmark --------------------------------------------------------------

struct Benchmark {
  GoldSet test;
  std::string test_name = "benchmark/test.jsonl";
  std::string version;  // SHA-256 of test.jsonl
  std::optional<Label> train_majority;
  std::array<std::uint64_t, kLabelCount> train_counts{};
};

std::optional<GoldSet> parse_gold_file(const fs::path& path, std::string* sha256) {
  std::string error;
  auto bytes = read_file(path.string(), error);
  if (!bytes) {
    fmt::print(stderr, "caqa: {}\n", error);
    return std::nullopt;
  }
  GoldParse parsed = parse_gold(bytes->text());
  if (parsed.diagnostics.has_errors()) {
    print_diagnostics(stderr, path.string(), parsed.diagnostics, 20);
    fmt::print(stderr, "caqa: the gold file {} is unusable\n", path.string());
    return std::nullopt;
  }
  if (sha256) *sha256 = sha256_hex(bytes->bytes());
  return std::move(parsed.gold);
}

// Builds the default benchmark with this same executable (`caqa build`) unless dir is given.
std::optional<Benchmark> load_benchmark(const std::string& given_dir, std::string& tmp_dir) {
  fs::path dir = given_dir;
  if (dir.empty()) {
    char templ[] = "/tmp/caqa-leaderboard-XXXXXX";
    if (!mkdtemp(templ)) {
      fmt::print(stderr, "caqa: cannot create a temporary directory\n");
      return std::nullopt;
    }
    tmp_dir = templ;
    dir = fs::path(tmp_dir) / "benchmark";
    std::error_code ec;
    fs::path self = fs::read_symlink("/proc/self/exe", ec);
    if (ec) {
      fmt::print(stderr, "caqa: cannot find this executable to run `caqa build`: {}\n", ec.message());
      return std::nullopt;
    }
    std::string command = fmt::format("'{}' build -q -o '{}' >'{}/build.log' 2>&1", self.string(), dir.string(), tmp_dir);
    if (std::system(command.c_str()) != 0) {
      fmt::print(stderr, "caqa: building the default benchmark failed (log: {}/build.log)\n", tmp_dir);
      tmp_dir.clear();  // keep the log
      return std::nullopt;
    }
  }
  Benchmark b;
  auto test = parse_gold_file(dir / "test.jsonl", &b.version);
  if (!test) return std::nullopt;
  b.test = std::move(*test);
  auto train = parse_gold_file(dir / "train.jsonl", nullptr);
  if (!train) return std::nullopt;
  for (std::uint32_t i = 0; i < train->size(); ++i) ++b.train_counts[index_of(train->label(i))];
  if (train->size() > 0)  // ties go to the first label in canonical order
    b.train_majority = static_cast<Label>(
        std::max_element(b.train_counts.begin(), b.train_counts.end()) - b.train_counts.begin());
  return b;
}

// ---- meta.json --------------------------------------------------------------------

struct Meta {
  std::string slug, evaluator, setting, organisation, date, benchmark_version;
  std::optional<std::string> model, size, paper, code, description;
};

struct Problems {
  std::vector<std::string> items;
  void add(const std::string& where, const std::string& what) { items.push_back(fmt::format("{}: {}", where, what)); }
};

std::string json_type(const nlohmann::json& v) {
  if (v.is_null()) return "null";
  if (v.is_boolean()) return "boolean";
  if (v.is_number()) return "number";
  if (v.is_string()) return "string";
  if (v.is_array()) return "array";
  return "object";
}

std::string found(const nlohmann::json& v) {
  std::string shown = v.dump();
  if (shown.size() > 60) shown = shown.substr(0, 57) + "...";
  return fmt::format("{} {}", json_type(v), shown);
}

bool valid_date(const std::string& s) {
  static const std::regex re("^([0-9]{4})-([0-9]{2})-([0-9]{2})$");
  std::smatch m;
  if (!std::regex_match(s, m, re)) return false;
  int y = std::stoi(m[1]), mo = std::stoi(m[2]), d = std::stoi(m[3]);
  static const int days[] = {31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  if (mo < 1 || mo > 12 || d < 1 || d > days[mo - 1]) return false;
  bool leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
  return !(mo == 2 && d == 29 && !leap);
}

// The checks of schema/leaderboard_meta.schema.json, with messages that name the field.
std::optional<Meta> parse_meta(const fs::path& path, const std::string& folder, const std::string& benchmark_version,
                               Problems& problems) {
  const std::string where = path.string();
  std::string error;
  auto bytes = read_file(where, error);
  if (!bytes) {
    problems.add(where, fmt::format("cannot read: {}", error));
    return std::nullopt;
  }
  nlohmann::json j;
  try {
    j = nlohmann::json::parse(bytes->bytes());
  } catch (const nlohmann::json::parse_error& e) {
    problems.add(where, fmt::format("not valid JSON at byte {}: {}", e.byte, e.what()));
    return std::nullopt;
  }
  if (!j.is_object()) {
    problems.add(where, fmt::format("expected a JSON object, found {}", json_type(j)));
    return std::nullopt;
  }
  std::size_t before = problems.items.size();
  Meta m;
  auto field = [&](const char* key, bool required, bool nullable, std::optional<std::string>& out) {
    auto it = j.find(key);
    if (it == j.end()) {
      if (required) problems.add(where, fmt::format("missing required field \"{}\"", key));
      return;
    }
    if (it->is_null() && nullable) return;
    if (!it->is_string()) {
      problems.add(where, fmt::format("\"{}\": expected a string{}, found {}", key, nullable ? " or null" : "", found(*it)));
      return;
    }
    if (it->get<std::string>().empty()) {
      problems.add(where, fmt::format("\"{}\": must not be empty{}", key, nullable ? " (use null)" : ""));
      return;
    }
    out = it->get<std::string>();
  };
  std::optional<std::string> slug, evaluator, setting, organisation, date, version;
  field("slug", true, false, slug);
  field("evaluator", true, false, evaluator);
  field("setting", true, false, setting);
  field("model", true, true, m.model);
  field("size", true, true, m.size);
  field("organisation", true, false, organisation);
  field("paper", true, true, m.paper);
  field("code", true, true, m.code);
  field("date", true, false, date);
  field("benchmark_version", true, false, version);
  field("description", false, true, m.description);
  static const std::set<std::string> known{"slug",  "evaluator", "setting", "model", "size", "organisation",
                                           "paper", "code",      "date",    "benchmark_version", "description"};
  for (const auto& [key, value] : j.items())
    if (!known.count(key))
      problems.add(where, fmt::format("unknown field \"{}\" (allowed: {})", key,
                                      "slug, evaluator, setting, model, size, organisation, paper, code, date, "
                                      "benchmark_version, description"));
  static const std::regex slug_re("^[a-z0-9][a-z0-9-]{0,62}$");
  if (slug && !std::regex_match(*slug, slug_re))
    problems.add(where, fmt::format("\"slug\": \"{}\" must be lowercase letters, digits and '-' (at most 63)", *slug));
  if (slug && *slug != folder)
    problems.add(where, fmt::format("\"slug\": \"{}\" must equal the folder name \"{}\"", *slug, folder));
  if (slug && slug->rfind("baseline-", 0) == 0)
    problems.add(where, fmt::format("\"slug\": \"{}\": the prefix baseline- is reserved for computed baselines", *slug));
  if (setting && std::find(std::begin(kSettings), std::end(kSettings), *setting) == std::end(kSettings))
    problems.add(where, fmt::format("\"setting\": expected one of zero-shot, few-shot, fine-tuned, other, found \"{}\"",
                                    *setting));
  for (auto* link : {&m.paper, &m.code})
    if (*link && link->value().rfind("https://", 0) != 0 && link->value().rfind("http://", 0) != 0)
      problems.add(where, fmt::format("\"{}\": expected an http(s) URL or null, found \"{}\"",
                                      link == &m.paper ? "paper" : "code", link->value()));
  if (date && !valid_date(*date))
    problems.add(where, fmt::format("\"date\": expected a calendar date YYYY-MM-DD, found \"{}\"", *date));
  if (version && *version != benchmark_version)
    problems.add(where, fmt::format("\"benchmark_version\": \"{}\" does not match this benchmark's version {} "
                                    "(the SHA-256 of the default benchmark's test.jsonl; docs/leaderboard.md)",
                                    *version, benchmark_version));
  if (problems.items.size() != before) return std::nullopt;
  m.slug = *slug;
  m.evaluator = *evaluator;
  m.setting = *setting;
  m.organisation = *organisation;
  m.date = *date;
  m.benchmark_version = *version;
  return m;
}

// ---- scoring ------------------------------------------------------------------------

struct Scored {
  PredictionSet set;
  Validation validation;
  ScoreReport report;
  std::vector<std::uint8_t> outcomes;  // per gold sample, for the paired tests
};

ScoreOptions board_options() {
  ScoreOptions o;  // the defaults of `caqa score`: lenient, --dup error, missing = wrong
  o.bootstrap = {1000, 13, 0.95};
  return o;
}

// Validates and scores predictions with the core; nullopt (problems filled) when invalid.
std::optional<Scored> score_text(const InputText& text, const std::string& name, const Benchmark& b,
                                 Problems& problems) {
  Scored s;
  s.set = read_predictions(text, PredictionOptions{});
  s.validation = validate(s.set, b.test, DuplicatePolicy::Error);
  bool bad = false;
  for (const auto& d : s.validation.diagnostics.items)
    if (d.severity == Severity::Error) {
      problems.items.push_back(format_diagnostic(name, d));
      bad = true;
    }
  if (bad) return std::nullopt;
  s.report = score(s.set, b.test, s.validation, board_options(), {name, b.test_name, b.version});
  s.outcomes.resize(b.test.size());
  for (std::uint32_t g = 0; g < b.test.size(); ++g) {
    std::uint32_t r = s.validation.row_of_gold[g];
    if (r == IdIndex::kAbsent) s.outcomes[g] = kMissingColumn;
    else if (s.set.rows[r].kind == PredictedKind::Label) s.outcomes[g] = static_cast<std::uint8_t>(index_of(s.set.rows[r].label));
    else s.outcomes[g] = kUnparseableColumn;
  }
  return s;
}

std::string baseline_predictions(const Benchmark& b, const std::function<Label(std::uint32_t)>& label_of) {
  std::string text;
  for (std::uint32_t g = 0; g < b.test.size(); ++g)
    text += ojson{{"id", b.test.ids().id(g)}, {"label", label_name(label_of(g))}}.dump() + "\n";
  return text;
}

struct Entry {
  std::string slug;
  bool baseline = false;
  ojson meta;  // shown fields
  Scored scored;
};

struct Loaded {
  std::vector<Entry> entries;  // submissions, then baselines
  std::size_t submissions = 0;
  bool ok = true;
};

Loaded load_submissions(const fs::path& dir, const Benchmark& b) {
  Loaded out;
  fs::path root = dir / "submissions";
  std::error_code ec;
  if (!fs::is_directory(root, ec)) {
    fmt::print(stderr, "{}: error: no submissions folder\n", root.string());
    out.ok = false;
    return out;
  }
  std::vector<fs::path> folders;
  for (const auto& e : fs::directory_iterator(root, ec))
    if (e.is_directory()) folders.push_back(e.path());
    else fmt::print(stderr, "{}: error: only folders belong in {}\n", e.path().string(), root.string()), out.ok = false;
  std::sort(folders.begin(), folders.end());
  std::set<std::string> folded;
  for (const auto& folder : folders) {
    Problems problems;
    std::string name = folder.filename().string();
    std::string lower = name;
    for (auto& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (!folded.insert(lower).second)
      problems.add(folder.string(), fmt::format("slug \"{}\" is not unique (differs from another only in case)", name));
    auto meta = parse_meta(folder / "meta.json", name, b.version, problems);
    fs::path pred = folder / "predictions.jsonl";
    if (!fs::exists(pred) && fs::exists(folder / "predictions.jsonl.gz")) pred = folder / "predictions.jsonl.gz";
    std::optional<Scored> scored;
    std::string error;
    if (auto bytes = read_file(pred.string(), error)) scored = score_text(bytes->text(), pred.string(), b, problems);
    else problems.add(pred.string(), fmt::format("cannot read: {}", error));
    for (const auto& p : problems.items) fmt::print(stderr, "{}\n", p);
    if (!problems.items.empty() || !meta || !scored) {
      fmt::print(stderr, "caqa: submission {} is invalid ({} problem(s))\n", name, problems.items.size());
      out.ok = false;
      continue;
    }
    const ScoreCounts& c = scored->report.counts;
    if (c.missing || c.invalid_label || c.unparseable || c.extra_lines)
      fmt::print(stderr, "note: {}: {} missing, {} invalid label(s), {} unparseable, {} unknown id(s); scored as wrong/ignored\n",
                 name, c.missing, c.invalid_label, c.unparseable, c.extra_lines);
    Entry e;
    e.slug = meta->slug;
    e.meta = ojson{{"evaluator", meta->evaluator},
                   {"setting", meta->setting},
                   {"model", meta->model ? ojson(*meta->model) : ojson()},
                   {"size", meta->size ? ojson(*meta->size) : ojson()},
                   {"organisation", meta->organisation},
                   {"links", {{"paper", meta->paper ? ojson(*meta->paper) : ojson()},
                              {"code", meta->code ? ojson(*meta->code) : ojson()}}},
                   {"date", meta->date}};
    if (meta->description) e.meta["description"] = *meta->description;
    e.scored = std::move(*scored);
    out.entries.push_back(std::move(e));
  }
  out.submissions = out.entries.size();
  return out;
}

void add_baselines(Loaded& loaded, const Benchmark& b) {
  auto add = [&](const std::string& slug, const std::string& evaluator, const std::string& description,
                 const std::function<Label(std::uint32_t)>& label_of) {
    Problems problems;
    std::string text = baseline_predictions(b, label_of);
    auto scored = score_text(InputText(text), slug, b, problems);
    if (!scored) {  // cannot happen with well-formed gold; say so loudly if it does
      for (const auto& p : problems.items) fmt::print(stderr, "{}\n", p);
      loaded.ok = false;
      return;
    }
    Entry e;
    e.slug = slug;
    e.baseline = true;
    e.meta = ojson{{"evaluator", evaluator}, {"setting", "baseline"}, {"model", nullptr}, {"size", nullptr},
                   {"organisation", "caqa"}, {"links", {{"paper", nullptr}, {"code", nullptr}}},
                   {"date", nullptr}, {"description", description}};
    e.scored = std::move(*scored);
    loaded.entries.push_back(std::move(e));
  };
  add("baseline-always-supportive", "Always supportive", "predicts supportive for every sample",
      [](std::uint32_t) { return Label::Supportive; });
  if (b.train_majority) {
    Label majority = *b.train_majority;
    add("baseline-majority-train", fmt::format("Majority class of train ({})", label_name(majority)),
        fmt::format("predicts the most frequent train label, {} ({} of {} train samples)", label_name(majority),
                    b.train_counts[index_of(majority)],
                    b.train_counts[0] + b.train_counts[1] + b.train_counts[2] + b.train_counts[3]),
        [majority](std::uint32_t) { return majority; });
  }
  auto rng = std::make_shared<Rng>(kRandomBaselineSeed);
  std::vector<Label> random(b.test.size());
  for (auto& l : random) l = static_cast<Label>(std::min<std::uint64_t>(3, static_cast<std::uint64_t>(rng->uniform() * 4)));
  add("baseline-uniform-random", "Uniform random (seed 13)",
      "a label drawn uniformly from the four, per sample in gold order, with caqa's Rng seeded 13",
      [&random](std::uint32_t g) { return random[g]; });
}

// ---- the board ------------------------------------------------------------------------

ojson number(double x) { return std::isnan(x) ? ojson() : ojson(x); }

ojson entry_json(const Entry& e, const leaderboard::RankedEntry& r, const std::vector<Entry>& entries,
                 const std::vector<leaderboard::RankedEntry>& ranked, std::size_t pos,
                 const std::vector<PairedResult>& vs_above) {
  const ScoreReport& rep = e.scored.report;
  const Classification& c = rep.classification;
  ojson j;
  j["rank"] = r.rank;
  j["tie_group"] = r.tie_group;
  j["beaten_by"] = r.beaten_by;
  j["slug"] = e.slug;
  j["badge"] = e.baseline ? "baseline" : "verified";
  for (const auto& [k, v] : e.meta.items()) j[k] = v;
  j["n"] = c.n;
  j["coverage"] = rep.counts.gold ? static_cast<double>(rep.counts.matched) / static_cast<double>(rep.counts.gold) : 0.0;
  ojson f1 = ojson::object();
  for (int l = 0; l < kLabelCount; ++l) f1[std::string(label_name(static_cast<Label>(l)))] = number(c.per_label[l].f1);
  j["f1"] = f1;
  j["micro_f1"] = number(c.micro_f1);
  j["micro_f1_ci"] = rep.intervals ? ojson::array({rep.intervals->micro_f1.low, rep.intervals->micro_f1.high}) : ojson();
  j["macro_f1"] = number(c.macro_f1);
  ojson levels = ojson::object();
  for (Complexity level : kTableLevels) levels[std::string(complexity_name(level))] = number(c.complexity_micro_f1[index_of(level)]);
  j["complexity_micro_f1"] = levels;
  if (r.has_above) {
    const PairedResult& p = vs_above[pos];
    j["vs_above"] = ojson{{"slug", entries[ranked[pos - 1].index].slug},
                          {"difference", p.difference},
                          {"difference_ci", ojson::array({p.difference_ci.low, p.difference_ci.high})},
                          {"p_randomization", p.p_randomization},
                          {"p_bootstrap", p.p_bootstrap},
                          {"cis_overlap", r.cis_overlap_above},
                          {"significant", r.beaten_by_above}};
  } else {
    j["vs_above"] = nullptr;
  }
  return j;
}

PairedResult paired(const Scored& a, const Scored& b, const Benchmark& bench) {
  PairedCounts counts;
  for (std::uint32_t g = 0; g < bench.test.size(); ++g)
    counts.joint[index_of(bench.test.label(g))][a.outcomes[g]][b.outcomes[g]] += 1;
  return compare_paired(counts, CompareMetric{}, board_options().bootstrap);
}

std::optional<ojson> read_reported(const fs::path& dir) {
  fs::path path = dir / "reported" / "caqa_table5.json";
  std::string error;
  auto bytes = read_file(path.string(), error);
  if (!bytes) {
    fmt::print(stderr, "caqa: {}\n", error);
    return std::nullopt;
  }
  try {
    ojson j = ojson::parse(bytes->bytes());
    if (!j.is_object() || !j.contains("entries") || !j["entries"].is_array() || j.value("flag", "") != kReportedFlag) {
      fmt::print(stderr, "{}: error: expected an object with \"flag\": \"{}\" and an \"entries\" array\n", path.string(),
                 kReportedFlag);
      return std::nullopt;
    }
    return j;
  } catch (const nlohmann::json::parse_error& e) {
    fmt::print(stderr, "{}: error: not valid JSON at byte {}: {}\n", path.string(), e.byte, e.what());
    return std::nullopt;
  }
}

std::string build_board(const Loaded& loaded, const Benchmark& b, const ojson& reported) {
  const auto& entries = loaded.entries;
  std::vector<leaderboard::RankInput> inputs;
  for (const auto& e : entries) {
    const auto& rep = e.scored.report;
    inputs.push_back({e.slug, rep.classification.micro_f1,
                      rep.intervals ? rep.intervals->micro_f1 : Interval{rep.classification.micro_f1, rep.classification.micro_f1}});
  }
  leaderboard::PairwiseP p(entries.size());
  std::map<std::pair<std::size_t, std::size_t>, PairedResult> results;
  for (std::size_t i = 0; i < entries.size(); ++i)
    for (std::size_t j = i + 1; j < entries.size(); ++j) {
      PairedResult r = paired(entries[i].scored, entries[j].scored, b);
      results[{i, j}] = r;
      p.set(i, j, r.p_randomization);
    }
  auto ranked = leaderboard::rank_entries(inputs, p);
  std::vector<PairedResult> vs_above(ranked.size());
  for (std::size_t pos = 1; pos < ranked.size(); ++pos) {
    std::size_t above = ranked[pos - 1].index, me = ranked[pos].index;
    PairedResult r = results[{std::min(above, me), std::max(above, me)}];
    if (above > me) {  // stored as (me, above): flip to above - me
      std::swap(r.value_a, r.value_b);
      r.difference = -r.difference;
      r.difference_ci = {-r.difference_ci.high, -r.difference_ci.low};
    }
    vs_above[pos] = r;
  }
  std::string signature = entries.empty() ? score_signature(ScoreReport{}) : entries.front().scored.report.signature;
  ojson board;
  board["format"] = "caqa-leaderboard";
  board["format_version"] = kBoardFormatVersion;
  board["caqa_version"] = kVersion;
  board["signature"] = fmt::format("caqa-leaderboard:{}|rank:micro_f1|test:paired-randomization|alpha:0.05|{}",
                                   kBoardFormatVersion, signature);
  board["score_signature"] = signature;
  board["benchmark"] = ojson{{"name", "caqa build (default KG)"},
                             {"version", b.version},
                             {"gold", b.test_name},
                             {"gold_sha256", b.version},
                             {"split", b.test.split()},
                             {"n", b.test.size()}};
  board["ranking"] = ojson{
      {"metric", "micro_f1"},
      {"rule", "rank = 1 + number of entries that beat it significantly: higher micro-F1 and (paired approximate "
               "randomization p < 0.05 or non-overlapping 95% bootstrap CIs); tie_group: consecutive entries the one "
               "above does not beat significantly"},
      {"alpha", 0.05},
      {"bootstrap", ojson{{"resamples", 1000}, {"seed", 13}, {"level", 0.95}}}};
  ojson verified = ojson::array();
  for (std::size_t pos = 0; pos < ranked.size(); ++pos)
    verified.push_back(entry_json(entries[ranked[pos].index], ranked[pos], entries, ranked, pos, vs_above));
  board["verified"] = verified;
  board["reported"] = reported;
  return board.dump(2) + "\n";
}

// ---- the commands -------------------------------------------------------------------

struct TmpDir {
  std::string path;
  ~TmpDir() {
    std::error_code ec;
    if (!path.empty()) fs::remove_all(path, ec);
  }
};

class LeaderboardCommand : public Command {
 public:
  explicit LeaderboardCommand(CLI::App& parent) {
    CLI::App* app = parent.add_subcommand(
        "leaderboard", "Check the submissions under leaderboard/ or publish them, rescored, as leaderboard.json.");
    app->require_subcommand(1);
    check_ = app->add_subcommand("check",
                                 "Validate every submission: meta.json fields and types, slug = folder and unique, "
                                 "predictions valid against the gold, benchmark version.\nExit 0 all valid, 1 a "
                                 "submission is invalid, 2 usage error or unusable benchmark.");
    publish_ = app->add_subcommand("publish",
                                   "Rescore every submission and the trivial baselines with the core scorer, rank "
                                   "them with paired tests,\nwrite DIR/leaderboard.json (deterministic) and copy it "
                                   "into DIST when given.");
    for (CLI::App* sub : {check_, publish_}) {
      sub->add_option("--dir", dir_, "Leaderboard folder (submissions/, reported/)")->capture_default_str();
      sub->add_option("--benchmark", benchmark_,
                      "A built benchmark folder (test.jsonl, train.jsonl); default: build the default one now")
          ->type_name("DIR");
    }
    publish_->add_option("--dist", dist_, "Also copy leaderboard.json into this site folder")->type_name("DIR");
    publish_->add_option("-o,--output", output_, "Write the board here instead of DIR/leaderboard.json")->type_name("FILE");
  }

  int run() override {
    TmpDir tmp;
    auto bench = load_benchmark(benchmark_, tmp.path);
    if (!bench) return kExitUsage;
    Loaded loaded = load_submissions(dir_, *bench);
    if (check_->parsed()) {
      if (!loaded.ok) {
        fmt::print(stderr, "caqa: leaderboard check failed\n");
        return kExitInvalid;
      }
      if (!read_reported(dir_)) return kExitInvalid;
      note_stale(*bench);
      fmt::print("ok: {} submission(s) valid against benchmark version {}\n", loaded.submissions, bench->version);
      return kExitOk;
    }
    if (!loaded.ok) {
      fmt::print(stderr, "caqa: not published: fix the submissions above (caqa leaderboard check)\n");
      return kExitInvalid;
    }
    auto reported = read_reported(dir_);
    if (!reported) return kExitInvalid;
    add_baselines(loaded, *bench);
    if (!loaded.ok) return kExitUsage;
    std::string text = build_board(loaded, *bench, *reported);
    std::string out = output_.empty() ? (fs::path(dir_) / "leaderboard.json").string() : output_;
    if (!emit(out, text)) return kExitUsage;
    if (!dist_.empty()) {
      std::string error;
      if (!write_file_atomic((fs::path(dist_) / "leaderboard.json").string(), text, error)) {
        fmt::print(stderr, "caqa: {}\n", error);
        return kExitUsage;
      }
    }
    fmt::print("published {} verified submission(s) + {} baseline(s) to {}{}\n", loaded.submissions,
               loaded.entries.size() - loaded.submissions, out, dist_.empty() ? "" : " and " + dist_ + "/");
    return kExitOk;
  }

 private:
  // A board published with another scorer or gold is stale: publish rescores it.
  void note_stale(const Benchmark& b) const {
    fs::path path = fs::path(dir_) / "leaderboard.json";
    std::string error;
    auto bytes = read_file(path.string(), error);
    if (!bytes) return;
    try {
      auto j = nlohmann::json::parse(bytes->bytes());
      std::string expected = score_signature_for(b);
      if (j.value("score_signature", "") != expected || j["benchmark"].value("gold_sha256", "") != b.version)
        fmt::print(stderr, "note: {} was published with another scorer signature or gold; run caqa leaderboard publish\n",
                   path.string());
    } catch (const std::exception&) {
      fmt::print(stderr, "note: {} is not valid JSON; run caqa leaderboard publish\n", path.string());
    }
  }
  static std::string score_signature_for(const Benchmark& b) {
    Problems ignored;
    std::string text = baseline_predictions(b, [](std::uint32_t) { return Label::Supportive; });
    auto s = score_text(InputText(text), "signature", b, ignored);
    return s ? s->report.signature : "";
  }

  CLI::App *check_ = nullptr, *publish_ = nullptr;
  std::string dir_ = "leaderboard", benchmark_, dist_, output_;
};

}  // namespace

std::unique_ptr<Command> add_leaderboard_command(CLI::App& app) { return std::make_unique<LeaderboardCommand>(app); }

}  // namespace caqa::cli
