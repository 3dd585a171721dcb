// How one relation is said (data/default/relation_templates.tsv, docs/verbalize.md):
//   relation<TAB>[head noun > tail noun] sentence | sentence | ...
// Each sentence names both ends, `{head}` and `{tail}`, or `{a head}` / `{a tail}` for
// the name with its article ("has worked as {a tail}"). The nouns ("film", "person")
// name what each end is, for relative clauses ("the film that ..."), "who" against
// "which", and "it". A line with no brackets is a plain list of sentences.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace caqa::verbalize {

enum class Slot : std::uint8_t { Head, Tail };
constexpr Slot other(Slot slot) { return slot == Slot::Head ? Slot::Tail : Slot::Head; }

class RelationPhrasing {
 public:
  // Parses one template value; sentences without both ends are dropped.
  static RelationPhrasing parse(std::string_view value);
  // The fallback for a relation with no template: "{head} directed by {tail}."
  static RelationPhrasing fallback(std::string_view humanized_relation);

  std::size_t size() const { return sentences_.size(); }
  // Sentence `i` with both names filled in, first letter as written.
  std::string sentence(std::size_t i, std::string_view head, std::string_view tail) const;
  // Sentence `i`'s subject: the end it starts with, if it starts with one.
  std::optional<Slot> subject(std::size_t i) const;
  // Sentence `i` without its subject ("was directed by Steven Spielberg"), given the
  // other end's name; empty when the sentence does not start with an end.
  std::string predicate(std::size_t i, std::string_view other) const;
  // Whether sentence `i` starts with one end and ends with the other ("{tail} directed {head}.").
  bool ends_with_other(std::size_t i) const;
  // A predicate about `about` from the first sentence that starts with it; empty if none.
  std::string predicate_about(Slot about, std::string_view other) const;
  // A relative clause about `about`: "that was directed by X" (or "who directed X" for a
  // person), else "that X directed" from a sentence ending with it; empty if neither.
  std::string relative_clause(Slot about, std::string_view other) const;
  // "film", "person" or empty when the template names none.
  const std::string& noun(Slot slot) const { return slot == Slot::Head ? head_noun_ : tail_noun_; }
  bool is_person(Slot slot) const { return noun(slot) == "person"; }

 private:
  // A sentence, or a predicate (a sentence less its subject), with the markers it fills
  // found once, so that filling it is one pass. `direct` when every marker starts four or
  // more bytes after the one before: its preceding "the " is then the template's own and
  // the pass writes what filling marker by marker does (for names without braces).
  struct Form {
    struct Marker {
      std::size_t at, size;
      Slot slot;
      bool article, after_the;
    };
    std::string text;
    std::vector<Marker> markers;
    bool direct = true;
    static Form of(std::string text, bool head, bool tail);
    std::string fill(std::string_view head, std::string_view tail) const;
  };
  void find_forms();

  std::string head_noun_, tail_noun_;
  std::vector<std::string> sentences_;
  std::vector<Form> sentence_forms_, predicate_forms_;  // by sentence
  // subject() and ends_with_other() by sentence, found once: a citation asks for each fact.
  std::vector<std::optional<Slot>> subjects_;
  std::vector<bool> ends_with_other_;
};

}  // namespace caqa::verbalize
