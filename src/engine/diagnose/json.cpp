// The instance checker's request and answer as JSON (see diagnose.hpp, "across a module boundary").
// Only the web page's two modules and the desktop app read these, so the format is strict and unversioned:
// both sides are always built from the same sources.
#include <cmath>
#include <nlohmann/json.hpp>

#include "engine/diagnose/diagnose.hpp"

namespace gw {

namespace {

using json = nlohmann::json;

json text_json(const Text& t) {
  return json::array({t.en, t.zh});
}

bool read_text(const json& j, Text& out) {
  if (!j.is_array() || j.size() != 2 || !j[0].is_string() || !j[1].is_string()) return false;
  out.en = j[0].get<std::string>();
  out.zh = j[1].get<std::string>();
  return true;
}

// Strings from a paste may hold broken UTF-8: replace it rather than fail.
std::string dump(const json& j) {
  return j.dump(-1, ' ', false, json::error_handler_t::replace);
}

std::string answer_json(const DiagnoseAnswer& a) {
  json findings = json::array();
  for (const Finding& f : a.findings) {
    json o = {{"severity", severity_name(f.severity)},
              {"check", f.check},
              {"gpus", f.gpus},
              {"title", text_json(f.title)},
              {"line", f.evidence.line},
              {"text", f.evidence.text},
              {"section", f.evidence.section},
              {"meaning", text_json(f.meaning)},
              {"action", text_json(f.action)}};
    if (f.slowdown) o["slowdown"] = *f.slowdown;
    findings.push_back(std::move(o));
  }
  json labels = json::array();
  for (const Text& t : a.gpu_labels) labels.push_back(text_json(t));
  return dump({{"summary", text_json(a.summary)}, {"gpus", labels}, {"findings", findings}});
}

std::optional<Severity> read_severity(const json& j) {
  if (!j.is_string()) return std::nullopt;
  for (Severity s : {Severity::info, Severity::warn, Severity::critical})
    if (j.get<std::string>() == severity_name(s)) return s;
  return std::nullopt;
}

bool read_finding(const json& o, Finding& f) {
  if (!o.is_object()) return false;
  const auto sev = o.contains("severity") ? read_severity(o["severity"]) : std::nullopt;
  if (!sev) return false;
  f.severity = *sev;
  for (const char* key : {"check", "text", "section"})
    if (!o.contains(key) || !o[key].is_string()) return false;
  f.check = o["check"].get<std::string>();
  f.evidence.text = o["text"].get<std::string>();
  f.evidence.section = o["section"].get<std::string>();
  if (!o.contains("line") || !o["line"].is_number_integer() || o["line"].get<long long>() < 0 ||
      o["line"].get<long long>() > 1000000000)
    return false;
  f.evidence.line = static_cast<int>(o["line"].get<long long>());
  if (!o.contains("gpus") || !o["gpus"].is_array()) return false;
  for (const json& g : o["gpus"]) {
    if (!g.is_number_integer() || g.get<long long>() < 0 || g.get<long long>() > kDiagnoseMaxGpus)
      return false;
    f.gpus.push_back(static_cast<int>(g.get<long long>()));
  }
  if (!o.contains("title") || !read_text(o["title"], f.title)) return false;
  if (!o.contains("meaning") || !read_text(o["meaning"], f.meaning)) return false;
  if (!o.contains("action") || !read_text(o["action"], f.action)) return false;
  if (o.contains("slowdown")) {
    if (!o["slowdown"].is_number() || !std::isfinite(o["slowdown"].get<double>())) return false;
    f.slowdown = o["slowdown"].get<double>();
  }
  return true;
}

}  // namespace

DiagnoseAnswer diagnose_answer(const DiagnoseReport& report) {
  DiagnoseAnswer a;
  a.summary = report.summary;
  for (const GpuDiagnosis& g : report.gpus) a.gpu_labels.push_back(g.label);
  a.findings = report.findings;
  return a;
}

std::string diagnose_request_json(std::string_view text, const DiagnoseOptions& options) {
  json j = {{"text", std::string(text)},
            {"cuda", options.cuda},
            {"job_hours", options.job_hours},
            {"currency", options.currency},
            {"csv_columns", options.csv_columns}};
  if (options.price_per_hour) j["price_per_hour"] = *options.price_per_hour;
  return dump(j);
}

std::string diagnose_json(std::string_view request_json, const Catalog& catalog) {
  const CudaDriverLoad cuda = bundled_cuda_driver_table();
  return diagnose_json(request_json, DiagnoseContext{catalog, cuda.table, cuda.problems});
}

std::string diagnose_json(std::string_view request_json, const DiagnoseContext& context) {
  const json j = json::parse(request_json.begin(), request_json.end(), nullptr, false);
  DiagnoseOptions o;
  bool ok = j.is_object() && j.contains("text") && j["text"].is_string();
  for (const char* key : {"cuda", "currency", "csv_columns"})
    ok = ok && (!j.contains(key) || j[key].is_string());
  for (const char* key : {"job_hours", "price_per_hour"})
    ok = ok && (!j.contains(key) || (j[key].is_number() && std::isfinite(j[key].get<double>())));
  if (!ok) {
    // Only a bug on the page's side can send this; say so instead of checking nothing silently.
    DiagnoseAnswer a;
    a.summary = {"The checker could not read its request", "检查器无法读取请求"};
    Finding f;
    f.severity = Severity::critical;
    f.check = "input";
    f.title = {"The request to the checker was not understood", "检查器没有读懂这次请求"};
    f.meaning = {"Nothing was checked.", "没有做任何检查。"};
    f.action = {"Reload the page and paste the output again.", "请刷新页面后重新粘贴输出。"};
    a.findings.push_back(f);
    return answer_json(a);
  }
  if (j.contains("cuda")) o.cuda = j["cuda"].get<std::string>();
  if (j.contains("currency")) o.currency = j["currency"].get<std::string>();
  if (j.contains("csv_columns")) o.csv_columns = j["csv_columns"].get<std::string>();
  if (j.contains("job_hours")) o.job_hours = j["job_hours"].get<double>();
  if (j.contains("price_per_hour")) o.price_per_hour = j["price_per_hour"].get<double>();
  const std::string& text = j["text"].get_ref<const std::string&>();
  return answer_json(diagnose_answer(diagnose(text, context, o)));
}

std::optional<DiagnoseAnswer> read_diagnose_answer(std::string_view answer_json, std::string& problem) {
  const json j = json::parse(answer_json.begin(), answer_json.end(), nullptr, false);
  DiagnoseAnswer a;
  if (!j.is_object() || !j.contains("summary") || !read_text(j["summary"], a.summary)) {
    problem = "the checker's answer is not JSON with a summary";
    return std::nullopt;
  }
  if (!j.contains("gpus") || !j["gpus"].is_array() || !j.contains("findings") || !j["findings"].is_array()) {
    problem = "the checker's answer lacks its gpus or findings";
    return std::nullopt;
  }
  for (const json& g : j["gpus"]) {
    Text t;
    if (!read_text(g, t)) {
      problem = "a GPU label in the checker's answer is not text";
      return std::nullopt;
    }
    a.gpu_labels.push_back(std::move(t));
  }
  for (std::size_t i = 0; i < j["findings"].size(); ++i) {
    Finding f;
    if (!read_finding(j["findings"][i], f)) {
      problem = "finding " + std::to_string(i) + " of the checker's answer is malformed";
      return std::nullopt;
    }
    a.findings.push_back(std::move(f));
  }
  return a;
}

}  // namespace gw
