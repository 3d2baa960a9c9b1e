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

// "nvidia-smi --query-gpu=name,memory.total --format=csv,noheader" -> "name,memory.total"; the list may
// be quoted or follow a space instead of '='.
std::string query_gpu_columns(std::string_view t) {
  auto at = t.find("--query-gpu");
  if (at == std::string_view::npos) return {};
  std::string_view rest = t.substr(at + 11);
  if (rest.empty() || (rest.front() != '=' && rest.front() != ' ')) return {};
  rest = trim(rest.substr(1));
  std::string cols;
  for (char c : rest) {
    if (c == ' ' || c == '\t') break;
    if (c != '"' && c != '\'') cols += c;
  }
  return cols.find_first_not_of(',') == std::string::npos ? std::string() : cols;
}

// A terminal narrower than the table (80 columns against the 89 of the 535+ layout) wraps each row: the
// row's '|' opens one line and closes the next, which starts without one. The parts are joined back into
// the first line (the others are left blank, so line numbers stay). A row cut where the paste ends has no
// closing line and stays as it is; the readers take its partial last cell.
void join_wrapped_rows(std::vector<std::string>& rows) {
  constexpr std::size_t kNarrowestTerminal = 40;
  constexpr std::size_t kMaxParts = 4;  // a 40-column terminal splits an 89-column row in three
  for (std::size_t i = 0; i < rows.size(); ++i) {
    std::string_view head = trim(rows[i]);
    // The wrap may fall just after a '|' (the line then looks closed once the copy drops its trailing
    // blanks), so the continuation decides: a line that does not open with '|' or '+' but closes with
    // '|', which nvidia-smi never prints inside its table.
    if (head.size() < kNarrowestTerminal || head.front() != '|') continue;
    std::size_t end = 0;  // the continuation line that closes the row
    for (std::size_t k = i + 1; k < rows.size() && k <= i + kMaxParts - 1; ++k) {
      std::string_view part = trim(rows[k]);
      if (part.empty() || part.front() == '|' || part.front() == '+') break;
      if (part.back() == '|') {
        end = k;
        break;
      }
    }
    if (!end) continue;
    for (std::size_t k = i + 1; k <= end; ++k) {
      rows[i] += rows[k];
      rows[k].clear();
    }
    i = end;
  }
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
    const bool prompt = is_prompt(t);
    if (prompt)
      if (std::string cols = query_gpu_columns(t); !cols.empty() && in.query_columns.size() < 64)
        in.query_columns.emplace_back(l.number, std::move(cols));
    if (is_fence(t) || prompt || xml_tag) line.clear();
    total += line.size();
    out.push_back(std::move(line));
  }
  join_wrapped_rows(out);
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
