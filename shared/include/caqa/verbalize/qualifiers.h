// A qualifier a sentence already says (issue 40): "Eddie Redmayne, a citizen of the United
// Kingdom, was born in London (United Kingdom)" names the United Kingdom twice, and "Tripoli
// (Libya) is the capital of Libya" tells Tripoli apart with its own fact. Where a sentence
// names a qualifier's value outside a qualifier, that sentence tells the entity apart and
// names it plainly. Strings only: the KG side (which entity, which value) is DisplayNames'.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace caqa::verbalize {

// "London (United Kingdom)" as {"London", "United Kingdom"}; nullopt for a name without a
// qualifier at its end.
std::optional<std::pair<std::string_view, std::string_view>> split_qualified(std::string_view name);

// Whether a sentence of `text` names `plain` (not followed by its qualifier) and `value` as a
// word outside parentheses.
bool told_in_a_sentence(std::string_view text, std::string_view plain, std::string_view value);

// `text` with `qualified` ("plain (value)") made `plain` in each sentence that names `value`
// outside a qualifier, unless `namesake` and the sentence names `plain` a second time.
std::string plain_where_told(std::string text, std::string_view qualified, std::string_view plain,
                             std::string_view value, bool namesake);

// `text` with each `qualified` ("King Kong (1933)") in a writer's form `written` ("the 1933
// film King Kong"), upper-cased at a sentence's start. Where the text already says the
// form's words around the name ("the film King Kong (1933)"), they are said once ("the 1933
// film King Kong"): `lead` is the form before the name without the value ("the film ").
std::string in_writers_form(std::string text, std::string_view qualified, std::string_view written,
                            std::string_view lead);

// The qualifiers of `text` ("(1960)") whose sentence names their value outside
// parentheses as well ("The Magnificent Seven (1960) came out in 1960"): lint's
// restated_qualifier.
std::size_t restated_qualifiers(std::string_view text);

}  // namespace caqa::verbalize
