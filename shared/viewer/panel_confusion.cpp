// Confusion heatmap: gold class rows x outcome columns (the scheme's classes, missing,
// unparseable) of the active submission, counts or row-normalised; a click on a
// cell filters the sample list to that cell.
#include <cstdio>
#include <string>
#include <vector>

#include <imgui.h>

#include "caqa/metrics/confusion.h"
#include "caqa/viewer/panels.h"

namespace caqa::viewer {

void draw_confusion_panel(ViewerState& state, ExplorerUi& ui) {
  if (state.submissions().empty()) {
    ImGui::TextDisabled("No prediction file loaded.");
    return;
  }
  const Submission& s = state.submissions()[state.active()];
  ImGui::Text("Confusion matrix: %s", s.name.c_str());
  ImGui::SameLine();
  ImGui::Checkbox("row-normalised", &ui.row_normalised);
  const auto m = s.report().confusion.overall();
  const LabelScheme& scheme = state.gold().scheme();
  const int classes = scheme.size(), outcomes = state.outcome_count();
  std::vector<std::string> heads(scheme.short_names.begin(), scheme.short_names.end());
  heads.insert(heads.end(), {"missing", "unparse."});

  const float label_w = 70, cell_w = 64, cell_h = 30;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImVec2 origin = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(label_w + cell_w * outcomes, cell_h * (classes + 1) + 4));
  for (int o = 0; o < outcomes; ++o)
    dl->AddText(ImVec2(origin.x + label_w + o * cell_w + 4, origin.y + 8), ImGui::GetColorU32(ImGuiCol_Text),
                heads[o].c_str());
  const Filters& f = state.filters();
  for (int gl = 0; gl < classes; ++gl) {
    std::uint64_t row_total = 0;
    for (int o = 0; o < outcomes; ++o) row_total += m[gl][o];
    float y = origin.y + cell_h * (gl + 1);
    dl->AddText(ImVec2(origin.x + 2, y + 8), ImGui::GetColorU32(ImGuiCol_Text), heads[gl].c_str());
    for (int o = 0; o < outcomes; ++o) {
      double share = row_total ? double(m[gl][o]) / double(row_total) : 0.0;
      ImVec2 a(origin.x + label_w + o * cell_w, y), b(a.x + cell_w - 2, y + cell_h - 2);
      // Diagonal in blue, errors in red; intensity = row share.
      ImVec4 c = o == gl ? ImVec4(0.15f, 0.35f + 0.5f * float(share), 0.9f, 0.25f + 0.75f * float(share))
                         : ImVec4(0.9f, 0.25f, 0.2f, 0.1f + 0.9f * float(share));
      dl->AddRectFilled(a, b, ImGui::GetColorU32(c));
      bool selected = f.gold_label == gl && f.outcome == o;
      if (selected) dl->AddRect(a, b, IM_COL32(255, 255, 0, 255), 0, 0, 2.5f);
      char text[32];
      if (ui.row_normalised)
        std::snprintf(text, sizeof text, "%.3f", share);
      else
        std::snprintf(text, sizeof text, "%llu", static_cast<unsigned long long>(m[gl][o]));
      dl->AddText(ImVec2(a.x + 4, a.y + 7), IM_COL32(255, 255, 255, 255), text);
      ImGui::SetCursorScreenPos(a);
      ImGui::PushID(gl * outcomes + o);
      if (ImGui::InvisibleButton("cell", ImVec2(cell_w - 2, cell_h - 2))) {
        if (selected) {
          Filters cleared = f;
          cleared.gold_label = cleared.outcome = -1;
          state.set_filters(cleared);
        } else {
          state.select_cell(gl, o);
        }
      }
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip("gold %s, predicted %s: %llu samples (%.1f%% of the row)\nclick to list them",
                          std::string(state.outcome_name(gl)).c_str(), std::string(state.outcome_name(o)).c_str(),
                          static_cast<unsigned long long>(m[gl][o]), 100.0 * share);
      ImGui::PopID();
    }
  }
  ImGui::SetCursorScreenPos(ImVec2(origin.x, origin.y + cell_h * (classes + 1) + 6));
  const auto& c = s.report().counts;
  ImGui::Text("n %llu | missing %llu | unparseable %llu | invalid label %llu",
              static_cast<unsigned long long>(s.report().classification.n), static_cast<unsigned long long>(c.missing),
              static_cast<unsigned long long>(c.unparseable), static_cast<unsigned long long>(c.invalid_label));
}

}  // namespace caqa::viewer
