// Parsing and checking data/guide.json. Problems are collected, never thrown, so a broken edit lists
// every mistake at once with its JSON path.
#include "guide.hpp"

#include <cstdio>
#include <nlohmann/json.hpp>
#include <set>

namespace gw {
namespace {

using nlohmann::json;

struct Parser {
  std::vector<Problem> problems;

  void add(const std::string& path, const std::string& message) { problems.push_back({path, message}); }

  void check_keys(const json& obj, const std::string& path, std::initializer_list<const char*> allowed) {
    for (auto it = obj.begin(); it != obj.end(); ++it) {
      bool known = false;
      for (const char* k : allowed) known = known || it.key() == k;
      if (!known) add(path + "/" + it.key(), "unknown key '" + it.key() + "'");
    }
  }

  // plain_ok: headers and cells may be a bare string that reads the same in both languages.
  Text text(const json* j, const std::string& path, bool plain_ok) {
    if (!j) {
      add(path, "missing text (an object with \"en\" and \"zh\")");
      return {};
    }
    if (j->is_string()) {
      if (!plain_ok) add(path, "must be an object with \"en\" and \"zh\", not a plain string");
      const std::string s = j->get<std::string>();
      return {s, s};
    }
    if (!j->is_object()) {
      add(path, "must be an object with \"en\" and \"zh\"");
      return {};
    }
    check_keys(*j, path, {"en", "zh"});
    Text t;
    for (const char* lang : {"en", "zh"}) {
      const auto it = j->find(lang);
      if (it == j->end())
        add(path + "/" + lang, std::string("missing the ") + lang + " text");
      else if (!it->is_string())
        add(path + "/" + lang, "must be a string");
      else
        (lang[0] == 'e' ? t.en : t.zh) = it->get<std::string>();
    }
    return t;
  }

  const json* field(const json& obj, const char* key) {
    const auto it = obj.find(key);
    return it == obj.end() ? nullptr : &*it;
  }

  // An optional array; a present non-array is a problem.
  const json* array(const json& obj, const char* key, const std::string& path, bool required) {
    const json* a = field(obj, key);
    if (!a) {
      if (required) add(path + "/" + key, "missing array");
      return nullptr;
    }
    if (!a->is_array()) {
      add(path + "/" + key, "must be an array");
      return nullptr;
    }
    return a;
  }

  std::vector<Text> texts(const json& obj, const char* key, const std::string& path, bool required,
                          bool plain_ok) {
    std::vector<Text> out;
    if (const json* a = array(obj, key, path, required))
      for (std::size_t i = 0; i < a->size(); ++i)
        out.push_back(text(&(*a)[i], path + "/" + key + "/" + std::to_string(i), plain_ok));
    return out;
  }

  std::string id(const json& obj, const std::string& path) {
    const json* j = field(obj, "id");
    if (!j || !j->is_string()) {
      add(path + "/id", "missing id (a string)");
      return "";
    }
    return j->get<std::string>();
  }

  GuideTable table(const json& j, const std::string& path) {
    GuideTable t;
    if (!j.is_object()) {
      add(path, "a table must be an object");
      return t;
    }
    check_keys(j, path, {"id", "title", "headers", "right_align", "rows", "notes"});
    t.id = id(j, path);
    t.title = text(field(j, "title"), path + "/title", false);
    t.headers = texts(j, "headers", path, true, true);
    if (const json* ra = array(j, "right_align", path, false))
      for (std::size_t i = 0; i < ra->size(); ++i) {
        if (!(*ra)[i].is_boolean()) add(path + "/right_align/" + std::to_string(i), "must be true or false");
        t.right_align.push_back((*ra)[i].is_boolean() && (*ra)[i].get<bool>());
      }
    if (const json* rows = array(j, "rows", path, true))
      for (std::size_t r = 0; r < rows->size(); ++r) {
        const std::string rp = path + "/rows/" + std::to_string(r);
        if (!(*rows)[r].is_array()) {
          add(rp, "a row must be an array of cells");
          continue;
        }
        std::vector<Text> row;
        for (std::size_t c = 0; c < (*rows)[r].size(); ++c)
          row.push_back(text(&(*rows)[r][c], rp + "/" + std::to_string(c), true));
        t.rows.push_back(std::move(row));
      }
    t.notes = texts(j, "notes", path, false, false);
    return t;
  }

  GuideSection section(const json& j, const std::string& path) {
    GuideSection s;
    if (!j.is_object()) {
      add(path, "a section must be an object");
      return s;
    }
    check_keys(j, path, {"id", "title", "paragraphs", "tables"});
    s.id = id(j, path);
    s.title = text(field(j, "title"), path + "/title", false);
    s.paragraphs = texts(j, "paragraphs", path, false, false);
    if (const json* tables = array(j, "tables", path, false))
      for (std::size_t i = 0; i < tables->size(); ++i)
        s.tables.push_back(table((*tables)[i], path + "/tables/" + std::to_string(i)));
    return s;
  }
};

// ---- validation helpers

// Decodes UTF-8; returns false on a malformed sequence.
bool decode(std::string_view s, std::vector<char32_t>& out) {
  out.clear();
  for (std::size_t i = 0; i < s.size();) {
    const unsigned char b = static_cast<unsigned char>(s[i]);
    int len = b < 0x80 ? 1 : (b >> 5) == 6 ? 2 : (b >> 4) == 14 ? 3 : (b >> 3) == 30 ? 4 : 0;
    if (len == 0 || i + len > s.size()) return false;
    char32_t c = len == 1 ? b : len == 2 ? (b & 0x1F) : len == 3 ? (b & 0x0F) : (b & 0x07);
    for (int k = 1; k < len; ++k) {
      const unsigned char cb = static_cast<unsigned char>(s[i + k]);
      if ((cb >> 6) != 2) return false;
      c = (c << 6) | (cb & 0x3F);
    }
    out.push_back(c);
    i += len;
  }
  return true;
}

// The glyphs of the Latin UI font (scripts/build-font.py: printable ASCII, Latin-1 and LATIN_EXTRA).
// English text outside this set would show as boxes for a reader who never loads the CJK font.
bool in_latin_font(char32_t c) {
  static const char32_t extra[] = {U'×', U'÷', U'±', U'≈', U'≤', U'≥', U'≠', U'→', U'←', U'↑', U'↓',
                                   U'↗', U'·', U'•', U'–', U'—', U'…', U'‘', U'’', U'“', U'”', U'°',
                                   U'µ', U'²', U'³', U'¥', U'€', U'£', U'§', U'©', U'®', U'™', U'✓',
                                   U'✗', U'▲', U'▼', U'▶', U'◀', U'■', U'□', U'●', U'○'};
  if ((c >= 0x20 && c <= 0x7E) || (c >= 0xA0 && c <= 0xFF)) return true;
  for (char32_t e : extra)
    if (c == e) return true;
  return false;
}

bool is_han(char32_t c) {
  return (c >= 0x4E00 && c <= 0x9FFF) || (c >= 0x3400 && c <= 0x4DBF);
}

// A lowercase ASCII word of two or more letters ("or", "per") marks prose, which needs a translation.
bool has_prose_word(std::string_view s) {
  std::size_t run = 0;
  bool lower_only = true;
  for (std::size_t i = 0; i <= s.size(); ++i) {
    const char c = i < s.size() ? s[i] : ' ';
    const bool letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    const bool digit = c >= '0' && c <= '9';
    if (letter || digit) {
      ++run;
      lower_only = lower_only && !(c >= 'A' && c <= 'Z') && !digit;
    } else {
      if (run >= 2 && lower_only) return true;
      run = 0;
      lower_only = true;
    }
  }
  return false;
}

void check_text(const Text& t, const std::string& path, bool prose, std::vector<Problem>& out) {
  std::vector<char32_t> cps;
  if (t.en.empty() || t.zh.empty()) {
    out.push_back({path, t.en.empty() ? "the English text is empty" : "the Chinese text is empty"});
    return;
  }
  for (const auto* lang : {&t.en, &t.zh}) {
    const std::string p = path + (t.en == t.zh ? "" : lang == &t.en ? "/en" : "/zh");
    if (!decode(*lang, cps)) {
      out.push_back({p, "is not valid UTF-8"});
      return;
    }
    for (char32_t c : cps)
      if (c < 0x20 || c == 0x7F) {
        out.push_back({p, "contains a control character (line breaks are left to the front end)"});
        return;
      }
    if (lang->front() == ' ' || lang->back() == ' ') out.push_back({p, "has leading or trailing spaces"});
  }
  decode(t.en, cps);
  for (char32_t c : cps)
    if (!in_latin_font(c)) {
      char hex[16];
      std::snprintf(hex, sizeof hex, "U+%04X", static_cast<unsigned>(c));
      out.push_back(
          {path + (t.en == t.zh ? "" : "/en"),
           std::string("uses ") + hex + ", which the Latin UI font lacks; English readers would see a box"});
      break;
    }
  if (t.en == t.zh) {
    if (prose)
      out.push_back({path, "is the same in both languages; prose needs a Chinese translation"});
    else if (has_prose_word(t.en))
      out.push_back(
          {path, "'" + t.en + "' reads as English words; give {\"en\", \"zh\"} instead of one string"});
    return;
  }
  decode(t.zh, cps);
  bool han = false;
  for (char32_t c : cps) han = han || is_han(c);
  if (!han) out.push_back({path + "/zh", "has no Chinese characters; translate it or use one shared string"});
}

bool good_id(const std::string& id) {
  if (id.empty() || !(id[0] >= 'a' && id[0] <= 'z')) return false;
  for (char c : id)
    if (!((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' || c == '-')) return false;
  return true;
}

}  // namespace

std::vector<Problem> validate_guide(const Guide& g) {
  std::vector<Problem> out;
  if (g.version != 1) out.push_back({"/version", "must be 1 (the only version this build reads)"});
  check_text(g.title, "/title", true, out);
  check_text(g.source, "/source", true, out);
  if (g.sections.empty()) out.push_back({"/sections", "the guide has no sections"});
  std::set<std::string> section_ids, table_ids;
  for (std::size_t s = 0; s < g.sections.size(); ++s) {
    const GuideSection& sec = g.sections[s];
    const std::string sp = "/sections/" + std::to_string(s);
    if (!good_id(sec.id))
      out.push_back({sp + "/id", "'" + sec.id + "' is not an id (a-z, 0-9, _ or -)"});
    else if (!section_ids.insert(sec.id).second)
      out.push_back({sp + "/id", "duplicate section id '" + sec.id + "'"});
    check_text(sec.title, sp + "/title", true, out);
    if (sec.paragraphs.empty() && sec.tables.empty())
      out.push_back({sp, "a section needs at least one paragraph or table"});
    for (std::size_t p = 0; p < sec.paragraphs.size(); ++p)
      check_text(sec.paragraphs[p], sp + "/paragraphs/" + std::to_string(p), true, out);
    for (std::size_t t = 0; t < sec.tables.size(); ++t) {
      const GuideTable& tab = sec.tables[t];
      const std::string tp = sp + "/tables/" + std::to_string(t);
      if (!good_id(tab.id))
        out.push_back({tp + "/id", "'" + tab.id + "' is not an id (a-z, 0-9, _ or -)"});
      else if (!table_ids.insert(tab.id).second)
        out.push_back({tp + "/id", "duplicate table id '" + tab.id + "'"});
      check_text(tab.title, tp + "/title", true, out);
      if (tab.headers.empty()) out.push_back({tp + "/headers", "a table needs at least one column"});
      for (std::size_t h = 0; h < tab.headers.size(); ++h)
        check_text(tab.headers[h], tp + "/headers/" + std::to_string(h), false, out);
      if (!tab.right_align.empty() && tab.right_align.size() != tab.headers.size())
        out.push_back(
            {tp + "/right_align", "needs one entry per header (" + std::to_string(tab.headers.size()) + ")"});
      if (tab.rows.empty()) out.push_back({tp + "/rows", "a table needs at least one row"});
      for (std::size_t r = 0; r < tab.rows.size(); ++r) {
        const std::string rp = tp + "/rows/" + std::to_string(r);
        if (tab.rows[r].size() != tab.headers.size())
          out.push_back({rp, "has " + std::to_string(tab.rows[r].size()) + " cells; the header has " +
                                 std::to_string(tab.headers.size())});
        for (std::size_t c = 0; c < tab.rows[r].size(); ++c)
          check_text(tab.rows[r][c], rp + "/" + std::to_string(c), false, out);
      }
      for (std::size_t n = 0; n < tab.notes.size(); ++n)
        check_text(tab.notes[n], tp + "/notes/" + std::to_string(n), true, out);
    }
  }
  return out;
}

GuideLoad load_guide(std::string_view text) {
  GuideLoad load;
  // No exceptions: the browser build cannot catch them.
  const json root = json::parse(text.begin(), text.end(), nullptr, false);
  if (root.is_discarded()) {
    load.problems.push_back({"", "not valid JSON"});
    return load;
  }
  if (!root.is_object()) {
    load.problems.push_back({"", "the guide must be a JSON object"});
    return load;
  }
  Parser p;
  p.check_keys(root, "", {"version", "title", "source", "sections"});
  Guide g;
  const json* version = p.field(root, "version");
  if (!version || !version->is_number_integer())
    p.add("/version", "missing version (an integer)");
  else
    g.version = version->get<int>();
  g.title = p.text(p.field(root, "title"), "/title", false);
  g.source = p.text(p.field(root, "source"), "/source", false);
  if (const json* sections = p.array(root, "sections", "", true))
    for (std::size_t i = 0; i < sections->size(); ++i)
      g.sections.push_back(p.section((*sections)[i], "/sections/" + std::to_string(i)));
  load.problems = std::move(p.problems);
  // Validation runs on whatever parsed, so one pass reports structural and content problems together.
  for (Problem& pr : validate_guide(g)) {
    bool dup = false;
    for (const Problem& q : load.problems)
      dup = dup || q.path == pr.path || pr.path.rfind(q.path + "/", 0) == 0;
    if (!dup) load.problems.push_back(std::move(pr));
  }
  if (load.problems.empty()) load.guide = std::move(g);
  return load;
}

const GuideSection* find_guide_section(const Guide& g, std::string_view id) {
  for (const GuideSection& s : g.sections)
    if (s.id == id) return &s;
  return nullptr;
}

const GuideTable* find_guide_table(const Guide& g, std::string_view id) {
  for (const GuideSection& s : g.sections)
    for (const GuideTable& t : s.tables)
      if (t.id == id) return &t;
  return nullptr;
}

}  // namespace gw
