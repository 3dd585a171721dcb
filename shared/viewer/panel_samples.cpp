// Sample browser: filters, a virtualised list (ImGuiListClipper, so 24,000 rows cost
// only the visible ones) and the selected sample's text with the words shared by
// answer and citation highlighted.
#include <imgui.h>
#include <imgui_stdlib.h>

#include "caqa/viewer/highlight.h"
#include "caqa/viewer/panels.h"

namespace caqa::viewer {

namespace {

// ImGui::Combo items: "any", then the names, each ended by a NUL (std::string adds the last one).
std::string combo_items(const std::vector<std::string_view>& names) {
  std::string items("any");
  items += '\0';
  for (auto n : names) (items += n) += '\0';
  return items;
}
const char* kAgreementItems = "any\0both correct\0only A correct\0only B correct\0both wrong\0";

ImVec4 outcome_color(int outcome, int gold, int classes) {
  if (outcome == gold) return ImVec4(0.45f, 0.85f, 0.45f, 1);
  if (outcome >= classes) return ImVec4(0.6f, 0.6f, 0.6f, 1);
  return ImVec4(0.95f, 0.45f, 0.4f, 1);
}

// Word-wrapped text; spans get a highlight background. Breaks only at spaces.
void highlighted_text(std::string_view text, const std::vector<Span>& spans) {
  const float wrap = ImGui::GetContentRegionAvail().x;
  const float space = ImGui::CalcTextSize(" ").x, line_h = ImGui::GetTextLineHeight();
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImVec2 start = ImGui::GetCursorScreenPos(), pos = start;
  std::size_t next_span = 0, i = 0;
  while (i < text.size()) {
    if (text[i] == ' ' || text[i] == '\n') {
      if (text[i] == '\n')
        pos = ImVec2(start.x, pos.y + line_h);
      else
        pos.x += space;
      ++i;
      continue;
    }
    std::size_t j = text.find_first_of(" \n", i);
    if (j == std::string_view::npos) j = text.size();
    std::string_view word = text.substr(i, j - i);
    float w = ImGui::CalcTextSize(word.data(), word.data() + word.size()).x;
    if (pos.x > start.x && pos.x + w > start.x + wrap) pos = ImVec2(start.x, pos.y + line_h);
    // Piecewise: highlighted parts of this word get a background.
    float x = pos.x;
    std::size_t k = i;
    while (k < j) {
      while (next_span < spans.size() && spans[next_span].end <= k) ++next_span;
      bool in = next_span < spans.size() && spans[next_span].begin <= k;
      std::size_t stop =
          in ? std::min(j, spans[next_span].end) : (next_span < spans.size() ? std::min(j, spans[next_span].begin) : j);
      const char* b = text.data() + k;
      const char* e = text.data() + stop;
      float pw = ImGui::CalcTextSize(b, e).x;
      if (in)
        dl->AddRectFilled(ImVec2(x - 1, pos.y), ImVec2(x + pw + 1, pos.y + line_h), IM_COL32(200, 160, 0, 150), 2);
      dl->AddText(ImVec2(x, pos.y), ImGui::GetColorU32(ImGuiCol_Text), b, e);
      x += pw;
      k = stop;
    }
    pos.x += w;
    i = j;
  }
  ImGui::Dummy(ImVec2(wrap, pos.y - start.y + line_h));
}

}  // namespace

void draw_sample_list_panel(ViewerState& state, ExplorerUi& ui) {
  Filters f = state.filters();
  const bool two = state.submissions().size() == 2;
  ImGui::PushItemWidth(130);
  int gold = f.gold_label + 1, outcome = f.outcome + 1, agree = static_cast<int>(f.agreement);
  int level = 0;
  for (int i = 0; i < kComplexityCount; ++i)
    if (f.complexity == index_of(kComplexities[i])) level = i + 1;
  const auto& classes = state.gold().scheme().classes;
  std::vector<std::string_view> outcomes(classes);
  outcomes.insert(outcomes.end(), {"missing", "unparseable"});
  std::vector<std::string_view> levels;
  for (Complexity c : kComplexities) levels.push_back(complexity_name(c));
  if (ImGui::Combo("gold", &gold, combo_items(classes).c_str())) f.gold_label = gold - 1;
  ImGui::SameLine();
  if (ImGui::Combo("predicted", &outcome, combo_items(outcomes).c_str())) f.outcome = outcome - 1;
  ImGui::SameLine();
  if (ImGui::Combo("complexity", &level, combo_items(levels).c_str()))
    f.complexity = level == 0 ? -1 : index_of(kComplexities[level - 1]);
  ImGui::PopItemWidth();
  ImGui::SetNextItemWidth(300);
  if (ImGui::InputTextWithHint("##search", "search id, question, answer, citation", &ui.search)) f.text = ui.search;
  if (two) {
    ImGui::SameLine();
    ImGui::SetNextItemWidth(130);
    if (ImGui::Combo("A vs B", &agree, kAgreementItems)) f.agreement = static_cast<Agreement>(agree);
  }
  ImGui::SameLine();
  if (ImGui::Button("clear filters")) {
    f = Filters{};
    ui.search.clear();
  }
  state.set_filters(f);
  ImGui::SameLine();
  ImGui::Text("%zu of %zu samples", state.visible().size(), state.gold().size());

  const auto& visible = state.visible();
  const int columns = 4 + static_cast<int>(state.submissions().size());
  ImGuiTableFlags flags = ImGuiTableFlags_ScrollY | ImGuiTableFlags_RowBg | ImGuiTableFlags_BordersOuter |
                          ImGuiTableFlags_BordersV | ImGuiTableFlags_Resizable;
  if (ImGui::BeginTable("samples", columns, flags, ImVec2(0, ImGui::GetContentRegionAvail().y))) {
    ImGui::TableSetupScrollFreeze(0, 1);
    ImGui::TableSetupColumn("id", ImGuiTableColumnFlags_WidthFixed, 190);
    ImGui::TableSetupColumn("gold", ImGuiTableColumnFlags_WidthFixed, 140);
    for (std::size_t s = 0; s < state.submissions().size(); ++s)
      ImGui::TableSetupColumn(s == 0 ? "A predicted" : "B predicted", ImGuiTableColumnFlags_WidthFixed, 140);
    ImGui::TableSetupColumn("complexity", ImGuiTableColumnFlags_WidthFixed, 95);
    ImGui::TableSetupColumn("question", ImGuiTableColumnFlags_WidthStretch);
    ImGui::TableHeadersRow();
    ImGuiListClipper clipper;
    clipper.Begin(static_cast<int>(visible.size()));
    while (clipper.Step()) {
      for (int row = clipper.DisplayStart; row < clipper.DisplayEnd; ++row) {
        std::uint32_t g = visible[row];
        int gl = state.gold().label(g);
        ImGui::TableNextRow();
        ImGui::TableNextColumn();
        std::string_view id = state.gold().ids().id(g);
        ImGui::PushID(static_cast<int>(g));
        if (ImGui::Selectable(std::string(id).c_str(), state.selected_sample() == g,
                              ImGuiSelectableFlags_SpanAllColumns))
          state.select_sample(g);
        ImGui::PopID();
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(state.outcome_name(state.gold().label(g)).data());
        for (std::size_t s = 0; s < state.submissions().size(); ++s) {
          ImGui::TableNextColumn();
          int o = state.outcome(static_cast<int>(s), g);
          ImGui::TextColored(outcome_color(o, gl, state.gold().scheme().size()), "%s",
                             std::string(state.outcome_name(o)).c_str());
        }
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(complexity_name(state.gold().complexity(g)).data());
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(state.texts()[g].question.c_str());
      }
    }
    ImGui::EndTable();
  }
}

void draw_sample_detail_panel(const ViewerState& state) {
  std::uint32_t g = state.selected_sample();
  if (g == IdIndex::kAbsent || g >= state.gold().size()) {
    ImGui::TextDisabled("Select a sample in the list.");
    return;
  }
  const SampleText& t = state.texts()[g];
  ImGui::Text("%s  gold %s, %s", std::string(state.gold().ids().id(g)).c_str(),
              state.outcome_name(state.gold().label(g)).data(), complexity_name(state.gold().complexity(g)).data());
  for (std::size_t s = 0; s < state.submissions().size(); ++s) {
    int o = state.outcome(static_cast<int>(s), g);
    ImGui::SameLine();
    ImGui::TextColored(outcome_color(o, state.gold().label(g), state.gold().scheme().size()), "  %c: %s",
                       s == 0 ? 'A' : 'B', std::string(state.outcome_name(o)).c_str());
  }
  SharedWords shared = shared_words(t.answer, t.citation);
  ImGui::Separator();
  ImGui::TextDisabled("question");
  ImGui::TextWrapped("%s", t.question.c_str());
  ImGui::TextDisabled("answer (words shared with the citation highlighted)");
  highlighted_text(t.answer, shared.in_a);
  ImGui::TextDisabled("citation");
  highlighted_text(t.citation, shared.in_b);
  ImGui::TextDisabled("evidence triples");
  if (ImGui::BeginTable("triples", 3, ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg)) {
    for (const char* h : {"subject", "relation", "object"}) ImGui::TableSetupColumn(h);
    ImGui::TableHeadersRow();
    for (const auto& tr : t.triples) {
      ImGui::TableNextRow();
      for (const auto& part : tr) {
        ImGui::TableNextColumn();
        ImGui::TextUnformatted(part.c_str());
      }
    }
    ImGui::EndTable();
  }
}

}  // namespace caqa::viewer
