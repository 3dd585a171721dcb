// How each relation behaves, read off the KG itself, per direction (issue 33,
// docs/benchmark.md "Rules a careful reader checks"):
//  - functional: at least kFunctionalShare of the entities with an object this way have
//    exactly one ("a film's director", "a city's country"), and the relation is not
//    symmetric (a person may have married several times); from the tail, only where the
//    head's way holds once too (one-to-one: a country's capital), since a KG that lists
//    one company for each founder does not make founders found one. Only a swap along such a link
//    excludes the true value, so only those make contradictions; "another spouse" or
//    "another film from the same country" contradict nothing. 0.9, not more: MetaQA gives
//    92% of its films one director, and a reader takes a film's director as one.
//  - generic: asked this way, an entity has kGenericMean or more objects on average
//    ("Which cities are in ...?", "Who has worked as ...?"), or it is asked from a value
//    that every subject has one of (the heads are functional and the tails state nothing
//    themselves: "What was released in 1975?"): a question asking only such links has
//    more true answers than the KG lists, so it is not asked.
//  - symmetric: the KG states (b, r, a) for kSymmetricShare of its (a, r, b): one fact,
//    said either way.
// Counted over at most kMaxSubjects entities a direction (evenly spaced), so that a
// remote graph is not read whole; every KG caqa ships is counted in full.
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "caqa/kg/graph.h"

namespace caqa::kg {

struct DirectionProfile {
  std::size_t subjects = 0;  // entities with at least one object this way (counted)
  std::size_t single = 0;    // of those, entities with exactly one
  std::size_t facts = 0;     // their objects, summed
  bool functional = false;
  bool generic = false;
  double value_share = 0;  // of the objects, those that state nothing themselves
  bool values = false;     // kValueShare of them do: years, genres, languages
  double single_share() const { return subjects == 0 ? 0.0 : static_cast<double>(single) / subjects; }
  double mean_objects() const { return subjects == 0 ? 0.0 : static_cast<double>(facts) / subjects; }
};

class RelationProfile {
 public:
  static constexpr double kFunctionalShare = 0.9;
  static constexpr double kGenericMean = 4.0;
  static constexpr double kSymmetricShare = 0.95;
  static constexpr double kValueShare = 0.95;
  // A relation whose objects are mostly values: one of its objects that states facts of
  // its own is a value and a thing at once (mixes_values_and_things).
  static constexpr double kMostlyValueShare = 0.75;
  static constexpr std::size_t kMaxSubjects = std::size_t{1} << 16;

  explicit RelationProfile(const KnowledgeGraph& kg);

  // The direction from the head to its tails (from_head) or from the tail to its heads.
  const DirectionProfile& at(RelationId relation, bool from_head) const {
    return by_relation_[relation].way[from_head ? 0 : 1];
  }
  bool symmetric(RelationId relation) const { return by_relation_[relation].symmetric; }
  // The link from `known` along `relation` holds once: the direction is functional and the
  // KG gives `known` exactly one object that way.
  bool single_valued(EntityId known, RelationId relation, bool known_is_head) const;
  // The fact's link holds once for its relation, yet the KG gives this fact's end more
  // than one value (MetaQA merges the films that share a title: "Hamlet" has five release
  // years; a film by two directors). A citation stating one value beside the other would
  // read as a contradiction, so the builder does not ground a question on such a fact.
  bool overfull(const Triple& fact) const;
  // The entity is a value of some relation (a year a film was released in) and states
  // facts of its own as well: MetaQA's year "2012" is also the film "2012". A text that
  // names it reads as nonsense ("2010 starred Roy Scheider").
  bool mixes_values_and_things(EntityId e) const;

  // One row per relation and direction, for the manifest and docs/benchmark.md.
  struct Row {
    std::string relation;
    bool from_head;
    DirectionProfile profile;
    bool symmetric;
  };
  std::vector<Row> rows() const;

 private:
  struct Entry {
    DirectionProfile way[2];
    bool symmetric = false;
  };
  const KnowledgeGraph& kg_;
  std::vector<Entry> by_relation_;
  std::vector<RelationId> mostly_values_;  // relations whose objects are mostly values
};

}  // namespace caqa::kg
