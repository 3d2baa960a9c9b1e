// The desktop side of the platform layer: settings in $XDG_CONFIG_HOME/gpuwise/settings.json, the
// scenario fragment kept as a setting (or given with --link), files saved next to the settings, and the
// CJK font found relative to the executable so any install prefix (and the .deb) works.
#ifndef __EMSCRIPTEN__
#include <GLFW/glfw3.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fstream>
#include <limits>
#include <map>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "engine/bundled.hpp"
#include "engine/diagnose/diagnose.hpp"
#include "platform/platform.hpp"
#include "platform/shell.hpp"

#ifndef GPUWISE_FONT_DIR
#define GPUWISE_FONT_DIR ""
#endif

namespace gw::platform {

namespace {
std::string g_dir;  // settings folder
std::string g_screenshot;
std::string g_fragment;  // current scenario
bool g_fragment_changed = false;
std::map<std::string, std::string> g_settings;
double g_next_wake = std::numeric_limits<double>::infinity();

std::string config_dir() {
  if (const char* x = std::getenv("XDG_CONFIG_HOME"); x && *x) return std::string(x) + "/gpuwise";
  if (const char* h = std::getenv("HOME"); h && *h) return std::string(h) + "/.config/gpuwise";
  return ".gpuwise";
}

void make_dirs(const std::string& path) {
  for (std::size_t i = 1; i <= path.size(); ++i)
    if (i == path.size() || path[i] == '/') ::mkdir(path.substr(0, i).c_str(), 0755);
}

std::string read_file(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return {};
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::string exe_dir() {
  char buf[4096];
  const ssize_t n = ::readlink("/proc/self/exe", buf, sizeof buf - 1);
  if (n <= 0) return {};
  std::string path(buf, static_cast<std::size_t>(n));
  const auto slash = path.rfind('/');
  return slash == std::string::npos ? std::string() : path.substr(0, slash);
}

bool exists(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0;
}

std::string normalized(const std::string& path) {
  char buf[4096];
  return ::realpath(path.c_str(), buf) ? std::string(buf) : path;
}

// Where fonts/cjk.ttf may be, in order: <prefix>/share next to <prefix>/bin (any `cmake --install
// --prefix` and the .deb's /usr), the build tree next to the binary, the configured build tree.
// $GPUWISE_FONT_DIR replaces the search (and lets a test take the font away).
std::vector<std::string> font_dirs() {
  std::vector<std::string> dirs;
  if (const char* env = std::getenv("GPUWISE_FONT_DIR"); env && *env) return {env};
  if (const std::string exe = exe_dir(); !exe.empty()) {
    dirs.push_back(normalized(exe + "/..") + "/share/gpuwise/fonts");  // bin/gpuwise-gui in any prefix
    dirs.push_back(exe + "/fonts");                                    // the build tree
  }
  if (*GPUWISE_FONT_DIR) dirs.push_back(GPUWISE_FONT_DIR);  // the build tree, if the binary was copied away
  return dirs;
}

std::string found_cjk_font() {
  for (const std::string& dir : font_dirs())
    if (exists(dir + "/cjk.ttf")) return normalized(dir + "/cjk.ttf");
  return {};
}

// Moves an unusable settings file aside (settings.json.bad, .bad.1, ...) so saving defaults loses nothing.
std::string keep_bad_copy(const std::string& path) {
  std::string bad = path + ".bad";
  for (int i = 1; exists(bad) && i < 100; ++i) bad = path + ".bad." + std::to_string(i);
  return std::rename(path.c_str(), bad.c_str()) == 0 ? bad : std::string();
}

void load_settings() {
  const std::string path = g_dir + "/settings.json";
  const std::string text = read_file(path);
  if (text.empty()) return;
  const nlohmann::json j = nlohmann::json::parse(text, nullptr, false);
  std::string problem;
  if (j.is_discarded())
    problem = "is not valid JSON";
  else if (!j.is_object())
    problem = "is not a JSON object";
  else
    for (auto it = j.begin(); it != j.end(); ++it) {
      if (it.value().is_string())
        g_settings[it.key()] = it.value().get<std::string>();
      else if (problem.empty())
        problem = "has a non-text value at '" + it.key() + "'";
    }
  if (problem.empty()) return;
  const std::string bad = keep_bad_copy(path);
  std::fprintf(
      stderr, "gpuwise-gui: %s %s; %s\n", path.c_str(), problem.c_str(),
      bad.empty() ? "starting from defaults" : ("kept it as " + bad + ", starting from defaults").c_str());
  g_settings.clear();
}

// A failed write (read-only home, full disk) keeps the settings in memory; the UI shows that they were not
// saved (settings_unsaved), and stderr says where and why once per failure streak.
bool g_save_failed = false;

void save_settings() {
  make_dirs(g_dir);
  nlohmann::json j = nlohmann::json::object();
  for (const auto& [k, v] : g_settings) j[k] = v;
  const std::string path = g_dir + "/settings.json";
  bool ok = false;
  {
    std::ofstream out(path + ".tmp", std::ios::binary | std::ios::trunc);
    if (out) {
      out << j.dump(2) << "\n";
      out.flush();
      ok = static_cast<bool>(out);
    }
  }
  ok = ok && std::rename((path + ".tmp").c_str(), path.c_str()) == 0;
  if (!ok && !g_save_failed)
    std::fprintf(stderr, "gpuwise-gui: could not write %s: %s; settings are kept until the window closes\n",
                 path.c_str(), std::strerror(errno));
  g_save_failed = !ok;
}
}  // namespace

bool settings_unsaved() {
  return g_save_failed;
}

std::string setting(const std::string& key) {
  auto it = g_settings.find(key);
  return it == g_settings.end() ? std::string() : it->second;
}
void set_setting(const std::string& key, const std::string& value) {
  auto it = g_settings.find(key);
  if (it != g_settings.end() && it->second == value) return;
  g_settings[key] = value;
  save_settings();
}
void remove_setting(const std::string& key) {
  if (g_settings.erase(key)) save_settings();
}

std::string fragment() {
  return g_fragment;
}
void set_fragment(const std::string& f, bool) {
  g_fragment = f;
  set_setting("fragment", f);
}
bool take_fragment_change() {
  const bool c = g_fragment_changed;
  g_fragment_changed = false;
  return c;
}
std::string share_url(const std::string& f) {
  return "#" + f;
}

void copy_text(const std::string& text) {
  if (GLFWwindow* w = glfwGetCurrentContext()) glfwSetClipboardString(w, text.c_str());
}

std::string save_file(const std::string& name, const std::string&, const std::string& content) {
  make_dirs(g_dir + "/exports");
  const std::string path = g_dir + "/exports/" + name;
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) return {};
  out << content;
  return out ? path : std::string();
}

bool can_open_file() {
  return false;
}
void open_file(const std::string&, std::size_t) {}
OpenedFile take_opened_file() {
  return {};
}

std::string today() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  char out[16] = "";
  if (!localtime_r(&now, &local) || !std::strftime(out, sizeof out, "%Y-%m-%d", &local)) return {};
  return out;
}

DataFile data_file(const std::string& name) {
  const std::string_view text = bundled_file(name);
  return {text.empty() ? DataFile::failed : DataFile::ready, text};
}
void retry_data_file(const std::string&) {}

namespace {
CheckerAnswer g_checker;  // the answer not yet taken
}  // namespace

void start_checker(const std::string& request_json) {
  // The catalog is parsed once; the checker only needs its GPU specifications.
  static const CatalogLoad load = load_catalog(bundled_file("catalog.json"));
  if (!load.catalog) {
    g_checker = {CheckerAnswer::failed, {}};
    return;
  }
  static const CudaDriverLoad cuda = bundled_cuda_driver_table();
  static const DiagnoseContext context{*load.catalog, cuda.table, cuda.problems};
  g_checker = {CheckerAnswer::ready, diagnose_json(request_json, context)};
}

CheckerAnswer take_checker_answer() {
  return std::exchange(g_checker, CheckerAnswer{});
}

std::string preferred_language() {
  for (const char* var : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
    const char* v = std::getenv(var);
    if (v && *v) return std::string(v).rfind("zh", 0) == 0 ? "zh" : "en";
  }
  return "en";
}
// The native build embeds every string: nothing to reload.
bool chinese_text_loaded() {
  return true;
}
void reload_in_chinese(const std::string&) {}
std::string take_reload_state() {
  return {};
}

void request_frames(int count) {
  shell::add_frames(count);
  glfwPostEmptyEvent();
}
void wake_after(double seconds) {
  g_next_wake = std::min(g_next_wake, now_seconds() + seconds);
  glfwPostEmptyEvent();
}
double now_seconds() {
  using namespace std::chrono;
  return duration<double>(steady_clock::now().time_since_epoch()).count();
}

void request_cjk_font() {
  static bool tried = false;
  if (tried || cjk_font_ready()) return;
  tried = true;
  std::string bytes = shell::native_cjk_font_bytes();
  if (bytes.empty())
    shell::cjk_font_failed();
  else
    shell::set_cjk_font(std::move(bytes));
  request_frames();
}

namespace shell {
void native_init(int argc, char** argv) {
  g_dir = config_dir();
  load_settings();
  g_fragment = setting("fragment");
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if ((a == "--link" || a == "-l") && i + 1 < argc) {
      g_fragment = argv[++i];
    } else if (a.rfind("--link=", 0) == 0) {
      g_fragment = a.substr(7);
    } else if (a == "--screenshot" && i + 1 < argc) {
      g_screenshot = argv[++i];
    } else if (a == "--help" || a == "-h") {
      std::printf(
          "gpuwise-gui: the gpuwise window (the web app, offline).\n"
          "  --link URL   open a shared scenario (a gpuwise link or its #fragment)\n"
          "  --screenshot FILE   save the window as a PPM image once drawn, print the snapshot, quit\n"
          "Settings: %s/settings.json\n"
          "CJK font: %s\n",
          g_dir.c_str(),
          found_cjk_font().empty() ? "not found (Chinese needs it)" : found_cjk_font().c_str());
      std::exit(0);
    }
  }
  const auto hash = g_fragment.find('#');
  if (hash != std::string::npos) g_fragment = g_fragment.substr(hash + 1);
}

std::string native_cjk_font_bytes() {
  for (const std::string& dir : font_dirs()) {
    std::string bytes = read_file(dir + "/cjk.ttf");
    if (!bytes.empty()) return bytes;
  }
  std::string looked;
  for (const std::string& dir : font_dirs()) looked += "\n  " + dir + "/cjk.ttf";
  std::fprintf(
      stderr,
      "gpuwise-gui: the Chinese (CJK) font was not found, so the window stays in English. Looked in:%s\n"
      "  Reinstall gpuwise, or set GPUWISE_FONT_DIR to the folder holding cjk.ttf.\n",
      looked.c_str());
  return {};
}

double native_next_wake() {
  return g_next_wake;
}
const std::string& native_screenshot_path() {
  return g_screenshot;
}
bool native_take_due_wake() {
  if (g_next_wake > now_seconds()) return false;
  g_next_wake = std::numeric_limits<double>::infinity();
  return true;
}
}  // namespace shell

}  // namespace gw::platform
#endif  // !__EMSCRIPTEN__
