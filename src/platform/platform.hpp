#pragma once
// What the app needs from the world outside ImGui. Implemented by web/web.cpp (browser) and
// native/native.cpp (desktop); the rest of src/app never sees which one it runs on.
#include <string>
#include <string_view>

struct ImFont;

namespace gw::platform {

// ---- persistent settings: localStorage on the web, $XDG_CONFIG_HOME/gpuwise/settings.json natively
std::string setting(const std::string& key);  // "" when absent or unreadable
void set_setting(const std::string& key, const std::string& value);
void remove_setting(const std::string& key);
// True while some setting could not be written (storage full, blocked, private mode): the app's state
// then lives only in memory, and the app says so.
bool settings_unsaved();

// ---- the shareable scenario: the URL fragment on the web (without '#'), a remembered string natively
std::string fragment();
// push=true makes a Back/Forward step; false replaces the current entry.
void set_fragment(const std::string& fragment, bool push);
// True once after the user changed the fragment (typed a link, Back/Forward).
bool take_fragment_change();
// The shareable URL for a fragment: the page address on the web, a gpuwise: pseudo-URL natively.
std::string share_url(const std::string& fragment);

// ---- clipboard and files
void copy_text(const std::string& text);
// Web: a download. Native: written next to the settings, returning the path it wrote ("" on failure).
std::string save_file(const std::string& name, const std::string& mime, const std::string& content);

// ---- a file the user picks (the catalog import). The web page opens the browser's file chooser; its text
// arrives frames later and is handed out once by take_opened_file (a cancelled chooser sends nothing). The
// desktop window has no chooser: can_open_file() is false there and the app offers pasting only.
bool can_open_file();
// accept: the chooser's filter (".json,application/json"); a file above max_bytes is refused unread.
void open_file(const std::string& accept, std::size_t max_bytes);
struct OpenedFile {
  enum State { none, ready, failed } state = none;
  std::string name;
  std::string text;  // ready: the file's text; failed: why it could not be read
};
OpenedFile take_opened_file();

// ---- today's date, "2026-12-04" in local time: the engine reads no clock, so the app hands it this
// (the catalog's age, the date of a price the user edited).
std::string today();

// ---- data/*.json by name ("catalog.json"), and kept catalog versions ("catalogs/catalog-2026.11.1.json").
// Natively every file is compiled in and `ready` at once. The browser's wasm holds none: each is a versioned
// file beside the page (scripts/build-web-data.py), `loading` until it has arrived (the catalog and presets
// were already requested by the page's shell, in parallel with the wasm), `failed` when it could not be
// fetched or the site does not keep it. The service worker caches them for offline use.
struct DataFile {
  enum State { ready, loading, failed } state = failed;
  std::string_view text;  // valid while state == ready, for the life of the program
};
DataFile data_file(const std::string& name);
void retry_data_file(const std::string& name);  // after `failed`: fetch again

// ---- the instance checker (engine/diagnose/diagnose.hpp: diagnose_request_json -> diagnose_json -> answer
// JSON). Natively it runs at once. The web page keeps it out of the first download: the first request fetches
// checker.js and checker.wasm, a module of its own (cached by the service worker for offline use).
struct CheckerAnswer {
  enum State { idle, loading, ready, failed } state = idle;
  std::string json;  // when ready: the answer to the latest request
};
// A newer request replaces one still running; after `failed`, sending it again retries the download.
void start_checker(const std::string& request_json);
// `ready` and `failed` are handed out once per request; `loading` while it runs; then `idle`.
CheckerAnswer take_checker_answer();

// "zh" or "en", from navigator.language / LANG.
std::string preferred_language();
// False on a web page that started in English: its wasm ships with the Chinese sentences zeroed
// (scripts/build-web-split.py), so showing Chinese takes a reload. Always true natively.
bool chinese_text_loaded();
// Reloads the page with the whole wasm, handing `state` (the app's unsaved inputs) to the next start. The
// link (the URL fragment) must already say lang=zh: the page picks its wasm by it.
void reload_in_chinese(const std::string& state);
// What reload_in_chinese handed over, once; "" on any other start.
std::string take_reload_state();

// ---- frames: the app is drawn only when something changed
void request_frames(int count = 3);
void wake_after(double seconds);
double now_seconds();

// ---- fonts
// Starts loading the CJK subset if it is not there yet; true once it is in the font atlas.
bool cjk_font_ready();
void request_cjk_font();
enum class FontRole { body, heading, small };
// The fonts of the current atlas (built at the current UI scale, CJK merged in once loaded).
ImFont* font(FontRole role);
// UI scale: devicePixelRatio on the web, the monitor content scale natively.
float ui_scale();

}  // namespace gw::platform
