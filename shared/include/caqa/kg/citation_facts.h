// Artifact controls (docs/benchmark.md, "Artifact controls"). Left alone, a citation is
// exactly its label's edited subgraph, so its length, its sentence count and whether it
// names the answer give the label away. Every citation of one question is therefore
// padded to the same number of facts with facts from the KG around the question that
// change nothing:
//  - neutral facts: triples about the question's entities, its answers and G's entities
//    whose relation the query does not use, so no pattern can match them and the
//    label's re-derivation is unchanged by construction;
//  - decoys: facts that use one of the query's relations about an entity of G but are
//    not in G ("Spielberg directed E.T." for "Who directed Jaws?"), kept only when the
//    query derives the same answers with them as without.
//    Each query relation a label's subgraph does not state gets a decoy (an irrelevant
//    citation states none, a partially supportive one lacks what its edit dropped), so
//    every citation names what the question asks about; and up to two more (a decoy
//    repeats the question's words, a neutral fact brings new ones: drafts that differ in
//    their mix let the builder match citations on those cues, caqa/kg/citation_drafts.h).
//  - then one neutral fact (else a decoy) about each answer and question entity not
//    mentioned yet (a contradictory or irrelevant citation then names the true answer in
//    another role, a partially supportive one the entity its dropped triple held).
// The facts are shuffled, so their order says nothing either.
#pragma once

#include <map>
#include <vector>

#include "caqa/kg/implied_facts.h"
#include "caqa/kg/relation_profile.h"
#include "caqa/kg/subgraph_edit.h"

namespace caqa::kg {

class CitationFacts {
 public:
  // A decoy never gives the subject of a fact of G another object of that fact's relation
  // ("Michael Fassbender holds citizenship of Ireland" beside "... Germany, which Michael
  // Fassbender is a citizen of" reads as a contradiction, dual citizens or not), nor its
  // object another subject along a link that mostly holds once (kNearFunctionalShare of
  // its subjects); a fact and its mirror image are never stated twice.
  static constexpr double kNearFunctionalShare = 0.8;
  // `unsaid`: relations never said in a text (Verbalizer::unsaid), left out of the padding.
  // `implied`: what a reader infers from a fact (implied_facts.h); padding never says what
  // another fact of the citation says already ("Havana, which is the capital of Cuba, lies
  // in Cuba").
  CitationFacts(const ExtendedQuery& query, const Attribution& g, const KnowledgeGraph& kg,
                const RelationProfile& profile, const std::vector<bool>& unsaid = {},
                const ImpliedFacts* implied = nullptr);

  // `core` (a label's subgraph) padded to `size` facts, shuffled; `extra_decoys` asks for
  // that many more decoys than the relations missing from `core` call for, `stray` is the
  // chance that a padding fact is about an entity one ring beyond the question's.
  std::vector<Triple> compose(const std::vector<Triple>& core, std::size_t size, int extra_decoys, double stray,
                              Rng& rng) const;
  // Whether every entity the answer names has a fact other than G's to be named by: if
  // not, only the citations that state G's fact would name it, and its presence would
  // give the label away.
  bool can_name_all() const;
  // How many facts `core` needs beyond its own to name every entity the answer names.
  std::size_t unnamed(const std::vector<Triple>& core) const;

 private:
  const ExtendedQuery& query_;
  const RelationProfile& profile_;
  const ImpliedFacts* implied_;
  std::vector<Triple> supportive_;  // G
  // What a citation's facts and G say, with what they imply (found once, asked of many
  // candidates).
  struct Said {
    std::vector<Triple> told, implied;
  };
  Said said_by(const std::vector<Triple>& facts) const;
  // `t` says what was said already, or implies one of those facts.
  bool restates(const Said& said, const Triple& t) const;
  // The fact or its mirror image (a symmetric relation) is among `facts`.
  bool states(const std::vector<Triple>& facts, const Triple& t) const;
  std::vector<EntityId> mention_;                         // answers, then question and G entities
  std::map<EntityId, std::vector<Triple>> neutral_by_;    // neutral facts about each entity
  std::vector<EntityId> around_;                          // entities with neutral facts
  std::vector<EntityId> beyond_;                          // the same, one ring further out
  std::map<RelationId, std::vector<Triple>> decoys_;      // by the query relation they use
  std::map<EntityId, std::vector<Triple>> decoys_about_;  // the same decoys, by each end

  // Adds one of `candidates` that leaves the derived answers as they are; false when none does.
  bool add_decoy(std::vector<Triple>& facts, const std::vector<Triple>& candidates, Rng& rng) const;
};

}  // namespace caqa::kg
