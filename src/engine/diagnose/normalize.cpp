// What pasting does to nvidia-smi output, undone before any reader sees it. A reply in an issue quotes
// every line ("> "), a forum wraps it in a code fence, a terminal copy starts with the prompt, a web page
// turns spaces into non-breaking ones. The readers then see what nvidia-smi printed. Line numbers stay
// those of the paste, so evidence points at the line the user sees.
#include "engine/diagnose/detail.hpp"

namespace gw::diag {
namespace {

// "> ", ">> ", "> > " at the start (after at most 3 spaces, as markdown allows).
std::string_view strip_quote(std::string_view s) {
  for (int depth = 0; depth < 16; ++depth) {
    std::size_t k = 0;
    while (k < s.size() && k < 3 && s[k] == ' ') ++k;
    if (k >= s.size() || s[k] != '>') break;
    s.remove_prefix(k + 1);
    if (!s.empty() && s.front() == ' ') s.remove_prefix(1);
  }
  return s;
}

bool is_fence(std::string_view t) {
  return starts_with(t, "```") || starts_with(t, "~~~");
}

// "$ nvidia-smi -q", "root@host:~# nvidia-smi", "PS C:\\> nvidia-smi", "(base) user% nvidia-smi": the
// command, not its output. "nvidia-smi: command not found" is output and stays.
bool is_prompt(std::string_view t) {
  if (t.empty() || t.front() == '|' || t.front() == '+') return false;
  auto at = t.find("nvidia-smi");
  if (at == std::string_view::npos) return false;
  std::string_view after = t.substr(at + 10);
  if (!after.empty() && after.front() != ' ') return false;
  std::string_view before = trim(t.substr(0, at));
  if (before.empty()) return true;
  char last = before.back();
  return last == '$' || last == '#' || last == '>' || last == '%' || starts_with(before, "sudo") ||
         ends_with(before, "sudo") || ends_with(before, "watch");
}

}  // namespace

void normalize_lines(Lines& in) {
  std::vector<std::string> out;
  out.reserve(in.lines.size());
  std::size_t total = 0;
  bool in_xml = false;
  for (auto& l : in.lines) {
    std::string_view s = l.text;
    if (l.number == 1 && starts_with(s, "\xEF\xBB\xBF")) s.remove_prefix(3);
    s = strip_quote(s);
    std::string line;
    line.reserve(s.size());
    for (std::size_t i = 0; i < s.size(); ++i) {
      if (s[i] == '\xC2' && i + 1 < s.size() && s[i + 1] == '\xA0') {  // non-breaking space
        line += ' ';
        ++i;
      } else {
        line += s[i];
      }
    }
    std::string_view t = trim(line);
    if (!in.xml_line && (starts_with(t, "<?xml") || starts_with(t, "<nvidia_smi_log") ||
                         starts_with(t, "<!DOCTYPE nvidia_smi_log"))) {
      in.xml_line = l.number;
      in_xml = true;
    }
    // XML tags are dropped so no reader takes a value from them, except the first, which the "XML is not
    // read" finding quotes as its evidence.
    const bool xml_tag = in_xml && !t.empty() && t.front() == '<' && l.number != in.xml_line;
    if (is_fence(t) || is_prompt(t) || xml_tag) line.clear();
    total += line.size();
    out.push_back(std::move(line));
  }
  auto owned = std::make_shared<std::string>();
  owned->reserve(total);
  std::vector<std::size_t> offsets;
  offsets.reserve(out.size());
  for (const auto& s : out) {
    offsets.push_back(owned->size());
    owned->append(s);
  }
  for (std::size_t i = 0; i < in.lines.size(); ++i)
    in.lines[i].text = std::string_view(*owned).substr(offsets[i], out[i].size());
  in.owned = std::move(owned);
}

bool looks_like_redacted_bus_id(std::string_view s) {
  s = trim(s);
  if (s.empty() || s.size() > 24) return false;
  if (looks_like_bus_id(s)) return false;
  std::string k = lower(s);
  for (std::string_view w : {"[redacted]", "<redacted>", "redacted", "(redacted)", "[removed]", "hidden"})
    if (k == w) return true;
  bool mask = false, colon_or_dot = false;
  for (char c : k) {
    if (c == 'x' || c == '*' || c == '#' || c == '?' || c == '.')
      mask = mask || c != '.';
    else if (c == ':')
      colon_or_dot = true;
    else if (!(is_digit(c) || (c >= 'a' && c <= 'f')))
      return false;
  }
  // "xxxx", "***", "xxxxxxxx:xx:00.0" (masked), or "01:00.0" / "0000:01:00" (shortened)
  if (mask) return true;
  return colon_or_dot && k.size() >= 5 && k.find('.') != std::string::npos;
}

}  // namespace gw::diag
