// The browser side of the platform layer: frames on demand, canvas size x devicePixelRatio, the URL
// fragment, localStorage, clipboard, downloads, the CJK font and data fetches and the read-only test hook.
#ifdef __EMSCRIPTEN__
#include <emscripten.h>

#include <cstdlib>
#include <cstring>
#include <map>
#include <set>
#include <string>
#include <utility>

#include "engine/bundled.hpp"
#include "imgui.h"
#include "platform/platform.hpp"
#include "platform/shell.hpp"

// ---- JavaScript side. Strings cross as malloc'd UTF-8 that C++ frees.
// Closure Compiler renames properties (emcc --closure 1): names that shell.js, the tests or another module
// use are quoted, so they survive.
// clang-format off
EM_JS(void, gw_js_init, (), {
  var st = Module.gwState = {pending: false, hashChanged: false, paste: "", fontBytes: null, frames: 0};
  Module.gwRequestFrame = function () {
    if (st.pending || document.hidden) return;
    st.pending = true;
    requestAnimationFrame(function () { st.pending = false; Module['_gw_frame'](); });
  };
  var wake = function () { Module['_gw_wake'](); };
  var c = Module['canvas'];
  // Browsers send synthetic mousemoves after repaints; only a real move (new position) wakes the page.
  var lastX = -1, lastY = -1;
  c.addEventListener('mousemove', function (e) {
    if (e.clientX === lastX && e.clientY === lastY) return;
    lastX = e.clientX;
    lastY = e.clientY;
    wake();
  }, {passive: true});
  ['mousedown', 'mouseup', 'wheel', 'touchstart', 'touchmove', 'touchend', 'mouseleave']
      .forEach(function (t) { c.addEventListener(t, wake, {passive: true}); });
  ['keydown', 'keyup', 'keypress', 'resize', 'focus', 'blur']
      .forEach(function (t) { window.addEventListener(t, wake, true); });
  document.addEventListener('visibilitychange', wake);
  var onNav = function () { st.hashChanged = true; wake(); };
  window.addEventListener('hashchange', onNav);
  window.addEventListener('popstate', onNav);
  // Ctrl/Cmd+V: the browser hands the text over in a paste event right after the keydown.
  window.addEventListener('paste', function (e) {
    var text = (e.clipboardData && e.clipboardData.getData("text/plain")) || "";
    if (text) st.paste = text;
    wake();
  });
  // A read-only view for tests and the benchmark: what is on screen, and how many frames were drawn.
  window['gpuwiseTest'] = {
    'snapshot': function () {
      var p = Module['_gw_snapshot']();
      var s = UTF8ToString(p);
      Module['_free'](p);
      return JSON.parse(s);
    },
    'frames': function () { return st.frames; },
    // scripts/bench: recommend() for a link's scenario, timed `runs` times inside the page.
    'bench': function (link, runs) {
      var n = lengthBytesUTF8(link) + 1;
      var a = _malloc(n);
      stringToUTF8(link, a, n);
      var p = Module['_gw_bench'](a, runs);
      Module['_free'](a);
      var s = UTF8ToString(p);
      Module['_free'](p);
      return JSON.parse(s);
    },
    // The text last handed to the clipboard (or pasted): what Ctrl+C over a table copied.
    'clipboard': function () { return st.paste; },
    // Draws one frame and returns every piece of text on it, one per line.
    'text': function () {
      var p = Module['_gw_visible_text']();
      var s = UTF8ToString(p);
      Module['_free'](p);
      return s;
    }
  };
});

EM_JS(void, gw_js_request_frame, (), { Module.gwRequestFrame(); });

EM_JS(void, gw_js_wake_after, (double ms), { setTimeout(function () { Module['_gw_wake'](); }, ms); });

EM_JS(void, gw_js_first_frame, (), {
  if (Module['gwFirstFrame']) Module['gwFirstFrame']();
  window['gwFirstFrameAt'] = performance.now();
});

EM_JS(void, gw_js_count_frame, (), { Module.gwState.frames++; });

EM_JS(void, gw_js_idle, (), {
  if (Module['gwIdle']) Module['gwIdle']();
});

// The page's loading screen turns into an error message (web/shell.js).
EM_JS(void, gw_js_fail, (const char* what), {
  if (Module['gwFail']) Module['gwFail'](UTF8ToString(what));
});

EM_JS(int, gw_js_chinese_text, (), { return window['gwChineseText'] === false ? 0 : 1; });

// The unsaved inputs wait in sessionStorage (this tab only) for the next start; the fragment carries lang=zh,
// which web/shell.js reads to fetch the whole wasm.
EM_JS(void, gw_js_reload_in_chinese, (const char* state), {
  try {
    window['sessionStorage'].setItem('gpuwise.reload', UTF8ToString(state));
  } catch (e) { /* storage blocked: the inputs are lost, the job is in the link */ }
  location.reload();
});

EM_JS(char*, gw_js_dup, (const char* what), {
  var s = "";
  var w = UTF8ToString(what);
  try {
    if (w === 'hash') s = location.hash.replace(/^#/, "");
    else if (w === 'href') s = location.href.replace(/#.*$/, "");
    else if (w === 'lang') s = navigator.language || "";
    else if (w === 'paste') s = Module.gwState.paste;
    else if (w === 'reload') {
      s = window['sessionStorage'].getItem('gpuwise.reload') || "";
      window['sessionStorage'].removeItem('gpuwise.reload');
    }
  } catch (e) { s = ""; }
  var n = lengthBytesUTF8(s) + 1;
  var p = _malloc(n);
  stringToUTF8(s, p, n);
  return p;
});

// With its length: a corrupt value may hold NUL characters, and cutting it there could turn garbage
// into a valid-looking setting.
EM_JS(char*, gw_js_storage_get, (const char* key, int* out_len), {
  var s = null;
  try { s = window.localStorage.getItem(UTF8ToString(key)); } catch (e) { s = null; }
  if (s === null) return 0;
  var n = lengthBytesUTF8(s) + 1;
  var p = _malloc(n);
  if (!p) return 0;
  stringToUTF8(s, p, n);
  HEAP32[out_len >> 2] = n - 1;
  return p;
});

// Returns 0 when the browser refused (private mode, quota, blocked storage): the caller reports it.
EM_JS(int, gw_js_storage_set, (const char* key, const char* value, int remove), {
  try {
    if (remove) window.localStorage.removeItem(UTF8ToString(key));
    else window.localStorage.setItem(UTF8ToString(key), UTF8ToString(value));
    return 1;
  } catch (e) {
    return 0;
  }
});

EM_JS(int, gw_js_take_hash_change, (), {
  var c = Module.gwState.hashChanged;
  Module.gwState.hashChanged = false;
  return c ? 1 : 0;
});

EM_JS(void, gw_js_set_hash, (const char* frag, int push), {
  var h = '#' + UTF8ToString(frag);
  if (h === location.hash) return;
  try {
    if (push) history.pushState(null, "", h);
    else history.replaceState(null, "", h);
  } catch (e) { /* sandboxed frames refuse; the page still works */ }
});

EM_JS(void, gw_js_copy, (const char* text), {
  var s = UTF8ToString(text);
  Module.gwState.paste = s;  // so an in-app paste works even where the clipboard API is refused
  var fallback = function () {
    var t = document.createElement('textarea');
    t.value = s;
    document.body.appendChild(t);
    t.select();
    try { document.execCommand('copy'); } catch (e) {}
    document.body.removeChild(t);
    Module['canvas'].focus();
  };
  if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(s).catch(fallback);
  else fallback();
});

EM_JS(void, gw_js_download, (const char* name, const char* mime, const char* data, int len), {
  var bytes = HEAPU8.slice(data, data + len);
  var url = URL.createObjectURL(new Blob([bytes], {type: UTF8ToString(mime)}));
  var a = document.createElement('a');
  a.href = url;
  a.download = UTF8ToString(name);
  document.body.appendChild(a);
  a.click();
  document.body.removeChild(a);
  setTimeout(function () { URL.revokeObjectURL(url); }, 1000);
});

// Canvas backing store = CSS size x devicePixelRatio; returns the ratio.
EM_JS(double, gw_js_fit_canvas, (int* out_w, int* out_h), {
  var c = Module['canvas'];
  var dpr = window.devicePixelRatio || 1;
  var r = c.getBoundingClientRect();
  var w = Math.max(1, Math.round(r.width * dpr));
  var h = Math.max(1, Math.round(r.height * dpr));
  if (c.width !== w) c.width = w;
  if (c.height !== h) c.height = h;
  HEAP32[out_w >> 2] = w;
  HEAP32[out_h >> 2] = h;
  return dpr;
});

EM_JS(void, gw_js_fetch_cjk_font, (), {
  var st = Module.gwState;
  if (st.fontRequested) return;
  st.fontRequested = true;
  var p = window['gwCjkFont'] || fetch('fonts/cjk.ttf').then(function (r) {
    if (!r.ok) throw new Error('HTTP ' + r.status);
    return r.arrayBuffer();
  });
  p.then(function (buf) {
    var bytes = new Uint8Array(buf);
    var ptr = _malloc(bytes.length);
    HEAPU8.set(bytes, ptr);
    Module['_gw_cjk_font_loaded'](ptr, bytes.length);
  }).catch(function (e) {
    console.warn('CJK font:', e);
    st.fontRequested = false;
    Module['_gw_cjk_font_failed']();
  });
});
// The page's data files: none is compiled in (CMakeLists.txt). The shell (web/shell.js, gwData) maps a
// name to the file data.json names and has already started the first answer's files.
EM_JS(void, gw_js_fetch_data, (const char* name_ptr), {
  var name = UTF8ToString(name_ptr);
  var get = window['gwData'];
  (get ? get(name) : Promise.reject(new Error('no data loader'))).then(function (buf) {
    var bytes = new Uint8Array(buf);
    var ptr = _malloc(bytes.length + 1);
    HEAPU8.set(bytes, ptr);
    Module['_gw_data_loaded'](name_ptr, ptr, bytes.length);
  }).catch(function (e) {
    console.warn(name + ':', e);
    Module['_gw_data_loaded'](name_ptr, 0, -1);
  });
});
// The instance checker is a module of its own (cmake/web.cmake: checker.js, built MODULARIZE'd as
// GpuwiseChecker), loaded by the first request. Only the latest request is answered.
EM_JS(void, gw_js_check, (const char* request_ptr), {
  var st = Module.gwState;
  var request = UTF8ToString(request_ptr);
  var seq = st.checkSeq = (st.checkSeq || 0) + 1;
  if (!st.checker) {
    st.checker = new Promise(function (resolve, reject) {
      var s = document.createElement('script');
      s.src = 'checker.js';
      s.onload = function () { window['GpuwiseChecker']().then(resolve, reject); };
      s.onerror = function () { reject(new Error('checker.js did not load')); };
      document.head.appendChild(s);
    });
  }
  st.checker.then(function (m) {
    if (seq !== st.checkSeq) return;
    var n = m['lengthBytesUTF8'](request) + 1;
    var p = m['_malloc'](n);
    m['stringToUTF8'](request, p, n);
    var q = m['_gw_check'](p);
    m['_free'](p);
    var bytes = new TextEncoder().encode(m['UTF8ToString'](q));
    m['_free'](q);
    var out = _malloc(bytes.length + 1);
    HEAPU8.set(bytes, out);
    HEAPU8[out + bytes.length] = 0;
    Module['_gw_checker_done'](out);
  }).catch(function (e) {
    console.warn('checker:', e);
    st.checker = null;  // the next request downloads it again
    if (seq === st.checkSeq) Module['_gw_checker_done'](0);
  });
});
// The user picks a file: a hidden file input, clicked while the user's click still counts as a gesture.
EM_JS(void, gw_js_open_file, (const char* accept, double max_bytes), {
  var input = document.createElement('input');
  input.type = 'file';
  input.accept = UTF8ToString(accept);
  input.style.display = 'none';
  var done = function (name, text, ok) {
    var n = lengthBytesUTF8(name) + 1;
    var np = _malloc(n);
    stringToUTF8(name, np, n);
    var bytes = new TextEncoder().encode(text);
    var p = _malloc(bytes.length + 1);
    HEAPU8.set(bytes, p);
    Module['_gw_file_opened'](np, p, bytes.length, ok ? 1 : 0);
  };
  input.addEventListener('change', function () {
    var f = input.files && input.files[0];
    if (input.parentNode) input.parentNode.removeChild(input);
    if (!f) return;
    if (f.size > max_bytes) {
      done(f.name, 'too large: ' + f.size + ' bytes', false);
      return;
    }
    f.text().then(function (t) { done(f.name, t, true); },
                  function (e) { done(f.name, String(e && e.message || e), false); });
  });
  document.body.appendChild(input);
  input.click();
});

EM_JS(char*, gw_js_today, (), {
  var d = new Date();
  var two = function (v) { return (v < 10 ? '0' : '') + v; };
  var s = d.getFullYear() + '-' + two(d.getMonth() + 1) + '-' + two(d.getDate());
  var p = _malloc(16);
  stringToUTF8(s, p, 16);
  return p;
});
// clang-format on

namespace {
std::string take(char* p) {
  if (!p) return {};
  std::string s(p);
  std::free(p);
  return s;
}
}  // namespace

// ---- entry points called from JavaScript
extern "C" {
// The stand-in for ImFontAtlas::AddFontDefault (linked with --wrap, cmake/web.cmake): fonts.cpp always adds
// a font before the atlas is built, so ImGui's built-in one is never needed and its data stays out of the
// wasm.
extern "C" ImFont* __wrap__ZN11ImFontAtlas14AddFontDefaultEPK12ImFontConfig(ImFontAtlas*,
                                                                            const ImFontConfig*) {
  return nullptr;
}

EMSCRIPTEN_KEEPALIVE void gw_frame() {
  gw::platform::shell::render_frame();
}
EMSCRIPTEN_KEEPALIVE void gw_wake() {
  gw::platform::request_frames();
}
EMSCRIPTEN_KEEPALIVE char* gw_visible_text() {
  return strdup(gw::platform::shell::visible_text().c_str());
}
EMSCRIPTEN_KEEPALIVE char* gw_snapshot() {
  const std::string s = gw::platform::shell::snapshot_json();
  char* p = static_cast<char*>(std::malloc(s.size() + 1));
  if (p) std::memcpy(p, s.c_str(), s.size() + 1);
  return p;
}
EMSCRIPTEN_KEEPALIVE char* gw_bench(const char* link, int runs) {
  return strdup(gw::platform::shell::bench_json(link, runs).c_str());
}
EMSCRIPTEN_KEEPALIVE void gw_cjk_font_loaded(unsigned char* data, int size) {
  gw::platform::shell::set_cjk_font(std::string(reinterpret_cast<char*>(data), size));
  std::free(data);
  gw::platform::request_frames();
}
EMSCRIPTEN_KEEPALIVE void gw_cjk_font_failed() {
  gw::platform::shell::cjk_font_failed();
}
EMSCRIPTEN_KEEPALIVE void gw_data_loaded(const char* name, unsigned char* data, int size);
EMSCRIPTEN_KEEPALIVE void gw_checker_done(char* answer);
EMSCRIPTEN_KEEPALIVE void gw_file_opened(char* name, char* text, int size, int ok);
}

namespace gw::platform {

namespace {
std::set<std::string> g_unsaved;  // settings whose last write the browser refused
void note_write(const std::string& key, int ok) {
  if (ok)
    g_unsaved.erase(key);
  else
    g_unsaved.insert(key);
}
}  // namespace

std::string setting(const std::string& key) {
  int len = 0;
  char* p = gw_js_storage_get(("gpuwise." + key).c_str(), &len);
  if (!p) return {};
  std::string s(p, static_cast<std::size_t>(len));
  std::free(p);
  return s;
}
void set_setting(const std::string& key, const std::string& value) {
  note_write(key, gw_js_storage_set(("gpuwise." + key).c_str(), value.c_str(), 0));
}
void remove_setting(const std::string& key) {
  note_write(key, gw_js_storage_set(("gpuwise." + key).c_str(), "", 1));
}
bool settings_unsaved() {
  return !g_unsaved.empty();
}

std::string fragment() {
  return take(gw_js_dup("hash"));
}
void set_fragment(const std::string& f, bool push) {
  gw_js_set_hash(f.c_str(), push ? 1 : 0);
}
bool take_fragment_change() {
  return gw_js_take_hash_change() != 0;
}
std::string share_url(const std::string& f) {
  return take(gw_js_dup("href")) + "#" + f;
}

void copy_text(const std::string& text) {
  gw_js_copy(text.c_str());
}
std::string save_file(const std::string& name, const std::string& mime, const std::string& content) {
  gw_js_download(name.c_str(), mime.c_str(), content.data(), static_cast<int>(content.size()));
  return name;
}

std::string preferred_language() {
  const std::string l = take(gw_js_dup("lang"));
  return l.rfind("zh", 0) == 0 || l.rfind("ZH", 0) == 0 ? "zh" : "en";
}
bool chinese_text_loaded() {
  return gw_js_chinese_text() != 0;
}
void reload_in_chinese(const std::string& state) {
  gw_js_reload_in_chinese(state.c_str());
}
std::string take_reload_state() {
  return take(gw_js_dup("reload"));
}

void request_frames(int count) {
  shell::add_frames(count);
  gw_js_request_frame();
}
void wake_after(double seconds) {
  gw_js_wake_after(seconds * 1000.0);
}
double now_seconds() {
  return emscripten_get_now() / 1000.0;
}

namespace {
struct Fetched {
  DataFile::State state = DataFile::loading;
  std::string text;
};
// Keyed by name; entries are never erased, so the text views handed out stay valid (std::map nodes are
// stable) and the name pointer given to JavaScript outlives the fetch.
std::map<std::string, Fetched> g_fetched;
}  // namespace

DataFile data_file(const std::string& name) {
  const std::string_view compiled_in = bundled_file(name);
  if (!compiled_in.empty()) return {DataFile::ready, compiled_in};
  auto [it, added] = g_fetched.try_emplace(name);
  if (added) gw_js_fetch_data(it->first.c_str());
  if (it->second.state == DataFile::ready) return {DataFile::ready, it->second.text};
  return {it->second.state, {}};
}

void retry_data_file(const std::string& name) {
  auto it = g_fetched.find(name);
  if (it == g_fetched.end() || it->second.state != DataFile::failed) return;
  it->second.state = DataFile::loading;
  gw_js_fetch_data(it->first.c_str());
}

namespace {
CheckerAnswer g_checker;  // loading while a request runs; ready/failed until taken
}  // namespace

void start_checker(const std::string& request_json) {
  g_checker = {CheckerAnswer::loading, {}};
  gw_js_check(request_json.c_str());
}

CheckerAnswer take_checker_answer() {
  if (g_checker.state == CheckerAnswer::loading) return {CheckerAnswer::loading, {}};
  return std::exchange(g_checker, CheckerAnswer{});
}

namespace {
OpenedFile g_opened;  // the file picked last, until taken
}  // namespace

bool can_open_file() {
  return true;
}
void open_file(const std::string& accept, std::size_t max_bytes) {
  gw_js_open_file(accept.c_str(), static_cast<double>(max_bytes));
}
OpenedFile take_opened_file() {
  return std::exchange(g_opened, OpenedFile{});
}

std::string today() {
  return take(gw_js_today());
}

void request_cjk_font() {
  if (!cjk_font_ready()) gw_js_fetch_cjk_font();
}

namespace shell {
void web_init() {
  gw_js_init();
}
void web_request_next_frame() {
  gw_js_request_frame();
}
void web_first_frame() {
  gw_js_first_frame();
}
void web_count_frame() {
  gw_js_count_frame();
}
void web_idle() {
  static bool told = false;
  if (told) return;
  for (const auto& [name, file] : g_fetched)
    if (file.state == DataFile::loading) return;  // the first answer may still be on its way
  told = true;
  gw_js_idle();
}
void web_fail(const char* what) {
  gw_js_fail(what);
}
float web_fit_canvas(int& w, int& h) {
  return static_cast<float>(gw_js_fit_canvas(&w, &h));
}
std::string web_paste_text() {
  return take(gw_js_dup("paste"));
}
}  // namespace shell

}  // namespace gw::platform

extern "C" EMSCRIPTEN_KEEPALIVE void gw_data_loaded(const char* name, unsigned char* data, int size) {
  auto it = gw::platform::g_fetched.find(name);
  if (it != gw::platform::g_fetched.end()) {
    it->second.state = size >= 0 ? gw::platform::DataFile::ready : gw::platform::DataFile::failed;
    if (size >= 0) it->second.text.assign(reinterpret_cast<char*>(data), static_cast<std::size_t>(size));
  }
  std::free(data);
  gw::platform::request_frames();
}

extern "C" EMSCRIPTEN_KEEPALIVE void gw_checker_done(char* answer) {
  using gw::platform::CheckerAnswer;
  gw::platform::g_checker =
      answer ? CheckerAnswer{CheckerAnswer::ready, answer} : CheckerAnswer{CheckerAnswer::failed, {}};
  std::free(answer);
  gw::platform::request_frames();
}
extern "C" EMSCRIPTEN_KEEPALIVE void gw_file_opened(char* name, char* text, int size, int ok) {
  using gw::platform::OpenedFile;
  gw::platform::g_opened = {ok ? OpenedFile::ready : OpenedFile::failed, name,
                            std::string(text, static_cast<std::size_t>(size))};
  std::free(name);
  std::free(text);
  gw::platform::request_frames();
}
#endif  // __EMSCRIPTEN__
