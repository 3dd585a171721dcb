#include "caqa/vocab/vocabulary.h"

#include <nlohmann/json.hpp>

#include "caqa/complexity.h"
#include "caqa/metrics/measure.h"
#include "caqa/vocab/label_scheme.h"

namespace caqa {

std::string vocabulary_json() {
  using Json = nlohmann::ordered_json;
  Json schemes = Json::array();
  for (const LabelScheme* s : label_schemes()) {
    Json classes = Json::array();
    for (int i = 0; i < s->size(); ++i) classes.push_back({{"name", s->classes[i]}, {"header", s->short_names[i]}});
    schemes.push_back({{"name", s->name}, {"description", s->description}, {"classes", classes}});
  }
  Json levels = Json::array();
  for (Complexity c : kComplexities) levels.push_back({{"name", complexity_name(c)}, {"header", complexity_title(c)}});
  Json all = Json::array();
  for (const Measure& m : measures())
    all.push_back({{"name", m.name},
                   {"title", m.title},
                   {"definition", m.definition},
                   {"interval", m.interval},
                   {"in_table", m.in_table}});
  return Json{{"schemes", schemes}, {"levels", levels}, {"measures", all}}.dump(2);
}

}  // namespace caqa
