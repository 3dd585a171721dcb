// The explorer's panels: plain functions over a ViewerState that draw with Dear ImGui
// (no platform code). main_glfw.cpp and wasm/explorer_main.cpp call draw_explorer once
// per frame between ImGui::NewFrame() and ImGui::Render().
#pragma once

#include <string>

#include "caqa/viewer/viewer_state.h"

namespace caqa::viewer {

// UI-only state that the view model does not need (toggles, the search box text).
struct ExplorerUi {
  bool row_normalised = false;
  std::string search;
  std::string status;  // last load problem, shown in the header
};

void draw_explorer(ViewerState& state, ExplorerUi& ui);  // the whole window

void draw_header(ViewerState& state, ExplorerUi& ui);
void draw_confusion_panel(ViewerState& state, ExplorerUi& ui);
void draw_metrics_panel(const ViewerState& state);
void draw_sample_list_panel(ViewerState& state, ExplorerUi& ui);
void draw_sample_detail_panel(const ViewerState& state);

}  // namespace caqa::viewer
