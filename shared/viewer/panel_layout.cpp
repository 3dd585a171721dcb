// The explorer's one window: header, then the heatmap and charts on the left and
// the sample list over the selected sample on the right.
#include <imgui.h>

#include "caqa/viewer/panels.h"

namespace caqa::viewer {

void draw_header(ViewerState& state, ExplorerUi& ui) {
  ImGui::Text("benchmark %s: %zu samples (%zu with text)", state.gold_name().c_str(), state.gold().size(),
              state.texts_found());
  if (state.submissions().size() == 2) {
    ImGui::SameLine();
    int active = state.active();
    ImGui::TextUnformatted("  heatmap of:");
    ImGui::SameLine();
    if (ImGui::RadioButton("A", active == 0)) state.set_active(0);
    ImGui::SameLine();
    if (ImGui::RadioButton("B", active == 1)) state.set_active(1);
  }
  if (!ui.status.empty()) ImGui::TextColored(ImVec4(1, 0.4f, 0.4f, 1), "%s", ui.status.c_str());
}

void draw_explorer(ViewerState& state, ExplorerUi& ui) {
  const ImGuiViewport* vp = ImGui::GetMainViewport();
  ImGui::SetNextWindowPos(vp->WorkPos);
  ImGui::SetNextWindowSize(vp->WorkSize);
  ImGui::Begin("caqa explorer", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoSavedSettings |
                   ImGuiWindowFlags_NoBringToFrontOnFocus);
  draw_header(state, ui);
  ImGui::Separator();
  const float left_w = 500;
  ImGui::BeginChild("left", ImVec2(left_w, 0), false);
  draw_confusion_panel(state, ui);
  ImGui::Separator();
  draw_metrics_panel(state);
  ImGui::EndChild();
  ImGui::SameLine();
  ImGui::BeginGroup();
  const float avail = ImGui::GetContentRegionAvail().y;
  ImGui::BeginChild("list", ImVec2(0, avail * 0.55f), true);
  draw_sample_list_panel(state, ui);
  ImGui::EndChild();
  ImGui::BeginChild("detail", ImVec2(0, 0), true);
  draw_sample_detail_panel(state);
  ImGui::EndChild();
  ImGui::EndGroup();
  ImGui::End();
}

}  // namespace caqa::viewer
