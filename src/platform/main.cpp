// The frame driver shared by the web page and the desktop window: GLFW + OpenGL (WebGL2 in the browser)
// + Dear ImGui. Frames are drawn only when something happened (input, resize, a timer, a loaded font),
// so an idle page costs nothing.
#ifdef __EMSCRIPTEN__
#include <GLES3/gl3.h>
#include <emscripten.h>
#endif
#include <GLFW/glfw3.h>

#include <algorithm>
#include <cstdio>
#include <deque>
#include <nlohmann/json.hpp>
#include <string>
#include <utility>
#include <vector>

#include "app/app.hpp"
#include "imgui.h"
#include "imgui_impl_glfw.h"
#include "imgui_impl_opengl3.h"
#include "platform/platform.hpp"
#include "platform/shell.hpp"

namespace gw::platform::shell {

namespace {

struct Shell {
  GLFWwindow* window = nullptr;
  app::AppState app;
  int frames_left = 0;
  long frames = 0;
  float scale = 0;
  int width = 0, height = 0;  // framebuffer pixels
  bool fonts_dirty = true;
  std::string cjk;  // font bytes, kept alive for the atlas
  bool cjk_in_atlas = false;
  bool cjk_failed = false;
  // Dear ImGui 1.86 reads key state once per frame, so a key pressed and released between two frames
  // (fast typing, tests) would be lost, and two presses of one key in a frame would count once. Presses
  // queue here; each frame shows at most one press per key, with an "up" frame between two presses of
  // the same key so ImGui sees each as new.
  std::deque<std::pair<int, int>> latched;  // (key, mods), in order
  std::vector<int> shown;                   // keys forced down last frame
  bool key_down[GLFW_KEY_LAST + 1] = {};
  bool shot_taken = false, shot_ok = false;  // --screenshot (desktop)
};
Shell* g = nullptr;

void on_key(GLFWwindow*, int key, int, int action, int mods) {
  if (key >= 0 && key <= GLFW_KEY_LAST) {
    g->key_down[key] = action != GLFW_RELEASE;
    // Repeats need no queue: the key is really down, and ImGui repeats held keys itself.
    if (action == GLFW_PRESS) g->latched.emplace_back(key, mods);
  }
  request_frames();
}
void on_mouse_button(GLFWwindow*, int, int, int) {
  request_frames();
}
void on_char(GLFWwindow*, unsigned int) {
  request_frames();
}
void on_focus(GLFWwindow*, int) {
  request_frames();
}
void on_enter(GLFWwindow*, int) {
  request_frames();
}
void on_cursor(GLFWwindow*, double x, double y) {
  static double last_x = -1, last_y = -1;  // synthetic moves (same spot) must not keep the page awake
  if (x == last_x && y == last_y) return;
  last_x = x;
  last_y = y;
  request_frames();
}
void on_scroll(GLFWwindow*, double dx, double dy) {
#ifdef __EMSCRIPTEN__
  // Emscripten's GLFW passes DOM wheel deltas (pixels, +down); ImGui wants notches (+up). The backend
  // already added the raw value before chaining to us: replace it.
  ImGuiIO& io = ImGui::GetIO();
  io.MouseWheel += static_cast<float>(-dy - dy / 100.0);
  io.MouseWheelH += static_cast<float>(-dx - dx / 100.0);
#else
  (void)dx;
  (void)dy;
#endif
  request_frames();
}
#ifndef __EMSCRIPTEN__
void on_resize(GLFWwindow*, int, int) {
  request_frames();
}
void on_refresh(GLFWwindow*) {
  request_frames();
}
void on_scale(GLFWwindow*, float, float) {
  request_frames();
}
#endif

void apply_latched_keys() {
  ImGuiIO& io = ImGui::GetIO();
  const std::vector<int> before = std::move(g->shown);
  g->shown.clear();
  auto pending = [&](int key) {
    for (const auto& [k, m] : g->latched)
      if (k == key) return true;
    return false;
  };
  // A key forced down last frame goes up now when another press of it waits (that press comes next
  // frame); otherwise it follows the real key.
  for (int key : before) io.KeysDown[key] = pending(key) ? false : g->key_down[key];
  bool ctrl = false, shift = false, alt = false, super = false;
  while (!g->latched.empty()) {
    const auto [key, mods] = g->latched.front();
    const bool was_shown = std::find(before.begin(), before.end(), key) != before.end();
    const bool this_frame = std::find(g->shown.begin(), g->shown.end(), key) != g->shown.end();
    if (was_shown || this_frame) break;  // keep the order: later presses wait for the next frame
    g->latched.pop_front();
    io.KeysDown[key] = true;
    ctrl |= (mods & GLFW_MOD_CONTROL) != 0;
    shift |= (mods & GLFW_MOD_SHIFT) != 0;
    alt |= (mods & GLFW_MOD_ALT) != 0;
    super |= (mods & GLFW_MOD_SUPER) != 0;
    g->shown.push_back(key);
  }
  if (!g->latched.empty()) request_frames();
  // From the keys' real state plus this frame's latched presses. OR-ing into the previous value left a
  // modifier "held" after a Ctrl+A whose Ctrl was released before the frame, and the text typed next
  // was dropped as shortcuts (the monkey test found it).
  auto down = [&](int a, int b) { return g->key_down[a] || g->key_down[b]; };
  io.KeyCtrl = ctrl || down(GLFW_KEY_LEFT_CONTROL, GLFW_KEY_RIGHT_CONTROL);
  io.KeyShift = shift || down(GLFW_KEY_LEFT_SHIFT, GLFW_KEY_RIGHT_SHIFT);
  io.KeyAlt = alt || down(GLFW_KEY_LEFT_ALT, GLFW_KEY_RIGHT_ALT);
  io.KeySuper = super || down(GLFW_KEY_LEFT_SUPER, GLFW_KEY_RIGHT_SUPER);
}

void update_size_and_scale() {
  float scale = 1;
#ifdef __EMSCRIPTEN__
  scale = web_fit_canvas(g->width, g->height);
#else
  glfwGetFramebufferSize(g->window, &g->width, &g->height);
  float sy = 1;
  glfwGetWindowContentScale(g->window, &scale, &sy);
#endif
  scale = std::clamp(scale, 0.5f, 4.0f);
  if (scale != g->scale) {
    g->scale = scale;
    g->fonts_dirty = true;
  }
  if (!g->cjk.empty() && !g->cjk_in_atlas) g->fonts_dirty = true;
  if (g->fonts_dirty) {
    build_fonts(g->scale, g->cjk);
    g->cjk_in_atlas = !g->cjk.empty();
    // The first frame's ImGui_ImplOpenGL3_NewFrame() makes every GL object, the font texture included:
    // making it here too uploaded the atlas twice before the first frame.
    if (g->frames > 0) {
      ImGui_ImplOpenGL3_DestroyFontsTexture();
      ImGui_ImplOpenGL3_CreateFontsTexture();
    }
    app::apply_style(g->app, g->scale);
    g->fonts_dirty = false;
  }
}

#ifndef __EMSCRIPTEN__
// The framebuffer as a binary PPM (what ImageMagick and the test read); rows flipped to top-down.
bool save_screenshot(const std::string& path) {
  const int w = g->width, h = g->height;
  std::vector<unsigned char> px(static_cast<std::size_t>(w) * h * 3);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_BACK);
  glReadPixels(0, 0, w, h, GL_RGB, GL_UNSIGNED_BYTE, px.data());
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return false;
  std::fprintf(f, "P6\n%d %d\n255\n", w, h);
  for (int y = h - 1; y >= 0; --y)
    std::fwrite(px.data() + static_cast<std::size_t>(y) * w * 3, 1, static_cast<std::size_t>(w) * 3, f);
  return std::fclose(f) == 0;
}
#endif

}  // namespace

void add_frames(int count) {
  if (g) g->frames_left = std::max(g->frames_left, count);
}

void render_frame() {
  if (!g) return;
  update_size_and_scale();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
#ifdef __EMSCRIPTEN__
  // The whole UI works in canvas pixels (CSS size x devicePixelRatio); ImGui's sizes are scaled instead.
  ImGuiIO& io = ImGui::GetIO();
  io.DisplaySize = ImVec2(static_cast<float>(g->width), static_cast<float>(g->height));
  io.DisplayFramebufferScale = ImVec2(1, 1);
#endif
  apply_latched_keys();
  ImGui::NewFrame();
  app::frame(g->app);
  ImGui::Render();
  glViewport(0, 0, g->width, g->height);
  const ImVec4 bg = ImGui::GetStyle().Colors[ImGuiCol_WindowBg];
  glClearColor(bg.x, bg.y, bg.z, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
  ++g->frames;
#ifdef __EMSCRIPTEN__
  web_count_frame();
  if (g->frames == 1) web_first_frame();
  if (g->frames_left > 0) {
    --g->frames_left;
    web_request_next_frame();
  } else {
    web_idle();
  }
#else
  if (!native_screenshot_path().empty() && g->frames >= 10 && !g->shot_taken) {
    g->shot_ok = save_screenshot(native_screenshot_path());  // the back buffer, before it is swapped away
    g->shot_taken = true;
  }
  glfwSwapBuffers(g->window);
  if (g->frames_left > 0) --g->frames_left;
#endif
}

std::string bench_json(std::string_view link, int runs) {
  return g ? app::bench_json(g->app, link, runs) : "{}";
}

std::string snapshot_json() {
  if (!g) return "{}";
  nlohmann::json j = nlohmann::json::parse(app::snapshot_json(g->app), nullptr, false);
  if (!j.is_object()) j = nlohmann::json::object();
  j["frames"] = g->frames;
  j["width"] = g->width;
  j["height"] = g->height;
  j["scale"] = g->scale;
  j["cjk_font"] = g->cjk_in_atlas  ? "ready"
                  : g->cjk_failed  ? "failed"
                  : g->cjk.empty() ? "absent"
                                   : "loading";
  return j.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}

std::string visible_text() {
  if (!g) return {};
  g->app.capture_text = true;
  render_frame();
  return g->app.captured_text;
}

void set_cjk_font(std::string bytes) {
  if (!g || bytes.empty()) return;
  g->cjk = std::move(bytes);
  g->cjk_failed = false;
  g->fonts_dirty = true;
}
void cjk_font_failed() {
  if (g) g->cjk_failed = true;
  request_frames();
}

}  // namespace gw::platform::shell

namespace gw::platform {
bool cjk_font_ready() {
  return shell::g && shell::g->cjk_in_atlas;
}
float ui_scale() {
  return shell::g ? shell::g->scale : 1.0f;
}
}  // namespace gw::platform

int main(int argc, char** argv) {
  using namespace gw::platform;
  using namespace gw::platform::shell;
  static Shell shell_state;
  g = &shell_state;
#ifndef __EMSCRIPTEN__
  native_init(argc, argv);
#else
  (void)argc;
  (void)argv;
#endif
  if (!glfwInit()) {
    std::fprintf(stderr, "gpuwise-gui: cannot initialise GLFW (no display?)\n");
    return 1;
  }
#ifdef __EMSCRIPTEN__
  glfwWindowHint(GLFW_CLIENT_API, GLFW_OPENGL_ES_API);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  const char* glsl = "#version 300 es";
#else
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 0);
  glfwWindowHint(GLFW_SCALE_TO_MONITOR, GLFW_TRUE);
  const char* glsl = "#version 130";
#endif
  g->window = glfwCreateWindow(1280, 800, "gpuwise · 算力参谋", nullptr, nullptr);
  if (!g->window) {
#ifdef __EMSCRIPTEN__
    web_fail("webgl2");
#endif
    std::fprintf(stderr, "gpuwise-gui: cannot open a window with OpenGL 3.0\n");
    glfwTerminate();
    return 1;
  }
  glfwMakeContextCurrent(g->window);
#ifndef __EMSCRIPTEN__
  glfwSwapInterval(1);
#endif

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  ImGuiIO& io = ImGui::GetIO();
  io.IniFilename = nullptr;               // layout is fixed; settings are ours (platform::setting)
  io.ConfigInputTextCursorBlink = false;  // a blinking caret would need 60 fps at idle
  io.ConfigFlags |= ImGuiConfigFlags_NavEnableKeyboard;
  // Ours first: ImGui's backend chains to whatever callbacks were set before it.
  glfwSetKeyCallback(g->window, on_key);
  glfwSetMouseButtonCallback(g->window, on_mouse_button);
  glfwSetCharCallback(g->window, on_char);
  glfwSetScrollCallback(g->window, on_scroll);
  glfwSetWindowFocusCallback(g->window, on_focus);
  glfwSetCursorEnterCallback(g->window, on_enter);
  glfwSetCursorPosCallback(g->window, on_cursor);
#ifndef __EMSCRIPTEN__
  glfwSetWindowSizeCallback(g->window, on_resize);
  glfwSetWindowRefreshCallback(g->window, on_refresh);
  glfwSetWindowContentScaleCallback(g->window, on_scale);
#endif
  ImGui_ImplGlfw_InitForOpenGL(g->window, true);
  ImGui_ImplOpenGL3_Init(glsl);
#ifdef __EMSCRIPTEN__
  web_init();
  // The browser's clipboard arrives as a paste event; copying goes through the clipboard API.
  io.GetClipboardTextFn = [](void*) -> const char* {
    static std::string text;
    text = web_paste_text();
    return text.c_str();
  };
  io.SetClipboardTextFn = [](void*, const char* text) { copy_text(text); };
#endif

  gw::app::init(g->app);
  request_frames(4);
#ifdef __EMSCRIPTEN__
  // The first frame now, not at the next animation frame (8-9 ms later on average, 12-06): the canvas is
  // presented at the next vsync either way. The frames after it come from requestAnimationFrame.
  render_frame();
  // The runtime stays alive; frames come from requestAnimationFrame (web.cpp). Leaving this way skips
  // exit()'s ExitStatus error object, which costs the first frame a few milliseconds.
  emscripten_exit_with_live_runtime();
#else
  while (!glfwWindowShouldClose(g->window)) {
    if (g->frames_left > 0) {
      glfwPollEvents();
    } else {
      const double wait = native_next_wake() - now_seconds();
      if (wait > 0)
        glfwWaitEventsTimeout(std::min(wait, 3600.0));
      else
        glfwPollEvents();
      if (native_take_due_wake()) request_frames();
    }
    if (g->frames_left > 0) render_frame();
    if (!native_screenshot_path().empty()) {
      if (g->frames_left == 0) request_frames(2);  // keep drawing until the layout has settled
      if (g->shot_taken) {
        std::printf("%s\n", snapshot_json().c_str());
        if (!g->shot_ok)
          std::fprintf(stderr, "gpuwise-gui: cannot write %s\n", native_screenshot_path().c_str());
        glfwSetWindowShouldClose(g->window, GLFW_TRUE);
      }
    }
  }
  gw::app::shutdown(g->app);
  ImGui_ImplOpenGL3_Shutdown();
  ImGui_ImplGlfw_Shutdown();
  ImGui::DestroyContext();
  glfwDestroyWindow(g->window);
  glfwTerminate();
  return 0;
#endif
}
