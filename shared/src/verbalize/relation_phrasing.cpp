#include "caqa/verbalize/relation_phrasing.h"

#include <algorithm>

#include "caqa/verbalize/english.h"

namespace caqa::verbalize {

namespace {

std::string_view trimmed(std::string_view s) {
  while (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  while (!s.empty() && s.back() == ' ') s.remove_suffix(1);
  return s;
}

std::string_view marker(Slot slot, bool article) {
  if (slot == Slot::Head) return article ? "{a head}" : "{head}";
  return article ? "{a tail}" : "{tail}";
}

bool names(std::string_view sentence, Slot slot) {
  return sentence.find(marker(slot, false)) != std::string_view::npos ||
         sentence.find(marker(slot, true)) != std::string_view::npos;
}

bool after_the(const std::string& s, std::size_t at) {
  return at >= 4 && (s.compare(at - 4, 4, "the ") == 0 || s.compare(at - 4, 4, "The ") == 0);
}

void fill(std::string& s, Slot slot, std::string_view name) {
  for (bool article : {true, false}) {
    const std::string_view m = marker(slot, article);
    for (auto at = s.find(m); at != std::string::npos; at = s.find(m, at)) {
      // "uses the {tail}" with "the United States dollar": the template has its article.
      std::string_view said = name;
      if (after_the(s, at) && said.substr(0, 4) == "the ") said.remove_prefix(4);
      const std::string value = article ? with_article(said) : std::string(said);
      s.replace(at, m.size(), value);
      at += value.size();
    }
  }
}

std::string without_period(std::string s) {
  while (!s.empty() && (s.back() == '.' || s.back() == ' ')) s.pop_back();
  return s;
}

// A name that cannot make or complete a marker once filled in.
bool without_braces(std::string_view name) {
  return std::none_of(name.begin(), name.end(), [](char c) { return c == '{' || c == '}'; });
}

}  // namespace

RelationPhrasing::Form RelationPhrasing::Form::of(std::string text, bool head, bool tail) {
  Form out;
  out.text = std::move(text);
  const std::string& t = out.text;
  // Markers hold one '{', their first byte, so no two overlap.
  for (auto at = t.find('{'); at != std::string::npos; at = t.find('{', at + 1))
    for (Slot slot : {Slot::Head, Slot::Tail})
      for (bool article : {true, false}) {
        const std::string_view m = marker(slot, article);
        if ((slot == Slot::Head ? head : tail) && t.compare(at, m.size(), m) == 0) {
          if (!out.markers.empty() && at < out.markers.back().at + out.markers.back().size + 4) out.direct = false;
          out.markers.push_back({at, m.size(), slot, article, after_the(t, at)});
        }
      }
  return out;
}

std::string RelationPhrasing::Form::fill(std::string_view head, std::string_view tail) const {
  std::string out;
  out.reserve(text.size() + 2 * (head.size() + tail.size()) + 8);
  std::size_t from = 0;
  for (const Marker& m : markers) {
    out.append(text, from, m.at - from);
    std::string_view said = m.slot == Slot::Head ? head : tail;
    if (m.after_the && said.substr(0, 4) == "the ") said.remove_prefix(4);
    if (m.article) out.append(indefinite_article(said)).push_back(' ');
    out.append(said);
    from = m.at + m.size;
  }
  out.append(text, from);
  return out;
}

void RelationPhrasing::find_forms() {
  sentence_forms_.clear();
  predicate_forms_.clear();
  subjects_.clear();
  ends_with_other_.clear();
  for (std::size_t i = 0; i < sentences_.size(); ++i) {
    sentence_forms_.push_back(Form::of(without_period(sentences_[i]), true, true));
    std::optional<Slot> slot;
    for (Slot end : {Slot::Head, Slot::Tail})
      if (!slot && sentences_[i].starts_with(marker(end, false))) slot = end;
    subjects_.push_back(slot);
    const std::string body = without_period(sentences_[i]);
    const std::string_view closing = slot ? marker(other(*slot), false) : std::string_view{};
    ends_with_other_.push_back(slot && body.size() > closing.size() && body.ends_with(closing));
    predicate_forms_.push_back(slot ? Form::of(without_period(sentences_[i].substr(marker(*slot, false).size())),
                                               *slot == Slot::Tail, *slot == Slot::Head)
                                    : Form{});
  }
}

RelationPhrasing RelationPhrasing::parse(std::string_view value) {
  RelationPhrasing out;
  value = trimmed(value);
  if (!value.empty() && value.front() == '[') {
    const auto close = value.find(']');
    if (close != std::string_view::npos) {
      const std::string_view nouns = value.substr(1, close - 1);
      const auto arrow = nouns.find('>');
      if (arrow != std::string_view::npos) {
        out.head_noun_ = std::string(trimmed(nouns.substr(0, arrow)));
        out.tail_noun_ = std::string(trimmed(nouns.substr(arrow + 1)));
      }
      value.remove_prefix(close + 1);
    }
  }
  while (!value.empty()) {
    const auto bar = value.find('|');
    const std::string_view sentence = trimmed(value.substr(0, bar));
    if (names(sentence, Slot::Head) && names(sentence, Slot::Tail)) out.sentences_.emplace_back(sentence);
    value = bar == std::string_view::npos ? std::string_view{} : value.substr(bar + 1);
  }
  out.find_forms();
  return out;
}

RelationPhrasing RelationPhrasing::fallback(std::string_view humanized_relation) {
  RelationPhrasing out;
  out.sentences_.push_back("{head} " + std::string(humanized_relation) + " {tail}.");
  out.find_forms();
  return out;
}

std::string RelationPhrasing::sentence(std::size_t i, std::string_view head, std::string_view tail) const {
  if (const Form& form = sentence_forms_.at(i); form.direct && without_braces(head) && without_braces(tail))
    return end_sentence(form.fill(head, tail));
  std::string s = without_period(sentences_.at(i));
  fill(s, Slot::Head, head);
  fill(s, Slot::Tail, tail);
  return end_sentence(std::move(s));
}

std::optional<Slot> RelationPhrasing::subject(std::size_t i) const { return subjects_.at(i); }

std::string RelationPhrasing::predicate(std::size_t i, std::string_view other_name) const {
  const auto slot = subject(i);
  if (!slot) return {};
  if (const Form& form = predicate_forms_.at(i); form.direct && without_braces(other_name)) {
    std::string s = form.fill(other_name, other_name);
    const std::string_view kept = trimmed(s);
    s.erase(static_cast<std::size_t>(kept.data() - s.data()) + kept.size());
    s.erase(0, static_cast<std::size_t>(kept.data() - s.data()));
    return s;
  }
  std::string s = without_period(sentences_.at(i).substr(marker(*slot, false).size()));
  fill(s, other(*slot), other_name);
  return std::string(trimmed(s));
}

bool RelationPhrasing::ends_with_other(std::size_t i) const { return ends_with_other_.at(i); }

std::string RelationPhrasing::predicate_about(Slot about, std::string_view other_name) const {
  for (std::size_t i = 0; i < sentences_.size(); ++i)
    if (subject(i) == about) return predicate(i, other_name);
  return {};
}

std::string RelationPhrasing::relative_clause(Slot about, std::string_view other_name) const {
  // "that Paul Allen was educated at": a sentence that ends with `about`.
  std::string object_form;
  for (const std::string& s : sentences_) {
    std::string body = without_period(s);
    const std::string_view m = marker(about, false);
    if (body.size() > m.size() && body.compare(body.size() - m.size(), m.size(), m) == 0) {
      body.resize(body.size() - m.size());
      // "that Brad Pitt won": the article before the slot goes with the noun it stood for.
      for (std::string_view article : {" the ", " a ", " an "})
        if (body.ends_with(article)) body.resize(body.size() - article.size() + 1);
      fill(body, other(about), other_name);
      object_form = "that " + std::string(trimmed(body));
      break;
    }
  }
  const std::string p = predicate_about(about, other_name);
  // "the country that is the country X comes from": an identity says the noun twice.
  const bool identity = p.rfind("is the ", 0) == 0 || p.rfind("is a ", 0) == 0 || p.rfind("is an ", 0) == 0;
  if (!p.empty() && !(identity && !object_form.empty())) return (is_person(about) ? "who " : "that ") + p;
  return object_form;
}

}  // namespace caqa::verbalize
