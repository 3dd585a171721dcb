// Names a reader can tell apart (issue 33): an entity that shares its name with another
// ("A Star Is Born", four films; "John Williams", a composer and a guitarist) is written
// with a qualifier, as an encyclopedia does: "A Star Is Born (1937)", "John Williams
// (composer)", "Paris (United States)". The qualifier is the entity's object along the
// first relation of its type's list (data/default/qualifiers.tsv: `type<TAB>relation ...`)
// that no other entity of the name shares; with no list, along a relation that holds once
// for its heads (relation_profile.h), those whose objects are values (years) first. Worked out on demand:
// the KG may be a remote one.
#pragma once

#include <map>
#include <span>
#include <string>
#include <unordered_map>
#include <vector>

#include "caqa/kg/kg_text.h"
#include "caqa/kg/relation_profile.h"

namespace caqa::kg {

class DisplayNames {
 public:
  DisplayNames(const KnowledgeGraph& kg, const RelationProfile& profile);
  // type<TAB>relation relation ...: the relations that tell entities of the type apart, in
  // order of preference. Types or relations the KG lacks are skipped and counted.
  void read_preferences(const TextSource& source, ProblemCounts& problems);

  struct Qualifier {
    RelationId relation = kNone;
    EntityId value = kNone;
  };
  // Whether other entities have this one's name.
  bool shared(EntityId e) const { return kg_.entities_named(kg_.entity_name(e)).size() > 1; }
  // The qualifier of an entity whose name is shared: along the first preferred relation
  // that tells it apart, the object most entities share ("singer" before "dancer");
  // relation kNone when none tells it apart (or the name is its own).
  Qualifier qualifier(EntityId e) const;
  // "A Star Is Born (1937)"; the plain name when it is the entity's own or nothing tells
  // it apart.
  std::string name(EntityId e) const;
  // Whether `facts` state the qualifier's own fact ("Paris lies in France" for "Paris
  // (France)"): a text that states it tells the entity apart, and the qualifier would only
  // repeat it (issue 40). G never states it (answerability.h); a citation whose answer
  // writes the qualifier never does either (the builder rejects such drafts for every label:
  // a reader takes the qualifier as a claim).
  bool states_qualifier(EntityId e, std::span<const Triple> facts) const;
  // The name a text stating `facts` gives it: plain where a fact links it with its
  // qualifier's value ("Tripoli is the capital of Libya") and none names a namesake, else
  // name(e).
  std::string plain_name(EntityId e, std::span<const Triple> facts) const;
  // The answers a statement of `facts` names plainly (plain_name).
  std::vector<EntityId> plain_answers(std::span<const EntityId> answers, std::span<const Triple> facts) const;
  // `text` with those answers' qualified names made plain.
  std::string with_plain_answers(std::string text, std::span<const EntityId> answers,
                                 std::span<const Triple> facts) const;
  // `text` with the qualified names of `entities` made plain in each sentence that names
  // the qualifier's value outside a qualifier (caqa/verbalize/qualifiers.h): "Eddie
  // Redmayne, a citizen of the United Kingdom, was born in London" (issue 40).
  std::string plain_where_told(std::string text, std::span<const EntityId> entities) const;
  // The same for the entities of `facts` (a question's or an answer's: those of G).
  std::string plain_where_told(std::string text, std::span<const Triple> facts) const;
  // The qualified name as a writer puts it (qualifiers.tsv's third column: "the {value} film
  // {name}" -> "the 1933 film King Kong", "the {value} {name}" -> "the composer John
  // Williams"); name(e) where the table gives no form. `lead`, when given, gets the form's
  // words before the name without the value ("the film "), which a text may say already.
  std::string written_name(EntityId e, std::string* lead = nullptr) const;
  // A finished text's names: plain where told (plain_where_told), the rest in the writer's
  // form (issue 40: "a qualifier in the form a writer would use").
  std::string as_written(std::string text, std::span<const EntityId> entities) const;
  std::string as_written(std::string text, std::span<const Triple> facts) const;

 private:
  static std::vector<EntityId> entities_of(std::span<const Triple> facts);
  // name() and written_name() with the qualifier already found.
  std::string name(EntityId e, const Qualifier& q) const;
  std::string written_name(EntityId e, const Qualifier& q, std::string* lead) const;
  const KnowledgeGraph& kg_;
  const RelationProfile& profile_;
  std::unordered_map<TypeId, std::vector<RelationId>> preferences_;
  std::map<std::pair<TypeId, RelationId>, std::string> forms_;  // type kNone: any type
};

// Named as it is: no qualifier and no other entity of its name (`names` may be null: no
// qualifiers). The later levels name only such entities: "the 1976 film King Kong" would
// give a compared year away.
bool plainly_named(const KnowledgeGraph& kg, const DisplayNames* names, EntityId e);

}  // namespace caqa::kg
