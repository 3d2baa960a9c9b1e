// Share-link encoding and decoding (see link.hpp). One table of fields drives both directions,
// so a field can never be written by one and forgotten by the other.
#include "engine/link.hpp"

#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/cost.hpp"
#include "engine/input.hpp"

namespace gw {
namespace {

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

// Link text echoed back in a notice or as the catalog version: clean_text (input.hpp) keeps a link from
// smuggling terminal escape sequences into the CLI's notices.
std::string echo(const std::string& s, std::size_t max) {
  return clean_text(s, max);
}

// The fields a link carries: the input table's (input.hpp), so every door reads a field the same way.
bool link_key(const InputField& f, const std::string& k) {
  return f.in_link && (k == f.key || (*f.link_alias && k == f.link_alias));
}
const InputField* link_field(const std::string& k) {
  for (const InputField& f : input_fields())
    if (link_key(f, k)) return &f;
  return nullptr;
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

// The bundled preset whose task suits a model's kind (ModelKindInfo::task_preset), for a hand-written link
// that names a model but no preset. Null when the presets lack it.
const Preset* task_for_model(const ModelEntry& m, const std::vector<Preset>& presets) {
  return find_preset(presets, model_kind_info(m.kind).task_preset);
}

// The fragment of a whole URL, "#..." or a bare fragment.
std::string_view fragment_of(std::string_view link) {
  if (const std::size_t hash = link.find('#'); hash != std::string_view::npos)
    link.remove_prefix(hash + 1);
  else if (const std::size_t q = link.find('?'); q != std::string_view::npos)
    link.remove_prefix(q + 1);
  return link;
}

// A fragment's decoded key/value pairs (at most 2001).
std::vector<std::pair<std::string, std::string>> link_pairs(std::string_view link) {
  std::vector<std::pair<std::string, std::string>> pairs;
  for (const std::string& part : split(std::string(link), '&')) {
    if (part.empty()) continue;
    const std::size_t eq = part.find('=');
    if (eq == std::string::npos) continue;
    pairs.emplace_back(pct_decode(part.substr(0, eq)), pct_decode(part.substr(eq + 1)));
    if (pairs.size() > 2000) break;
  }
  return pairs;
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
                        const LinkSettings& settings, const ModelLibrary* models) {
  std::string out = "v=" + std::to_string(kLinkVersion);
  Scenario base;
  if (const Preset* p = find_preset(presets, scenario.workload.preset)) {
    base.workload = p->workload;
    out += "&preset=" + pct_encode(p->id);
  }
  // The model's shape is the base of the fields, as decode_link lays it (then model= is equal and skipped).
  const ModelEntry* model =
      models && !scenario.workload.model.empty() ? models->find(scenario.workload.model) : nullptr;
  // The model names the job (its title), as the page's picker does: a title is written only when changed.
  if (model) base.workload.title = {};
  if (model && apply_model(base.workload, *model).empty()) out += "&model=" + pct_encode(model->id);
  for (const InputField& f : input_fields()) {
    if (!f.in_link) continue;
    // A number equal to the base's (and of the same sign: 0 and -0 read differently) is not written, and
    // not formatted either: formatting every field twice was most of a link's encoding.
    if (f.get) {
      const std::optional<double> v = f.get(scenario), b = f.get(base);
      if (v == b && (!v || std::signbit(*v) == std::signbit(*b))) continue;
    }
    const std::string value = input_text(f, scenario);
    if (value != input_text(f, base)) out += std::string("&") + f.key + "=" + pct_encode(value);
  }
  for (const auto& [offer, price] : scenario.price_overrides)
    out +=
        "&price." + pct_encode(offer) + "=" + pct_encode(exact_number(price));  // "2.02721e+06": + is a space
  if (!scenario.catalog_version.empty()) out += "&cat=" + pct_encode(scenario.catalog_version);
  if (!settings.lang.empty()) out += "&lang=" + settings.lang;
  return out;
}

std::string link_model(std::string_view link) {
  if (link.size() > kMaxLinkBytes) return "";
  std::string model;
  for (const auto& [k, v] : link_pairs(fragment_of(link)))
    if (k == "model") model = v;
  return model;
}

LinkDecode decode_link(std::string_view link, const std::vector<Preset>& presets, const Catalog& catalog,
                       const ModelLibrary* models) {
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
  link = fragment_of(link);
  if (link.empty()) return d;
  const std::vector<std::pair<std::string, std::string>> pairs = link_pairs(link);
  // Each key's field, looked up once (the table is searched by name).
  std::vector<const InputField*> fields(pairs.size());
  for (std::size_t i = 0; i < pairs.size(); ++i) fields[i] = link_field(pairs[i].first);
  std::string version, preset_id;
  bool known_key = false;
  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const auto& [k, v] = pairs[i];
    if (k == "v") version = v;
    if (k == "preset") preset_id = v;
    if (k == "model") d.model = echo(v, 100);
    known_key = known_key || k == "preset" || k == "lang" || k == "cat" || k.rfind("price.", 0) == 0;
    known_key = known_key || fields[i];
  }
  // A hand-written link ("#preset=bert-base-finetune&budget=300&deadline=48h") is read as this version; only
  // a fragment with none of our keys is someone else's.
  if (version.empty() && !known_key) {
    d.ok = false;
    d.notices.push_back({"v", notice("This link is not a gpuwise scenario link; the defaults are shown.",
                                     "此链接不是有效的 gpuwise 场景链接，显示默认设置。")});
    return d;
  }
  // Only a hand-written link lacks v=; encode_link always writes it.
  const bool hand_written = version.empty();
  if (version.empty()) version = std::to_string(kLinkVersion);
  if (version != std::to_string(kLinkVersion))
    d.notices.push_back(
        {"v", notice("This link has format version " + echo(version, 8) +
                         "; this page reads version 1, so some settings may be lost.",
                     "链接格式版本为 " + echo(version, 8) + "，本页面读取版本 1，部分设置可能丢失。")});
  // A link with neither a preset nor any job field (hand-written "#v=1&budget=300") keeps the default
  // preset's job; only a link that describes a job starts from an empty one.
  bool describes_job = !preset_id.empty();
  for (const InputField* f : fields)
    if (f && f->workload) describes_job = true;
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
  // "#model=qwen2.5-7b&budget=200" names a model but no task: the task is the preset that suits the
  // model's kind (an empty job would train a 7B model at batch 1 with no data), and the notice says which.
  std::string task = wanted;
  const ModelEntry* named = !d.model.empty() && models ? models->find(d.model) : nullptr;
  if (hand_written && preset_id.empty() && named) {
    if (const Preset* t = task_for_model(*named, presets)) {
      task = t->id;
      d.notices.push_back(
          {"preset", notice("The link names a model but no task: read with the task of '" + t->title.en +
                                "' (" + t->id + "), its data, batch and precision; change them below.",
                            "链接只指定了模型而没有任务：按“" + t->title.zh + "”（" + t->id +
                                "）的任务读取（数据量、批大小和精度）；可在下方修改。")});
    }
  }
  bool found = false;
  Scenario s = describes_job ? base_for(task, presets, catalog, found) : default_scenario(presets, catalog);
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
  // The library model under the fields; one the library lacks is dropped rather than kept as a label on
  // a shape that is not its own.
  bool skip_model_key = false;
  if (!d.model.empty() && models) {
    skip_model_key = true;
    const ModelEntry* m = models->find(d.model);
    Workload laid = s.workload;
    laid.title = {};  // the model names the job, as in encode_link
    if (m && apply_model(laid, *m).empty()) {
      s.workload = std::move(laid);
      d.model = m->id;
      d.model_applied = true;
    } else {
      std::string list;
      for (const std::string& id : closest_model_ids(*models, d.model))
        list += (list.empty() ? "" : ", ") + id;
      d.notices.push_back(
          {"model", list.empty() ? notice("Unknown model '" + d.model + "'; the job is read without it.",
                                          "未知的模型“" + d.model + "”，任务按不含该模型的参数读取。")
                                 : notice("Unknown model '" + d.model + "' (did you mean " + list +
                                              "?); the job is read without it.",
                                          "未知的模型“" + d.model + "”（是否指 " + list +
                                              "？），任务按不含该模型的参数读取。")});
      d.model.clear();
    }
  }
  const Workload preset_workload = s.workload;

  for (std::size_t i = 0; i < pairs.size(); ++i) {
    const auto& [k, v] = pairs[i];
    if (k == "v" || k == "preset" || (k == "model" && skip_model_key)) continue;
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
      if (catalog.offer(offer) && parse_plain_number(v, price) && price > 0 && price < 1e7) {
        s.price_overrides[offer] = price;
      } else {
        d.notices.push_back(
            {"price." + echo(offer, 60), notice("Ignored the edited price for '" + echo(offer, 60) + "'.",
                                                "已忽略对“" + echo(offer, 60) + "”的价格修改。")});
      }
      continue;
    }
    const InputField* field = fields[i];
    if (!field) continue;  // unknown keys are ignored: links from newer versions still open
    // Titles are free text: the link carries them cleaned and cut to 160 bytes, reported like a clamp.
    const bool is_title = field->type == InputType::text && field->name == std::string_view(field->key) &&
                          std::string_view(field->key).rfind("title", 0) == 0;
    const std::string value = is_title ? echo(v, 160) : v;
    const InputSet r = set_input(*field, s, value, true);
    if (r.status == InputSet::bad) {
      d.notices.push_back({k, notice("Ignored '" + k + "': '" + echo(v, 40) + "' is not a valid value.",
                                     "已忽略“" + k + "”：“" + echo(v, 40) + "”不是有效值。")});
    } else if (r.status == InputSet::clamped || value != v) {
      d.notices.push_back(
          {k, notice("'" + k + "' was out of range and was set to " + input_text(*field, s) + ".",
                     "“" + k + "”超出范围，已调整为 " + input_text(*field, s) + "。")});
    }
  }
  // A credit this catalog does not know would make the question invalid (recommend() refuses it): drop it,
  // with a notice, like any other unusable value.
  if (!s.constraints.credits.empty()) {
    Scenario one = s;
    std::vector<std::string> kept;
    for (const std::string& credit : s.constraints.credits) {
      one.constraints.credits = {credit};
      if (check_credits(one.constraints, catalog).empty())
        kept.push_back(credit);
      else
        d.notices.push_back({"credits", notice("Ignored the credit '" + echo(credit, 60) +
                                                   "': this catalog does not know it.",
                                               "已忽略额度“" + echo(credit, 60) + "”：当前目录中没有它。")});
    }
    s.constraints.credits = kept;
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
