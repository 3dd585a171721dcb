// The registered measures (metrics/measure.h) of each submission, bar charts from the
// core's ScoreReport: F1 per class and micro-F1 per complexity,
// one bar per submission with its bootstrap CI, and the paired difference A - B.
#include <cmath>
#include <cstdio>

#include <imgui.h>

#include "caqa/report.h"
#include "caqa/viewer/panels.h"

namespace caqa::viewer {

namespace {

const ImU32 kBarColor[2] = {IM_COL32(70, 140, 230, 255), IM_COL32(240, 160, 50, 255)};

struct Bar {
  double value;
  std::optional<Interval> ci;
};

// groups x submissions bars on a 0..1 axis.
void bar_chart(const char* id, const std::vector<std::string>& groups, const std::vector<std::vector<Bar>>& bars) {
  const float height = 120, group_w = 86, bar_w = 26, left = 30;
  ImDrawList* dl = ImGui::GetWindowDrawList();
  ImVec2 o = ImGui::GetCursorScreenPos();
  ImGui::Dummy(ImVec2(left + group_w * groups.size(), height + 20));
  const ImU32 text = ImGui::GetColorU32(ImGuiCol_Text), grid = ImGui::GetColorU32(ImGuiCol_Border);
  for (int t = 0; t <= 4; ++t) {
    float y = o.y + height - height * t / 4.0f;
    dl->AddLine(ImVec2(o.x + left, y), ImVec2(o.x + left + group_w * groups.size(), y), grid);
    char label[16];
    std::snprintf(label, sizeof label, "%.2g", t / 4.0);
    dl->AddText(ImVec2(o.x, y - 7), text, label);
  }
  for (std::size_t gi = 0; gi < groups.size(); ++gi) {
    float gx = o.x + left + group_w * gi + 8;
    for (std::size_t s = 0; s < bars.size(); ++s) {
      const Bar& b = bars[s][gi];
      float x = gx + bar_w * s;
      if (std::isnan(b.value)) {
        dl->AddText(ImVec2(x + 4, o.y + height - 16), text, "-");
        continue;
      }
      float y = o.y + height - height * static_cast<float>(b.value);
      dl->AddRectFilled(ImVec2(x, y), ImVec2(x + bar_w - 4, o.y + height), kBarColor[s]);
      if (b.ci) {
        float lo = o.y + height - height * static_cast<float>(b.ci->low);
        float hi = o.y + height - height * static_cast<float>(b.ci->high);
        float cx = x + (bar_w - 4) / 2;
        dl->AddLine(ImVec2(cx, lo), ImVec2(cx, hi), IM_COL32(20, 20, 20, 255), 2);
        dl->AddLine(ImVec2(cx - 4, lo), ImVec2(cx + 4, lo), IM_COL32(20, 20, 20, 255), 2);
        dl->AddLine(ImVec2(cx - 4, hi), ImVec2(cx + 4, hi), IM_COL32(20, 20, 20, 255), 2);
      }
      ImGui::SetCursorScreenPos(ImVec2(x, o.y));
      ImGui::PushID(id);
      ImGui::PushID(static_cast<int>(gi * 2 + s));
      ImGui::InvisibleButton("bar", ImVec2(bar_w - 4, height));
      if (ImGui::IsItemHovered()) {
        if (b.ci)
          ImGui::SetTooltip("%s: %s [%s, %s]", groups[gi].c_str(), format_metric(b.value).c_str(),
                            format_metric(b.ci->low).c_str(), format_metric(b.ci->high).c_str());
        else
          ImGui::SetTooltip("%s: %s", groups[gi].c_str(), format_metric(b.value).c_str());
      }
      ImGui::PopID();
      ImGui::PopID();
    }
    dl->AddText(ImVec2(gx, o.y + height + 3), text, groups[gi].c_str());
  }
  ImGui::SetCursorScreenPos(ImVec2(o.x, o.y + height + 22));
}

}  // namespace

void draw_metrics_panel(const ViewerState& state) {
  const auto& subs = state.submissions();
  if (subs.empty()) return;
  // One row per submission, one column per measure of the summary table (value over its CI).
  const auto all = measures();
  std::vector<std::size_t> shown;
  for (std::size_t m = 0; m < all.size(); ++m)
    if (all[m].in_table) shown.push_back(m);
  if (ImGui::BeginTable("measures", static_cast<int>(shown.size()) + 1,
                        ImGuiTableFlags_Borders | ImGuiTableFlags_SizingFixedFit)) {
    ImGui::TableSetupColumn("predictions");
    for (std::size_t m : shown) ImGui::TableSetupColumn(std::string(all[m].title).c_str());
    ImGui::TableHeadersRow();
    for (std::size_t s = 0; s < subs.size(); ++s) {
      const ScoreReport& r = subs[s].report();
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      const std::string& path = subs[s].name;  // the file name only: the heatmap's title has the path
      ImGui::TextColored(ImGui::ColorConvertU32ToFloat4(kBarColor[s]), "%c %s", s == 0 ? 'A' : 'B',
                         path.substr(path.find_last_of('/') + 1).c_str());
      for (std::size_t m : shown) {
        ImGui::TableNextColumn();
        ImGui::Text("%s", format_metric(r.classification.values[m]).c_str());
        if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", std::string(all[m].definition).c_str());
        if (r.intervals && all[m].interval)
          ImGui::TextDisabled("[%s, %s]", format_metric(r.intervals->measures[m].low).c_str(),
                              format_metric(r.intervals->measures[m].high).c_str());
      }
    }
    ImGui::EndTable();
  }
  const LabelScheme& scheme = state.gold().scheme();
  std::vector<std::string> labels(scheme.short_names.begin(), scheme.short_names.end());
  const std::vector<Complexity> level_set = subs.empty() ? ScoreReport{}.levels : subs.front().report().levels;
  std::vector<std::string> levels;
  for (Complexity c : level_set) levels.emplace_back(complexity_title(c));
  std::vector<std::vector<Bar>> label_bars, level_bars;
  for (const auto& sub : subs) {
    const auto& r = sub.report();
    std::vector<Bar> lb, cb;
    for (int i = 0; i < scheme.size(); ++i)
      lb.push_back({r.classification.per_label[i].f1,
                    r.intervals ? std::optional<Interval>(r.intervals->label_f1[i]) : std::nullopt});
    for (Complexity c : level_set)
      cb.push_back(
          {r.classification.complexity_micro_f1[index_of(c)],
           r.intervals ? std::optional<Interval>(r.intervals->complexity_micro_f1[index_of(c)]) : std::nullopt});
    label_bars.push_back(std::move(lb));
    level_bars.push_back(std::move(cb));
  }
  ImGui::TextUnformatted("F1 per label");
  bar_chart("labels", labels, label_bars);
  if (state.gold().has_complexity()) {
    ImGui::TextUnformatted("micro-F1 per complexity");
    bar_chart("levels", levels, level_bars);
  } else {
    ImGui::TextDisabled("micro-F1 per complexity: not in this benchmark");
  }

  if (state.paired().empty()) return;
  ImGui::TextUnformatted("Paired difference A - B (paired bootstrap, approximate randomization)");
  if (ImGui::BeginTable("paired", 5,
                        ImGuiTableFlags_Borders | ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit)) {
    const std::string ci = ci_title(state.request().bootstrap.level);
    for (const char* h : {"metric", "A - B", ci.c_str(), "p boot", "p rand"}) ImGui::TableSetupColumn(h);
    ImGui::TableHeadersRow();
    for (const PairedRow& row : state.paired()) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(row.metric.name(scheme).c_str());
      ImGui::TableNextColumn();
      ImGui::Text("%+.4f", row.result.difference);
      ImGui::TableNextColumn();
      ImGui::Text("[%+.4f, %+.4f]", row.result.difference_ci.low, row.result.difference_ci.high);
      ImGui::TableNextColumn();
      ImGui::Text("%.4f", row.result.p_bootstrap);
      ImGui::TableNextColumn();
      ImGui::Text("%.4f", row.result.p_randomization);
    }
    ImGui::EndTable();
  }
}

}  // namespace caqa::viewer
