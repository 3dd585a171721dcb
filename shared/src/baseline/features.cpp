#include "caqa/baseline/features.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>

#include "caqa/hash.h"
#include "tokens.h"

namespace caqa::baseline {

using detail::Token;

std::string_view view_name(InputView view) {
  switch (view) {
    case InputView::Full: return "full";
    case InputView::CitationOnly: return "citation";
    case InputView::QuestionAnswer: return "question+answer";
    case InputView::AnswerOnly: return "answer";
  }
  return "?";
}

std::optional<InputView> parse_view(std::string_view name) {
  for (int v = 0; v < kInputViewCount; ++v)
    if (view_name(static_cast<InputView>(v)) == name) return static_cast<InputView>(v);
  return std::nullopt;
}

namespace {

struct RowBuilder {
  std::uint32_t mask;
  std::vector<std::pair<std::uint32_t, float>> entries;
  std::vector<std::uint32_t> group;
  std::vector<std::uint64_t> seen;  // all zero between calls of sort_distinct

  // group sorted, duplicates dropped: through a bitmap over the buckets when scanning it
  // costs less than sorting (the sort was a sixth of featurizing).
  void sort_distinct() {
    const std::size_t words = (std::size_t{mask} >> 6) + 1;
    if (words > 16 * group.size()) {
      std::sort(group.begin(), group.end());
      group.erase(std::unique(group.begin(), group.end()), group.end());
      return;
    }
    seen.resize(words);
    for (std::uint32_t b : group) seen[b >> 6] |= std::uint64_t{1} << (b & 63);
    group.clear();
    for (std::size_t w = 0; w < words; ++w) {
      for (std::uint64_t bits = seen[w]; bits != 0; bits &= bits - 1)
        group.push_back(static_cast<std::uint32_t>(w * 64 + std::countr_zero(bits)));
      seen[w] = 0;
    }
  }

  std::uint32_t bucket(std::uint64_t h) const { return static_cast<std::uint32_t>(h ^ (h >> 29)) & mask; }

  // n-gram features of the tokens of first then second (one text: a bigram spans the
  // two) under namespace ns, unit L2 norm over distinct ones.
  void add_text(std::string_view ns, const std::vector<Token>& first, const std::vector<Token>& second = {}) {
    group.clear();
    const std::uint64_t base = fnv1a64(ns);
    const std::size_t count = first.size() + second.size();
    auto lower = [&](std::size_t i) -> const std::string& {
      return i < first.size() ? first[i].lower : second[i - first.size()].lower;
    };
    for (std::size_t i = 0; i < count; ++i) {
      const std::string& w = lower(i);
      std::uint64_t uni = fnv1a64(w, fnv1a64("w", base));
      group.push_back(bucket(uni));
      if (i + 1 < count) {
        std::uint64_t bi = fnv1a64(lower(i + 1), fnv1a64(" ", fnv1a64(w, fnv1a64("b", base))));
        group.push_back(bucket(bi));
      }
      // in-word character 3-grams of "<word>" (no copy: the boundaries are virtual)
      const std::uint64_t cbase = fnv1a64("c", base);
      const std::size_t len = w.size() + 2;
      auto at = [&](std::size_t j) -> unsigned char {
        return j == 0 ? '<' : j == len - 1 ? '>' : static_cast<unsigned char>(w[j - 1]);
      };
      for (std::size_t j = 0; j + 3 <= len; ++j) {
        const char gram[3] = {static_cast<char>(at(j)), static_cast<char>(at(j + 1)), static_cast<char>(at(j + 2))};
        group.push_back(bucket(fnv1a64(std::string_view(gram, 3), cbase)));
      }
    }
    sort_distinct();
    if (group.empty()) return;
    const float value = 1.0f / std::sqrt(static_cast<float>(group.size()));
    for (std::uint32_t g : group) entries.emplace_back(g, value);
  }

  void add_indicator(const std::string& name) { entries.emplace_back(bucket(fnv1a64(name, fnv1a64("pair"))), 1.0f); }

  void finish(SparseRows& out) {
    std::sort(entries.begin(), entries.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
    std::size_t k = 0;
    for (std::size_t i = 0; i < entries.size(); ++i) {
      if (k > 0 && entries[k - 1].first == entries[i].first)
        entries[k - 1].second += entries[i].second;
      else
        entries[k++] = entries[i];
    }
    entries.resize(k);
    for (const auto& [index, value] : entries) {
      out.indices.push_back(index);
      out.values.push_back(value);
    }
    out.offsets.push_back(out.indices.size());
    entries.clear();
  }
};

using WordSet = std::vector<std::uint64_t>;  // sorted distinct word hashes

WordSet word_set(const std::vector<Token>& tokens, bool entities) {
  WordSet out;
  for (const Token& t : tokens)
    if (!t.stop && t.entity == entities) out.push_back(fnv1a64(t.lower));
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

WordSet minus(const WordSet& a, const WordSet& b) {
  WordSet out;
  std::set_difference(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  return out;
}
WordSet united(const WordSet& a, const WordSet& b) {
  WordSet out;
  std::set_union(a.begin(), a.end(), b.begin(), b.end(), std::back_inserter(out));
  return out;
}
std::size_t common(const WordSet& a, const WordSet& b) {
  std::size_t n = 0;
  for (auto i = a.begin(), j = b.begin(); i != a.end() && j != b.end();) {
    if (*i < *j)
      ++i;
    else if (*j < *i)
      ++j;
    else {
      ++n;
      ++i;
      ++j;
    }
  }
  return n;
}
// Fraction in five buckets, "n" when undefined.
std::string fifths(std::size_t num, std::size_t den) {
  if (den == 0) return "n";
  return std::to_string(std::min<std::size_t>(4, num * 5 / den)) + (num == den ? "all" : "");
}
std::string capped(std::size_t v, std::size_t cap) { return std::to_string(std::min(v, cap)); }

// The question and answer's part of a row: the buckets of their text group ("qa", or "a"
// for the answer-only view), which share one value, and, for the full view, their word sets
// for the pair features.
struct QuestionSide {
  std::vector<std::uint32_t> buckets;
  float value = 0;
  WordSet q_ent, a_ent_all, q_rel;
};

void add_pair_features(RowBuilder& row, const QuestionSide& side, const std::vector<Token>& citation) {
  const WordSet& q_ent = side.q_ent;
  const WordSet& a_ent_all = side.a_ent_all;
  const WordSet& q_rel = side.q_rel;
  const auto c_ent = word_set(citation, true);
  const auto claim = minus(a_ent_all, q_ent);  // what the answer adds to the question
  const auto c_rel = word_set(citation, false);
  const std::size_t covered = common(claim, c_ent);
  const std::size_t missing = claim.size() - covered;
  const std::size_t extra = minus(c_ent, united(a_ent_all, q_ent)).size();
  const std::size_t q_covered = common(q_ent, c_ent);
  const std::size_t rel_common = common(q_rel, c_rel);
  const std::size_t rel_extra = c_rel.size() - rel_common;

  const std::string miss = capped(missing, 4), ext = capped(extra, 6), cov = fifths(covered, claim.size()),
                    qcov = fifths(q_covered, q_ent.size()), rel = fifths(rel_common, c_rel.size()),
                    relq = fifths(rel_common, q_rel.size()), relx = capped(rel_extra, 6);
  row.add_indicator("miss=" + miss);
  row.add_indicator("extra=" + ext);
  row.add_indicator("cov=" + cov);
  row.add_indicator("qcov=" + qcov);
  row.add_indicator("rel=" + rel);
  row.add_indicator("relq=" + relq);
  row.add_indicator("relx=" + relx);
  row.add_indicator("miss*extra=" + miss + "," + ext);
  row.add_indicator("cov*extra=" + cov + "," + ext);
  row.add_indicator("cov*rel=" + cov + "," + rel);
  row.add_indicator("miss*relq=" + miss + "," + relq);
  row.add_indicator("extra*relx=" + ext + "," + relx);
  row.add_indicator("cov*qcov=" + cov + "," + qcov);
  row.add_indicator("claim=" + capped(claim.size(), 6) + ",miss=" + miss);
}

RowBuilder& row_builder(const FeatureConfig& config) {
  thread_local RowBuilder row{0, {}, {}, {}};
  row.mask = (1u << config.dim_bits) - 1;
  return row;
}

QuestionSide question_side(const TextFields& fields, InputView view, RowBuilder& row) {
  QuestionSide side;
  if (view == InputView::CitationOnly) return side;
  const std::vector<Token> question =
      view == InputView::AnswerOnly ? std::vector<Token>() : detail::tokenize(fields.question);
  const std::vector<Token> answer = detail::tokenize(fields.answer);
  if (view == InputView::AnswerOnly)
    row.add_text("a", answer);
  else
    row.add_text("qa", question, answer);
  side.buckets.reserve(row.entries.size());
  for (const auto& [bucket, value] : row.entries) {
    side.buckets.push_back(bucket);
    side.value = value;  // add_text's one value of the group
  }
  row.entries.clear();
  if (view == InputView::Full) {
    side.q_ent = word_set(question, true);
    side.a_ent_all = word_set(answer, true);
    side.q_rel = united(word_set(question, false), word_set(answer, false));
  }
  return side;
}

// The row: the question side's entries, the citation's group, the pair features, the bias.
void finish_row(const QuestionSide& side, std::string_view citation_text, InputView view, RowBuilder& row,
                SparseRows& out) {
  for (std::uint32_t bucket : side.buckets) row.entries.emplace_back(bucket, side.value);
  if (view == InputView::Full || view == InputView::CitationOnly) {
    const std::vector<Token> citation = detail::tokenize(citation_text);
    if (!citation.empty()) row.add_text("c", citation);
    if (view == InputView::Full) add_pair_features(row, side, citation);
  }
  row.add_indicator("bias");
  row.finish(out);
}

}  // namespace

void featurize(const TextFields& fields, const FeatureConfig& config, SparseRows& out) {
  RowBuilder& row = row_builder(config);
  finish_row(question_side(fields, config.view, row), fields.citation, config.view, row, out);
}

struct Featurizer::Impl {
  // By question and answer (append_key_part): the same texts, the same side.
  std::unordered_map<std::string, QuestionSide> sides;
  std::string key;
};

Featurizer::Featurizer(const FeatureConfig& config) : config_(config), impl_(std::make_unique<Impl>()) {}
Featurizer::~Featurizer() = default;

void Featurizer::add(const TextFields& fields, SparseRows& out) {
  RowBuilder& row = row_builder(config_);
  if (config_.view == InputView::CitationOnly) {
    finish_row(QuestionSide{}, fields.citation, config_.view, row, out);
    return;
  }
  std::string& key = impl_->key;
  key.clear();
  append_key_part(key, fields.question);
  append_key_part(key, fields.answer);
  auto found = impl_->sides.find(key);
  if (found == impl_->sides.end()) found = impl_->sides.emplace(key, question_side(fields, config_.view, row)).first;
  finish_row(found->second, fields.citation, config_.view, row, out);
}

}  // namespace caqa::baseline
