// caqa-explorer in the browser: the twin of native/viewer/main_glfw.cpp on Emscripten's
// GLFW + WebGL2. The same panels (shared/viewer) draw every frame from
// emscripten_set_main_loop. Files come from the page's JavaScript (web/explorer.js): it
// fetches URLs next to the page or reads a file the visitor picks (it never leaves the
// browser) and passes the bytes to caqa_explorer_set(); docs/explorer.md.
#include <cstdio>
#include <string>
#include <utility>

#include <emscripten.h>
#include <emscripten/html5.h>
#define GLFW_INCLUDE_ES3
#include <GLFW/glfw3.h>
#include <imgui.h>
#include <imgui_impl_glfw.h>
#include <imgui_impl_opengl3.h>

#include "caqa/viewer/panels.h"

namespace {

struct App {
  GLFWwindow* window = nullptr;
  caqa::viewer::ViewerState state;
  caqa::viewer::ExplorerUi ui;
  std::string names[3], texts[3];  // 0 benchmark, 1 submission A, 2 submission B
  std::string message;             // what caqa_explorer_set() returns
  long frames = 0;
  int width = 0, height = 0;
};

App* app = nullptr;

// Rebuilds the view model from the files held: the benchmark, then A and B.
void reload() {
  App& a = *app;
  a.state = caqa::viewer::ViewerState();
  a.ui = caqa::viewer::ExplorerUi();
  a.message.clear();
  if (a.texts[0].empty()) {
    a.ui.status = "load a benchmark split (JSON Lines)";
    return;
  }
  if (auto err = a.state.load_benchmark(a.names[0], a.texts[0])) {
    a.message = err->message;
    a.ui.status = err->message;
    return;
  }
  for (int slot = 1; slot <= 2; ++slot) {
    if (a.names[slot].empty()) continue;
    if (auto err = a.state.add_submission(a.names[slot], a.texts[slot])) {
      if (!a.message.empty()) a.message += "\n";
      a.message += err->message;
      a.ui.status = a.message;
    }
  }
  if (!a.state.visible().empty()) a.state.select_sample(a.state.visible().front());
}

void frame() {
  App& a = *app;
  double css_w = 0, css_h = 0;
  emscripten_get_element_css_size("#canvas", &css_w, &css_h);
  int w = static_cast<int>(css_w), h = static_cast<int>(css_h);
  if (w > 0 && h > 0 && (w != a.width || h != a.height)) {
    a.width = w;
    a.height = h;
    glfwSetWindowSize(a.window, w, h);
  }
  glfwPollEvents();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGui::NewFrame();
  caqa::viewer::draw_explorer(a.state, a.ui);
  ImGui::Render();
  int fw, fh;
  glfwGetFramebufferSize(a.window, &fw, &fh);
  glViewport(0, 0, fw, fh);
  glClearColor(0.1f, 0.1f, 0.12f, 1);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  ++a.frames;
}

}  // namespace

extern "C" {

// slot 0: the benchmark (JSON Lines with text), 1: submission A, 2: submission B.
// bytes: len bytes of the file (the caller frees them). Returns "" when everything loaded,
// else the core's messages ("file:line:col: error[code]: ..."), valid until the next call.
EMSCRIPTEN_KEEPALIVE const char* caqa_explorer_set(int slot, const char* name, const char* bytes, int len) {
  if (!app || slot < 0 || slot > 2) return "caqa_explorer_set: bad slot";
  app->names[slot] = name ? name : "";
  app->texts[slot].assign(bytes ? bytes : "", bytes ? static_cast<std::size_t>(len) : 0);
  if (slot == 0 && app->names[0].empty()) app->texts[0].clear();
  reload();
  return app->message.c_str();
}

// Drops submission A or B (slot 1 or 2).
EMSCRIPTEN_KEEPALIVE void caqa_explorer_clear(int slot) {
  if (!app || slot < 1 || slot > 2) return;
  app->names[slot].clear();
  app->texts[slot].clear();
  reload();
}

EMSCRIPTEN_KEEPALIVE int caqa_explorer_frames() { return app ? static_cast<int>(app->frames) : 0; }
EMSCRIPTEN_KEEPALIVE int caqa_explorer_samples() { return app ? static_cast<int>(app->state.gold().size()) : 0; }
EMSCRIPTEN_KEEPALIVE int caqa_explorer_submissions() {
  return app ? static_cast<int>(app->state.submissions().size()) : 0;
}

}  // extern "C"

int main() {
  app = new App();
  reload();
  glfwSetErrorCallback([](int code, const char* what) { std::fprintf(stderr, "glfw error %d: %s\n", code, what); });
  if (!glfwInit()) return 1;
  glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  double css_w = 0, css_h = 0;
  emscripten_get_element_css_size("#canvas", &css_w, &css_h);
  app->width = css_w > 0 ? static_cast<int>(css_w) : 1280;
  app->height = css_h > 0 ? static_cast<int>(css_h) : 800;
  app->window = glfwCreateWindow(app->width, app->height, "caqa explorer", nullptr, nullptr);
  if (!app->window) {
    std::fprintf(stderr, "caqa-explorer: cannot create a WebGL2 context\n");
    glfwTerminate();
    return 1;
  }
  glfwMakeContextCurrent(app->window);
  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;
  ImGui::StyleColorsDark();
  ImGui_ImplGlfw_InitForOpenGL(app->window, true);
  ImGui_ImplOpenGL3_Init("#version 300 es");
  // Keep the runtime alive after main returns; the browser calls frame() each display frame.
  emscripten_set_main_loop(frame, 0, false);
  return 0;
}
