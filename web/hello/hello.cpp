// A bare Dear ImGui page built with the app's flags: the baseline that scripts/bench compares against.
// It redraws continuously, as the stock ImGui Emscripten example does.
#include <GLES3/gl3.h>
#include <GLFW/glfw3.h>
#include <emscripten.h>

#include "imgui.h"
#include "imgui_impl_glfw.h"
#include "imgui_impl_opengl3.h"

static GLFWwindow* g_window = nullptr;
static int g_frames = 0;

extern "C" EMSCRIPTEN_KEEPALIVE int gw_hello_frames() { return g_frames; }

static void frame() {
  // The canvas follows the window (glfwSetWindowSize would ask for fullscreen at screen size).
  const int w = EM_ASM_INT({ var c = Module['canvas']; if (c.width !== innerWidth) c.width = innerWidth; return c.width; });
  const int h = EM_ASM_INT({ var c = Module['canvas']; if (c.height !== innerHeight) c.height = innerHeight; return c.height; });
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  ImGui::GetIO().DisplaySize = ImVec2(static_cast<float>(w), static_cast<float>(h));
  ImGui::NewFrame();
  ImGui::Begin("Hello");
  ImGui::Text("Hello, world!");
  ImGui::End();
  ImGui::Render();
  glViewport(0, 0, w, h);
  glClearColor(0.09f, 0.09f, 0.11f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  if (++g_frames == 1) EM_ASM({ if (Module['gwFirstFrame']) Module['gwFirstFrame'](); });
}

int main() {
  if (!glfwInit()) return 1;
  glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  g_window = glfwCreateWindow(800, 600, "hello", nullptr, nullptr);
  if (!g_window) return 1;
  glfwMakeContextCurrent(g_window);
  ImGui::CreateContext();
  ImGui::GetIO().IniFilename = nullptr;
  ImGui::StyleColorsDark();
  ImGui_ImplGlfw_InitForOpenGL(g_window, true);
  ImGui_ImplOpenGL3_Init("#version 300 es");
  emscripten_set_main_loop(frame, 0, false);
  return 0;
}
