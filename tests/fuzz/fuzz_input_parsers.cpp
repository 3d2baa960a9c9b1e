// Fuzzes the input table's value parsers (src/engine/input.hpp): every door (CLI flags, share links, the
// page's fields) reads durations, counts, sizes, shares and money through them. The first byte picks the
// parser, or a field of the table for set_input; the rest is the text.
// Invariants: never throws or crashes; an accepted value is finite, and prints (exact_number) to a text
// that reads back to the same double; format_significant's text reads back as a plain number; set_input with
// clamping never reports out_of_range, leaves the field inside its range and its canonical text (input_text)
// reads back exactly, without clamping; a refused or out-of-range text leaves the scenario as it was;
// messages are short, clean UTF-8.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "engine/input.hpp"
#include "engine/link.hpp"
#include "fuzz/equal.hpp"
#include "fuzz/fixtures.hpp"

using namespace gw;
using namespace gw::testing;

namespace {

const Scenario* g_base = nullptr;  // the page's default question, built once

void check_value(double v, const char* parser, std::string_view text) {
  require(std::isfinite(v), "a parser accepted a non-finite value", parser);
  double back = 0;
  const std::string exact = exact_number(v);
  require(parse_plain_number(exact, back) && back == v, "exact_number does not read back",
          std::string(parser) + ": '" + std::string(text) + "' -> " + show(v) + " -> '" + exact + "'");
  const std::string shown = format_significant(v);
  require(parse_plain_number(shown, back) && std::isfinite(back), "format_significant does not read back",
          shown);
}

void check_message(const Text& m) {
  require(m.en.size() < 600 && m.zh.size() < 600, "message echoes too much", m.en.substr(0, 200));
  require(clean_utf8(m.en) && clean_utf8(m.zh), "message carries control bytes or broken UTF-8",
          m.en.substr(0, 200));
}

void fuzz_parser(unsigned which, std::string_view text) {
  // Not checked: that a refused text leaves `v` alone. input.hpp does not promise it (parse_money writes the
  // amount before refusing the other currency's symbol; a unit that overflows writes inf) and every caller
  // reads `v` only on success.
  double v = 0;
  bool ok = false;
  const char* name = "";
  Text error;
  switch (which % 7) {
    case 0:
      ok = parse_plain_number(text, v), name = "plain";
      break;
    case 1:
      ok = parse_count_value(text, v), name = "count";
      break;
    case 2:
      ok = parse_duration_hours(text, v), name = "duration";
      break;
    case 3:
      ok = parse_size_gb(text, v), name = "size";
      break;
    case 4:
      ok = parse_share(text, v), name = "share";
      break;
    case 5:
      ok = parse_money(text, "CNY", v, &error), name = "money CNY";
      break;
    default:
      ok = parse_money(text, "USD", v, &error), name = "money USD";
      break;
  }
  if (ok) {
    check_value(v, name, text);
  } else {
    check_message(error);
  }
}

void fuzz_field(unsigned which, bool clamp, std::string_view text) {
  const std::vector<InputField>& fields = input_fields();
  if (fields.empty()) return;
  const InputField& f = fields[which % fields.size()];
  Scenario s = *g_base;
  const InputSet st = set_input(f, s, text, clamp);
  check_message(st.message);
  if (st.status == InputSet::bad || st.status == InputSet::out_of_range) {
    require(!clamp || st.status != InputSet::out_of_range, "out_of_range while clamping", f.key);
    const std::string diff = diff_scenario(s, *g_base);
    require(diff.empty(), "a refused value changed the scenario", std::string(f.key) + ": " + diff);
    return;
  }
  require(nonfinite_in(s).empty(), "set_input made the scenario non-finite", nonfinite_in(s));
  if (!f.get) return;  // choice, list and text fields: their own round trip is the link's (fuzz_link)
  const std::optional<double> v = f.get(s);
  if (!v) return;
  require(std::isfinite(*v), "a field holds a non-finite value", f.key);
  if (f.type != InputType::flag)
    require(*v >= f.range.lo && *v <= f.range.hi, "a field holds a value outside its range",
            std::string(f.key) + " = " + show(*v));
  const std::string canonical = input_text(f, s);
  Scenario again = *g_base;
  const InputSet back = set_input(f, again, canonical, false);
  require(back.status == InputSet::ok, "a field's canonical text does not read back",
          std::string(f.key) + ": '" + canonical + "' " + back.message.en);
  require(f.get(again) == v, "a field's canonical text reads back to another value",
          std::string(f.key) + ": '" + canonical + "' -> " + show(f.get(again)) + " vs " + show(*v));
  require(!input_display(f, s).empty(), "a set field displays as nothing", f.key);
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
  static const Scenario base = default_scenario(fixture_presets(), fixture_catalog());
  g_base = &base;
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  if (size < 1) return 0;
  const unsigned selector = data[0];
  const std::string_view text(reinterpret_cast<const char*>(data) + 1, size - 1);
  if (selector < 0x80)
    fuzz_parser(selector, text);
  else
    fuzz_field(selector & 0x3f, (selector & 0x40) != 0, text);
  return 0;
}
