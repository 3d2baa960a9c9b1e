// Share-link encoding and decoding (see link.hpp). One table of fields drives both directions,
// so a field can never be written by one and forgotten by the other.
#include "engine/link.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>

namespace gw {
namespace {

// ---- number text: shortest form that reads back to the same double (exact round trips)
std::string num(double v) {
  char buf[40];
  for (int precision = 6; precision <= 17; ++precision) {
    std::snprintf(buf, sizeof buf, "%.*g", precision, v);
    if (std::strtod(buf, nullptr) == v) break;
  }
  return buf;
}

bool parse_num(const std::string& s, double& out) {
  if (s.empty() || s.size() > 40) return false;
  char* end = nullptr;
  const double v = std::strtod(s.c_str(), &end);
  if (end != s.c_str() + s.size() || std::isnan(v)) return false;
  out = v;  // ±inf is allowed here: the caller clamps it into range
  return true;
}

// Durations: "48h", "2d", "90m", "1.5" (hours).
bool parse_duration_hours(const std::string& s, double& out) {
  if (s.empty()) return false;
  double scale = 1;
  std::string body = s;
  switch (s.back()) {
    case 'h':
      body.pop_back();
      break;
    case 'd':
      scale = 24;
      body.pop_back();
      break;
    case 'w':
      scale = 168;
      body.pop_back();
      break;
    case 'm':
      scale = 1.0 / 60;
      body.pop_back();
      break;
    default:
      break;
  }
  if (!parse_num(body, out)) return false;
  out *= scale;
  return true;
}

std::string pct_encode(std::string_view s) {
  static const char* hex = "0123456789ABCDEF";
  std::string out;
  for (unsigned char c : s) {
    if (std::isalnum(c) || c == '-' || c == '_' || c == '.' || c == '~' || c == ',' || c == ':')
      out += static_cast<char>(c);
    else
      out += '%', out += hex[c >> 4], out += hex[c & 15];
  }
  return out;
}

int hex_value(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

std::string pct_decode(std::string_view s) {
  std::string out;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '+') {
      out += ' ';
    } else if (s[i] == '%' && i + 2 < s.size() + 0 && hex_value(s[i + 1]) >= 0 && hex_value(s[i + 2]) >= 0) {
      out += static_cast<char>(hex_value(s[i + 1]) * 16 + hex_value(s[i + 2]));
      i += 2;
    } else {
      out += s[i];
    }
  }
  return out;
}

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> parts;
  std::size_t start = 0;
  for (std::size_t i = 0; i <= s.size(); ++i)
    if (i == s.size() || s[i] == sep) parts.push_back(s.substr(start, i - start)), start = i + 1;
  return parts;
}

std::string join(const std::vector<std::string>& parts) {
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : ",") + p;
  return out;
}

// Link text echoed back in a notice or as the catalog version: at most `max` bytes, cut on a UTF-8
// boundary, control bytes and invalid UTF-8 replaced by '?'. The CLI prints notices to a terminal, so
// a link must not be able to smuggle escape sequences into it.
std::string echo(const std::string& s, std::size_t max) {
  std::string out;
  for (std::size_t i = 0; i < s.size();) {
    const unsigned char b = static_cast<unsigned char>(s[i]);
    std::size_t len = b < 0x80 ? 1 : (b >> 5) == 6 ? 2 : (b >> 4) == 14 ? 3 : (b >> 3) == 30 ? 4 : 0;
    bool ok = len > 0 && i + len <= s.size();
    for (std::size_t k = 1; ok && k < len; ++k) ok = (static_cast<unsigned char>(s[i + k]) & 0xC0) == 0x80;
    if (ok && len == 2) ok = b >= 0xC2;  // overlong
    if (ok && len == 1) ok = b >= 0x20 && b != 0x7f;
    if (ok && len > 1 && b == 0xC2) ok = static_cast<unsigned char>(s[i + 1]) >= 0xA0;  // C1 controls
    if (!ok) len = 1;
    if (out.size() + len > max) break;
    if (ok)
      out.append(s, i, len);
    else
      out += '?';
    i += len;
  }
  return out;
}

bool valid_id(const std::string& s) {
  if (s.empty() || s.size() > 80) return false;
  for (unsigned char c : s)
    if (!(std::isalnum(c) || c == '-' || c == '_' || c == '.')) return false;
  return true;
}

// A GPU name as the user typed it for a reference run ("RTX 3090" before it is resolved to an id):
// clean UTF-8 text (see echo), no ':' (the field separator), at most 80 bytes.
bool valid_gpu_name(const std::string& s) {
  return !s.empty() && s.size() <= 80 && s.find(':') == std::string::npos && echo(s, 80) == s;
}

// ---- the field table
struct Field {
  const char* key;
  std::function<std::string(const Scenario&)> get;  // "" = same as default / not written
  // Returns false when the value is unusable; sets `clamped` when it was moved into range.
  std::function<bool(Scenario&, const std::string&, bool& clamped)> set;
  bool workload = false;  // describes the job (true) or the constraints (false)
};

double clamp(double v, double lo, double hi, bool& clamped) {
  const double c = v < lo ? lo : v > hi ? hi : v;
  if (c != v) clamped = true;
  return c;
}

template <class T>
Field num_field(const char* key, T Workload::*m, double lo, double hi) {
  return {key, [m](const Scenario& s) { return num(static_cast<double>(s.workload.*m)); },
          [m, lo, hi](Scenario& s, const std::string& v, bool& clamped) {
            double d;
            if (!parse_num(v, d)) return false;
            d = clamp(d, lo, hi, clamped);
            if constexpr (std::is_integral_v<T>)
              s.workload.*m = static_cast<T>(std::llround(d));
            else
              s.workload.*m = d;
            return true;
          },
          true};
}

template <class T>
Field num_field(const char* key, T Constraints::*m, Limit limit) {
  return {key, [m](const Scenario& s) { return num(static_cast<double>(s.constraints.*m)); },
          [m, limit](Scenario& s, const std::string& v, bool& clamped) {
            double d;
            if (!parse_num(v, d)) return false;
            s.constraints.*m = static_cast<T>(clamp(d, limit.lo, limit.hi, clamped));
            return true;
          }};
}

Field wbool(const char* key, bool Workload::*m) {
  return {key, [m](const Scenario& s) { return std::string(s.workload.*m ? "1" : "0"); },
          [m](Scenario& s, const std::string& v, bool&) {
            if (v != "1" && v != "0" && v != "true" && v != "false") return false;
            s.workload.*m = v == "1" || v == "true";
            return true;
          },
          true};
}

Field cbool(const char* key, bool Constraints::*m) {
  return {key, [m](const Scenario& s) { return std::string(s.constraints.*m ? "1" : "0"); },
          [m](Scenario& s, const std::string& v, bool&) {
            if (v != "1" && v != "0" && v != "true" && v != "false") return false;
            s.constraints.*m = v == "1" || v == "true";
            return true;
          }};
}

template <class E>
Field enum_field(const char* key, E Workload::*m, bool (*parse)(std::string_view, E&)) {
  return {key, [m](const Scenario& s) { return std::string(to_string(s.workload.*m)); },
          [m, parse](Scenario& s, const std::string& v, bool&) { return parse(v, s.workload.*m); }, true};
}

template <class E>
Field cenum_field(const char* key, E Constraints::*m, bool (*parse)(std::string_view, E&)) {
  return {key, [m](const Scenario& s) { return std::string(to_string(s.constraints.*m)); },
          [m, parse](Scenario& s, const std::string& v, bool&) { return parse(v, s.constraints.*m); }};
}

Field optional_hours(const char* key, std::optional<double> Constraints::*m, Limit limit) {
  return {
      key,
      [m](const Scenario& s) { return (s.constraints.*m) ? num(*(s.constraints.*m)) + "h" : std::string(); },
      [m, limit](Scenario& s, const std::string& v, bool& clamped) {
        double d;
        if (!parse_duration_hours(v, d)) return false;
        s.constraints.*m = clamp(d, limit.lo, limit.hi, clamped);
        return true;
      }};
}

Field optional_num(const char* key, std::optional<double> Constraints::*m, Limit limit) {
  return {key,
          [m](const Scenario& s) { return (s.constraints.*m) ? num(*(s.constraints.*m)) : std::string(); },
          [m, limit](Scenario& s, const std::string& v, bool& clamped) {
            double d;
            if (!parse_num(v, d)) return false;
            s.constraints.*m = clamp(d, limit.lo, limit.hi, clamped);
            return true;
          }};
}

Field id_list(const char* key, std::vector<std::string> Constraints::*m) {
  return {key, [m](const Scenario& s) { return join(s.constraints.*m); },
          [m](Scenario& s, const std::string& v, bool&) {
            std::vector<std::string> ids;
            for (const std::string& id : split(v, ','))
              if (!id.empty()) {
                if (!valid_id(id) || ids.size() >= 64) return false;
                ids.push_back(id);
              }
            s.constraints.*m = ids;
            return true;
          }};
}

// A job title in one language. Titles are free text a user typed, so the link carries them cleaned (see
// echo) and cut to 160 bytes; a title that had to change is reported like a clamped number.
Field title_field(const char* key, std::string Text::*m) {
  return {key, [m](const Scenario& s) { return s.workload.title.*m; },
          [m](Scenario& s, const std::string& v, bool& clamped) {
            std::string clean = echo(v, 160);
            if (clean != v) clamped = true;
            s.workload.title.*m = std::move(clean);
            return true;
          }};
}

const std::vector<Field>& fields() {
  // Job ranges are validate_workload's (workload.cpp), so every valid job travels through a link unchanged.
  static const std::vector<Field> table = {
      title_field("title", &Text::en),
      title_field("title_zh", &Text::zh),
      enum_field("mode", &Workload::mode, &parse_mode),
      enum_field("arch", &Workload::arch, &parse_arch),
      num_field("params", &Workload::params, 0, 1e15),
      num_field("layers", &Workload::layers, 0, 1e5),
      num_field("hidden", &Workload::hidden, 0, 1e7),
      num_field("heads", &Workload::heads, 0, 1e6),
      num_field("kvh", &Workload::kv_heads, 0, 1e6),
      num_field("vocab", &Workload::vocab, 0, 1e9),
      num_field("act", &Workload::activation_mib_per_sample, 0, 1e9),
      num_field("gflops", &Workload::gflops_per_sample, 0, 1e12),
      num_field("bps", &Workload::bytes_per_sample_mib, 0, 1e12),
      num_field("ws", &Workload::working_set_gib, 0, 1e9),
      num_field("batch", &Workload::micro_batch, 1, 1e8),
      num_field("accum", &Workload::grad_accum, 1, 1e8),
      num_field("seq", &Workload::seq_len, 0, 1e9),
      num_field("px", &Workload::image_px, 0, 1e7),
      enum_field("prec", &Workload::precision, &parse_precision),
      enum_field("opt", &Workload::optimizer, &parse_optimizer),
      wbool("ckpt", &Workload::checkpointing),
      wbool("fa", &Workload::fused_attention),
      wbool("fused", &Workload::fused_attention),
      wbool("f16acc", &Workload::fp16_accumulate),
      num_field("wbits", &Workload::weight_bits, 1, 64),
      num_field("rank", &Workload::lora_rank, 1, 1e6),
      num_field("samples", &Workload::dataset_samples, 0, 1e15),
      num_field("epochs", &Workload::epochs, 0, 1e6),
      num_field("tokens", &Workload::tokens, 0, 1e16),
      num_field("ibatch", &Workload::inference_batch, 1, 1e8),
      num_field("ctx", &Workload::context_tokens, 0, 1e9),
      num_field("chref", &Workload::compute_hours_fp32_ref, 0, 1e9),
      num_field("dl", &Workload::data_loading_share, 0, 0.95),
      enum_field("bound", &Workload::bound, &parse_bound),
      wbool("fp64", &Workload::needs_fp64),
      {"ref",
       [](const Scenario& s) {
         const auto& r = s.workload.reference;
         return r ? r->gpu + ":" + std::to_string(r->gpu_count) + ":" + num(r->hours) : std::string();
       },
       [](Scenario& s, const std::string& v, bool& clamped) {
         const auto parts = split(v, ':');
         double count, hours;
         if (parts.size() != 3 || !valid_gpu_name(parts[0]) || !parse_num(parts[1], count) ||
             !parse_num(parts[2], hours))
           return false;
         s.workload.reference =
             ReferenceRun{parts[0], static_cast<int>(clamp(std::round(count), 1, 64, clamped)),
                          clamp(hours, 1.0 / 60, 24.0 * 365 * 5, clamped)};
         return true;
       },
       true},
      optional_num("budget", &Constraints::budget, limits::budget),
      {"cur", [](const Scenario& s) { return s.constraints.currency; },
       [](Scenario& s, const std::string& v, bool&) {
         if (v != "CNY" && v != "USD") return false;
         s.constraints.currency = v;
         return true;
       }},
      optional_hours("deadline", &Constraints::deadline_hours, limits::deadline_hours),
      cenum_field("goal", &Constraints::goal, &parse_goal),
      cenum_field("spot", &Constraints::spot, &parse_spot_policy),
      cbool("student", &Constraints::student),
      cbool("newuser", &Constraints::new_user),
      id_list("credits", &Constraints::credits),
      id_list("prov", &Constraints::providers),
      id_list("excl", &Constraints::exclude),
      optional_num("fx", &Constraints::usd_cny, limits::usd_cny),
      {"cards",
       [](const Scenario& s) {
         std::vector<std::string> parts;
         for (int c : s.constraints.card_counts) parts.push_back(std::to_string(c));
         return join(parts);
       },
       [](Scenario& s, const std::string& v, bool& clamped) {
         std::vector<int> counts;
         for (const std::string& part : split(v, ',')) {
           double d;
           if (!parse_num(part, d) || counts.size() >= 16) return false;
           counts.push_back(
               static_cast<int>(clamp(std::round(d), limits::cards.lo, limits::cards.hi, clamped)));
         }
         if (counts.empty()) return false;
         s.constraints.card_counts = counts;
         return true;
       }},
      num_field("setup", &Constraints::setup_hours, limits::setup_hours),
      num_field("idle", &Constraints::idle_tail_hours, limits::idle_tail_hours),
      num_field("disk", &Constraints::disk_gb, limits::disk_gb),
      num_field("months", &Constraints::storage_months, limits::storage_months),
      num_field("data", &Constraints::dataset_gb, limits::dataset_gb),
      num_field("up", &Constraints::upload_mbps, limits::upload_mbps),
      num_field("egress", &Constraints::egress_gb, limits::egress_gb),
      cbool("internal", &Constraints::internal_network),
      num_field("extras", &Constraints::extras_per_month, limits::extras_per_month),
      optional_num("irate", &Constraints::interruptions_per_hour, limits::interruptions_per_hour),
      num_field("ckw", &Constraints::checkpoint_write_minutes, limits::checkpoint_write_minutes),
      optional_num("cki", &Constraints::checkpoint_interval_hours, limits::checkpoint_interval_hours),
      num_field("restart", &Constraints::restart_minutes, limits::restart_minutes),
      num_field("seed", &Constraints::seed, limits::seed),
  };
  return table;
}

Scenario base_for(const std::string& preset_id, const std::vector<Preset>& presets, const Catalog& catalog,
                  bool& found) {
  Scenario s = default_scenario(presets, catalog);
  found = false;
  if (preset_id.empty()) s.workload = Workload{};  // a custom job: every field is in the link
  if (const Preset* p = find_preset(presets, preset_id)) {
    s.workload = p->workload;
    s.workload.preset = p->id;
    found = true;
  }
  return s;
}

Text notice(const std::string& en, const std::string& zh) {
  return Text{en, zh};
}

}  // namespace

Scenario default_scenario(const std::vector<Preset>& presets, const Catalog& catalog) {
  Scenario s;
  if (!presets.empty()) {
    s.workload = presets.front().workload;
    s.workload.preset = presets.front().id;
  }
  s.catalog_version = catalog.catalog_version;
  return s;
}

std::string encode_link(const Scenario& scenario, const std::vector<Preset>& presets,
                        const LinkSettings& settings) {
  std::string out = "v=" + std::to_string(kLinkVersion);
  Scenario base;
  if (const Preset* p = find_preset(presets, scenario.workload.preset)) {
    base.workload = p->workload;
    out += "&preset=" + pct_encode(p->id);
  }
  for (const Field& f : fields()) {
    const std::string value = f.get(scenario);
    if (value != f.get(base)) out += std::string("&") + f.key + "=" + pct_encode(value);
  }
  for (const auto& [offer, price] : scenario.price_overrides)
    out += "&price." + pct_encode(offer) + "=" + num(price);
  if (!scenario.catalog_version.empty()) out += "&cat=" + pct_encode(scenario.catalog_version);
  if (!settings.lang.empty()) out += "&lang=" + settings.lang;
  return out;
}

LinkDecode decode_link(std::string_view link, const std::vector<Preset>& presets, const Catalog& catalog) {
  LinkDecode d;
  d.scenario = default_scenario(presets, catalog);
  if (link.size() > kMaxLinkBytes) {
    d.ok = false;
    d.notices.push_back(
        {"", notice("The link is too long (" + std::to_string(link.size() / 1024) +
                        " KB) and was ignored; the defaults are shown.",
                    "链接过长（" + std::to_string(link.size() / 1024) + " KB），已忽略，显示默认设置。")});
    return d;
  }
  if (const std::size_t hash = link.find('#'); hash != std::string_view::npos)
    link.remove_prefix(hash + 1);
  else if (const std::size_t q = link.find('?'); q != std::string_view::npos)
    link.remove_prefix(q + 1);
  if (link.empty()) return d;

  std::vector<std::pair<std::string, std::string>> pairs;
  for (const std::string& part : split(std::string(link), '&')) {
    if (part.empty()) continue;
    const std::size_t eq = part.find('=');
    if (eq == std::string::npos) continue;
    pairs.emplace_back(pct_decode(part.substr(0, eq)), pct_decode(part.substr(eq + 1)));
    if (pairs.size() > 2000) break;
  }
  std::string version, preset_id;
  bool known_key = false;
  for (const auto& [k, v] : pairs) {
    if (k == "v") version = v;
    if (k == "preset") preset_id = v;
    known_key = known_key || k == "preset" || k == "lang" || k == "cat" || k.rfind("price.", 0) == 0;
    for (const Field& f : fields()) known_key = known_key || k == f.key;
  }
  // A hand-written link ("#preset=bert-base-finetune&budget=300&deadline=48h") is read as this version; only
  // a fragment with none of our keys is someone else's.
  if (version.empty() && !known_key) {
    d.ok = false;
    d.notices.push_back({"v", notice("This link is not a gpuwise scenario link; the defaults are shown.",
                                     "此链接不是有效的 gpuwise 场景链接，显示默认设置。")});
    return d;
  }
  if (version.empty()) version = std::to_string(kLinkVersion);
  if (version != std::to_string(kLinkVersion))
    d.notices.push_back(
        {"v", notice("This link has format version " + echo(version, 8) +
                         "; this page reads version 1, so some settings may be lost.",
                     "链接格式版本为 " + echo(version, 8) + "，本页面读取版本 1，部分设置可能丢失。")});
  // A link with neither a preset nor any job field (hand-written "#v=1&budget=300") keeps the default
  // preset's job; only a link that describes a job starts from an empty one.
  bool describes_job = !preset_id.empty();
  for (const auto& [k, v] : pairs)
    for (const Field& f : fields())
      if (f.workload && k == f.key) describes_job = true;
  // A hand-written link may shorten the preset: a unique start of an id stands for it, and an ambiguous one
  // is answered with the candidates.
  std::vector<std::string> starts;
  if (preset_id.size() >= 3 && !find_preset(presets, preset_id))
    for (const Preset& p : presets)
      if (p.id.rfind(preset_id, 0) == 0 && starts.size() < 4) starts.push_back(p.id);
  const std::string wanted = starts.size() == 1 ? starts.front() : preset_id;
  if (wanted != preset_id)
    d.notices.push_back(
        {"preset", notice("Preset '" + echo(preset_id, 40) + "' was read as '" + wanted + "'.",
                          "预设“" + echo(preset_id, 40) + "”按“" + wanted + "”读取。")});
  bool found = false;
  Scenario s = describes_job ? base_for(wanted, presets, catalog, found) : default_scenario(presets, catalog);
  if (!preset_id.empty() && !found) {
    std::string list;
    for (const std::string& id : starts) list += (list.empty() ? "" : ", ") + id;
    d.notices.push_back(
        {"preset", starts.empty()
                       ? notice("Unknown preset '" + echo(preset_id, 40) + "'; the default preset is used.",
                                "未知的预设“" + echo(preset_id, 40) + "”，已改用默认预设。")
                       : notice("Preset '" + echo(preset_id, 40) + "' could be " + list +
                                    "; the default preset is used.",
                                "预设“" + echo(preset_id, 40) + "”可能是 " + list + "，已改用默认预设。")});
  }
  const Workload preset_workload = s.workload;

  for (const auto& [k, v] : pairs) {
    if (k == "v" || k == "preset") continue;
    if (k == "lang") {
      if (v == "zh" || v == "en") d.settings.lang = v;
      continue;
    }
    if (k == "cat") {
      d.catalog_version = echo(v, 40);
      continue;
    }
    if (k.rfind("price.", 0) == 0) {
      const std::string offer = k.substr(6);
      double price;
      if (catalog.offer(offer) && parse_num(v, price) && price > 0 && price < 1e7) {
        s.price_overrides[offer] = price;
      } else {
        d.notices.push_back(
            {"price." + echo(offer, 60), notice("Ignored the edited price for '" + echo(offer, 60) + "'.",
                                                "已忽略对“" + echo(offer, 60) + "”的价格修改。")});
      }
      continue;
    }
    const Field* field = nullptr;
    for (const Field& f : fields())
      if (k == f.key) field = &f;
    if (!field) continue;  // unknown keys are ignored: links from newer versions still open
    bool clamped = false;
    if (!field->set(s, v, clamped)) {
      d.notices.push_back({k, notice("Ignored '" + k + "': '" + echo(v, 40) + "' is not a valid value.",
                                     "已忽略“" + k + "”：“" + echo(v, 40) + "”不是有效值。")});
    } else if (clamped) {
      d.notices.push_back({k, notice("'" + k + "' was out of range and was set to " + field->get(s) + ".",
                                     "“" + k + "”超出范围，已调整为 " + field->get(s) + "。")});
    }
  }
  // The combination may still be inconsistent (e.g. hidden not divisible by heads): keep the preset's job.
  const std::vector<Problem> problems = validate_workload(s.workload);
  if (!problems.empty()) {
    d.notices.push_back(
        {problems.front().path,
         notice("The job in the link is inconsistent (" + problems.front().message +
                    "); the preset's job is shown instead.",
                "链接中的任务参数不一致（" + problems.front().message + "），已改用预设任务。")});
    const bool custom = preset_workload.preset.empty();
    s.workload = custom ? default_scenario(presets, catalog).workload : preset_workload;
  }
  s.catalog_version = catalog.catalog_version;
  d.catalog_mismatch = !d.catalog_version.empty() && d.catalog_version != catalog.catalog_version;
  d.scenario = std::move(s);
  return d;
}

}  // namespace gw
