#pragma once
// Internal to src/platform: the frame driver (main.cpp) and the two backends (web/web.cpp,
// native/native.cpp). src/app may not include it (cmake/check_layers.cmake).
#include <string>
#include <string_view>

#include "platform/platform.hpp"

namespace gw::platform {

namespace shell {

void render_frame();                                      // draws one frame now
void add_frames(int count);                               // keep drawing for at least `count` more frames
std::string snapshot_json();                              // the test hook's view of the screen
std::string bench_json(std::string_view link, int runs);  // scripts/bench: recommend() timed in the page
std::string visible_text();  // draws one frame now and returns the text it drew (the test hook)
void set_cjk_font(std::string bytes);
void cjk_font_failed();

// fonts.cpp: rebuilds io.Fonts at `scale`; cjk may be empty.
void build_fonts(float scale, const std::string& cjk);

#ifdef __EMSCRIPTEN__
void web_init();
void web_request_next_frame();
void web_first_frame();
void web_count_frame();
// A frame that asked for no other, with no data file on its way: the page has drawn what it had to. Tells the
// shell once, which registers the service worker then (web/shell.js).
void web_idle();
void web_fail(
    const char* what);  // shows a fatal message instead of the loading screen ("webgl2": no context)
float web_fit_canvas(int& width, int& height);  // returns devicePixelRatio
std::string web_paste_text();
#else
void native_init(int argc, char** argv);  // settings path, --link
std::string native_cjk_font_bytes();      // from the build or install folder; "" when absent
double native_next_wake();                // when a wake_after timer is due (infinity: none)
bool native_take_due_wake();              // true once when that time has come
// --screenshot FILE: after the app has settled, save the window as a PPM image, print the test hook's
// snapshot to stdout and quit (the Xvfb test in tests/gui uses it).
const std::string& native_screenshot_path();
#endif

}  // namespace shell
}  // namespace gw::platform

namespace gw::platform {
// Generated from the Latin font subset by scripts/build-font.py.
std::string_view latin_font_data();
}  // namespace gw::platform
