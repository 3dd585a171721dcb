// caqa-explorer: the native entry (GLFW + OpenGL3). Reads the files, then draws the
// shared panels each frame (shared/viewer); wasm/explorer_main.cpp is its browser twin.
//   caqa-explorer BENCH.jsonl PRED_A [PRED_B] [--frames N] [--screenshot OUT.png]
//                 [--size WxH] [--select-cell GOLD,OUTCOME] [--search TEXT]
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#define GL_SILENCE_DEPRECATION
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>
#include <stb/stb_image_write.h>

#include "caqa/viewer/panels.h"

namespace {

bool read_file(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::stringstream ss;
  ss << in.rdbuf();
  out = ss.str();
  return true;
}

int usage() {
  std::fprintf(stderr,
               "usage: caqa-explorer BENCH.jsonl PRED_A [PRED_B] [--frames N] [--screenshot OUT.png]\n"
               "                     [--size WxH] [--select-cell GOLD,OUTCOME] [--search TEXT]\n"
               "  --frames N         draw N frames, print the mean frame time, exit\n"
               "  --screenshot FILE  after the last frame, save the window as PNG\n"
               "  --select-cell G,O  start with heatmap cell G (gold 0..3), O (outcome 0..5) selected\n");
  return 2;
}

bool save_png(const char* path, int w, int h) {
  std::vector<unsigned char> pixels(static_cast<std::size_t>(w) * h * 4);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_BACK);
  glReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, pixels.data());
  stbi_flip_vertically_on_write(1);
  return stbi_write_png(path, w, h, 4, pixels.data(), w * 4) != 0;
}

}  // namespace

int main(int argc, char** argv) {
  std::vector<std::string> files;
  long frames = 0;
  std::string screenshot, search;
  int width = 1600, height = 1000, cell_gold = -1, cell_outcome = -1;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> const char* { return i + 1 < argc ? argv[++i] : nullptr; };
    if (a == "--frames") {
      const char* v = value();
      if (!v) return usage();
      frames = std::atol(v);
    } else if (a == "--screenshot") {
      const char* v = value();
      if (!v) return usage();
      screenshot = v;
    } else if (a == "--search") {
      const char* v = value();
      if (!v) return usage();
      search = v;
    } else if (a == "--size") {
      const char* v = value();
      if (!v || std::sscanf(v, "%dx%d", &width, &height) != 2) return usage();
    } else if (a == "--select-cell") {
      const char* v = value();
      if (!v || std::sscanf(v, "%d,%d", &cell_gold, &cell_outcome) != 2) return usage();
    } else if (a == "-h" || a == "--help") {
      usage();
      return 0;
    } else if (!a.empty() && a[0] == '-')
      return usage();
    else
      files.push_back(a);
  }
  if (files.size() < 2 || files.size() > 3) return usage();

  caqa::viewer::ViewerState state;
  caqa::viewer::ExplorerUi ui;
  auto t_load = std::chrono::steady_clock::now();
  for (std::size_t i = 0; i < files.size(); ++i) {
    std::string text;
    if (!read_file(files[i], text)) {
      std::fprintf(stderr, "caqa-explorer: cannot read %s\n", files[i].c_str());
      return 2;
    }
    auto err = i == 0 ? state.load_benchmark(files[i], text) : state.add_submission(files[i], text);
    if (err) {
      std::fprintf(stderr, "%s\n", err->message.c_str());
      if (i == 0) return 2;
      ui.status = err->message;
    }
  }
  std::fprintf(stderr, "caqa-explorer: loaded %zu samples, %zu prediction file(s) in %.0f ms\n", state.gold().size(),
               state.submissions().size(),
               std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t_load).count());
  if (cell_gold >= 0) state.select_cell(cell_gold, cell_outcome);
  if (!search.empty()) {
    ui.search = search;
    auto f = state.filters();
    f.text = search;
    state.set_filters(f);
  }
  if (!state.visible().empty()) state.select_sample(state.visible().front());

  glfwSetErrorCallback([](int code, const char* what) { std::fprintf(stderr, "glfw error %d: %s\n", code, what); });
  if (!glfwInit()) return 1;
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  GLFWwindow* window = glfwCreateWindow(width, height, "caqa explorer", nullptr, nullptr);
  if (!window) {
    glfwTerminate();
    return 1;
  }
  glfwMakeContextCurrent(window);
  glfwSwapInterval(frames > 0 ? 0 : 1);  // timed runs: no vsync
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;
  ImGui::StyleColorsDark();
  ImGui_ImplGlfw_InitForOpenGL(window, true);
  ImGui_ImplOpenGL3_Init("#version 130");

  double total_ms = 0, ui_ms = 0;
  long drawn = 0;
  int rc = 0;
  while (!glfwWindowShouldClose(window)) {
    auto t0 = std::chrono::steady_clock::now();
    glfwPollEvents();
    ImGui_ImplOpenGL3_NewFrame();
    ImGui_ImplGlfw_NewFrame();
    ImGui::NewFrame();
    auto t_ui = std::chrono::steady_clock::now();
    caqa::viewer::draw_explorer(state, ui);
    ImGui::Render();
    double frame_ui_ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t_ui).count();
    int fw, fh;
    glfwGetFramebufferSize(window, &fw, &fh);
    glViewport(0, 0, fw, fh);
    glClearColor(0.1f, 0.1f, 0.12f, 1);
    glClear(GL_COLOR_BUFFER_BIT);
    ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
    ++drawn;
    const bool last = frames > 0 && drawn >= frames;
    if (last && !screenshot.empty()) {
      glFinish();
      if (!save_png(screenshot.c_str(), fw, fh)) {
        std::fprintf(stderr, "caqa-explorer: cannot write %s\n", screenshot.c_str());
        rc = 1;
      }
    }
    glfwSwapBuffers(window);
    // The first frames build the font atlas and fill the list; time the rest.
    if (drawn > 2) ui_ms += frame_ui_ms;
    if (drawn > 2) total_ms += std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
    if (last) break;
  }
  if (frames > 0)
    std::printf(
        "caqa-explorer: %ld frames, mean frame time %.2f ms (panels %.2f ms, the rest GL + swap; frames 3..%ld), "
        "%zu samples, %zu listed\n",
        drawn, drawn > 2 ? total_ms / double(drawn - 2) : 0.0, drawn > 2 ? ui_ms / double(drawn - 2) : 0.0, drawn,
        state.gold().size(), state.visible().size());
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(window);
  glfwTerminate();
  return rc;
}
