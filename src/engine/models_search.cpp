// Searching the model library by what people type (models.hpp, find_models).
#include <algorithm>
#include <cstddef>

#include "engine/models.hpp"

namespace gw {

namespace {

enum class Tok { word, number, size, cjk };

struct Token {
  Tok kind;
  std::string text;    // lowercase; a size keeps its suffix ("7b"), a number its dots ("3.1")
  std::string number;  // number and size: the digits and dots ("7", "0.5")
};

bool ascii_alpha(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}
bool digit(unsigned char c) {
  return c >= '0' && c <= '9';
}
char lower_char(unsigned char c) {
  return static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
}

// "Qwen2.5-7B-Instruct" -> qwen, 2.5, 7b, instruct; "8x7b" -> 8, x, 7b; "30B-A3B" -> 30b, a, 3b;
// "通义千问 Qwen2.5" -> 通义千问, qwen, 2.5. Letters and digits split; a number directly followed by one
// of b, m, k, t and then no letter is a size. Other ASCII is a separator.
std::vector<Token> tokenize(std::string_view s) {
  std::vector<Token> out;
  std::size_t i = 0;
  while (i < s.size()) {
    const unsigned char c = static_cast<unsigned char>(s[i]);
    if (ascii_alpha(c)) {
      std::string w;
      while (i < s.size() && ascii_alpha(static_cast<unsigned char>(s[i]))) w += lower_char(s[i++]);
      out.push_back({Tok::word, w, ""});
    } else if (digit(c)) {
      std::string n;
      while (i < s.size() &&
             (digit(static_cast<unsigned char>(s[i])) ||
              (s[i] == '.' && i + 1 < s.size() && digit(static_cast<unsigned char>(s[i + 1])))))
        n += s[i++];
      const char suffix = i < s.size() ? lower_char(s[i]) : '\0';
      const bool letter_after = i + 1 < s.size() && ascii_alpha(static_cast<unsigned char>(s[i + 1]));
      if ((suffix == 'b' || suffix == 'm' || suffix == 'k' || suffix == 't') && !letter_after) {
        out.push_back({Tok::size, n + suffix, n});
        ++i;
      } else {
        out.push_back({Tok::number, n, n});
      }
    } else if (c >= 0x80) {
      // A run of non-ASCII characters (Chinese names) is one token, matched as a substring.
      std::string w;
      while (i < s.size() && static_cast<unsigned char>(s[i]) >= 0x80) w += s[i++];
      out.push_back({Tok::cjk, w, ""});
    } else {
      ++i;
    }
  }
  return out;
}

std::string undotted(const std::string& n) {
  std::string o;
  for (char c : n)
    if (c != '.') o += c;
  return o;
}

// How well one query token matches one token of an entry: 0 = not at all.
double match(const Token& q, const Token& h) {
  if (q.kind == Tok::cjk) return h.kind == Tok::cjk && h.text.find(q.text) != std::string::npos ? 3 : 0;
  if (q.kind == Tok::word) {
    if (h.kind != Tok::word) return 0;
    if (h.text == q.text) return 3;
    return h.text.rfind(q.text, 0) == 0 ? 2 : 0;
  }
  if (h.kind != Tok::number && h.kind != Tok::size) return 0;
  if (q.kind == Tok::size) {
    if (h.kind != Tok::size) return 0;
    if (h.text == q.text) return 3;
    return undotted(h.number) == undotted(q.number) && h.text.back() == q.text.back() ? 2.5 : 0;
  }
  // A bare number: the same number with or without a size suffix, the same version without its dot
  // ("31" = "3.1"), or the start of a longer version ("3" finds "3.1", never "30").
  if (h.number == q.number) return h.kind == Tok::number ? 3 : 2.8;
  if (undotted(h.number) == undotted(q.number)) return 2.5;
  if (h.kind == Tok::number && h.number.rfind(q.number + ".", 0) == 0) return 1.5;
  return 0;
}

struct Haystack {
  std::vector<Token> id;      // the id's own tokens: an entry whose id is all matched ranks first
  std::vector<Token> others;  // names, aliases, family
};

Haystack haystack(const ModelEntry& m) {
  Haystack h;
  h.id = tokenize(m.id);
  for (std::string_view s :
       {std::string_view(m.name.en), std::string_view(m.name.zh), std::string_view(m.family)}) {
    std::vector<Token> t = tokenize(s);
    h.others.insert(h.others.end(), t.begin(), t.end());
  }
  for (const std::string& a : m.aliases) {
    std::vector<Token> t = tokenize(a);
    h.others.insert(h.others.end(), t.begin(), t.end());
  }
  return h;
}

std::string squash(std::string_view s) {
  std::string o;
  for (unsigned char c : s)
    if (ascii_alpha(c) || digit(c) || c >= 0x80) o += lower_char(c);
  return o;
}

std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> prev(b.size() + 1), cur(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) prev[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    cur[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j)
      cur[j] = std::min({prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)});
    std::swap(prev, cur);
  }
  return prev[b.size()];
}

}  // namespace

std::vector<ModelMatch> find_models(const ModelLibrary& library, std::string_view query,
                                    std::size_t max_results) {
  // A query is read to 200 bytes: nobody types a longer model name.
  const std::string_view q = query.substr(0, 200);
  const std::vector<Token> words = tokenize(q);
  const std::string whole = squash(q);
  std::vector<ModelMatch> out;
  for (const ModelEntry& m : library.models) {
    if (words.empty()) {
      if (whole.empty()) out.push_back({&m, 0});
      continue;
    }
    const Haystack h = haystack(m);
    double score = 0;
    std::vector<bool> id_used(h.id.size(), false);
    bool all = true;
    for (const Token& w : words) {
      double best = 0;
      std::size_t best_id = h.id.size();
      for (std::size_t i = 0; i < h.id.size(); ++i) {
        const double s = match(w, h.id[i]) + 0.2;  // a hit in the id counts a little more
        if (match(w, h.id[i]) > 0 && s > best) best = s, best_id = i;
      }
      for (const Token& t : h.others) best = std::max(best, match(w, t));
      if (best <= 0) {
        all = false;
        break;
      }
      if (best_id < h.id.size()) id_used[best_id] = true;
      score += best;
    }
    if (!all) continue;
    // Fewer id words left unmatched ranks higher: "qwen 7" puts qwen2-7b before qwen2.5-vl-7b... in
    // order of how little else the id says; the exact id or an exact alias comes first of all.
    score -= 0.3 * static_cast<double>(std::count(id_used.begin(), id_used.end(), false));
    if (whole == squash(m.id)) score += 100;
    for (const std::string& a : m.aliases)
      if (whole == squash(a)) score += 50;
    out.push_back({&m, score});
  }
  std::stable_sort(out.begin(), out.end(),
                   [](const ModelMatch& a, const ModelMatch& b) { return a.score > b.score; });
  if (max_results > 0 && out.size() > max_results) out.resize(max_results);
  return out;
}

std::vector<std::string> closest_model_ids(const ModelLibrary& library, std::string_view typed,
                                           std::size_t n) {
  std::vector<std::string> out;
  for (const ModelMatch& m : find_models(library, typed, n)) out.push_back(m.model->id);
  if (out.size() >= n) return out;
  const std::string want = squash(typed.substr(0, 200));
  std::vector<std::pair<std::size_t, const ModelEntry*>> by_distance;
  for (const ModelEntry& m : library.models) by_distance.push_back({edit_distance(want, squash(m.id)), &m});
  std::stable_sort(by_distance.begin(), by_distance.end(),
                   [](const auto& a, const auto& b) { return a.first < b.first; });
  for (const auto& [d, m] : by_distance) {
    if (out.size() >= n) break;
    // Only ids within a third of their length of the typed text: no suggestion beats a wrong one.
    if (d * 3 > std::max(want.size(), squash(m->id).size())) break;
    if (std::find(out.begin(), out.end(), m->id) == out.end()) out.push_back(m->id);
  }
  return out;
}

}  // namespace gw
