// The CUDA -> minimum driver fact table (data/cuda-drivers.json) and version arithmetic.
#include <algorithm>
#include <nlohmann/json.hpp>

#include "engine/bundled.hpp"
#include "engine/diagnose/detail.hpp"

namespace gw {

std::optional<std::pair<int, int>> parse_cuda_version(std::string_view text) {
  using namespace diag;
  std::string_view t = trim(text);
  if (t.size() > 32) return std::nullopt;
  std::string k = lower(t);
  std::string_view s = k;
  if (starts_with(s, "cuda")) s = trim(s.substr(4));
  if (starts_with(s, "cu") && s.size() >= 4 && whole_number(s.substr(2))) {
    // PyTorch wheel tags: cu118, cu121, cu124, cu128, cu130 -> major is all but the last digit.
    std::string_view digits = s.substr(2);
    if (digits.size() > 3) return std::nullopt;
    int major = static_cast<int>(*whole_number(digits.substr(0, digits.size() - 1)));
    int minor = digits.back() - '0';
    if (major < 1) return std::nullopt;
    return std::make_pair(major, minor);
  }
  auto parts = split_char(s, '.', 4);
  if (parts.size() < 2 || parts.size() > 3) return std::nullopt;
  for (auto p : parts)
    if (p.empty() || p.size() > 3 || !whole_number(p)) return std::nullopt;
  int major = static_cast<int>(*whole_number(parts[0]));
  int minor = static_cast<int>(*whole_number(parts[1]));
  if (major < 1 || major > 99 || minor > 99) return std::nullopt;
  return std::make_pair(major, minor);
}

int compare_driver_versions(std::string_view a, std::string_view b) {
  using namespace diag;
  auto pa = split_char(diag::trim(a), '.', 6);
  auto pb = split_char(diag::trim(b), '.', 6);
  for (std::size_t i = 0; i < std::max(pa.size(), pb.size()); ++i) {
    long long x = i < pa.size() ? whole_number(pa[i]).value_or(0) : 0;
    long long y = i < pb.size() ? whole_number(pb[i]).value_or(0) : 0;
    if (x != y) return x < y ? -1 : 1;
  }
  return 0;
}

CudaDriverLoad load_cuda_driver_table(std::string_view json_text) {
  CudaDriverLoad out;
  nlohmann::json j = nlohmann::json::parse(json_text.begin(), json_text.end(), nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    out.problems.push_back({"/", "cuda-drivers.json is not a JSON object"});
    return out;
  }
  CudaDriverTable t;
  if (j.contains("source") && j["source"].is_string()) t.source = j["source"].get<std::string>();
  if (j.contains("source_date") && j["source_date"].is_string())
    t.source_date = j["source_date"].get<std::string>();
  if (t.source.empty()) out.problems.push_back({"/source", "missing: every fact needs its source"});
  if (t.source_date.empty()) out.problems.push_back({"/source_date", "missing: every fact needs its date"});

  auto driver_ok = [](const nlohmann::json& e) {
    return e.contains("min_driver") && e["min_driver"].is_string() &&
           diag::looks_like_driver_version(e["min_driver"].get<std::string>());
  };
  if (!j.contains("toolkits") || !j["toolkits"].is_array() || j["toolkits"].empty()) {
    out.problems.push_back({"/toolkits", "missing or empty array"});
  } else {
    for (std::size_t i = 0; i < j["toolkits"].size(); ++i) {
      const auto& e = j["toolkits"][i];
      std::string path = "/toolkits/" + std::to_string(i);
      if (!e.is_object() || !e.contains("cuda") || !e["cuda"].is_string()) {
        out.problems.push_back({path + "/cuda", "missing CUDA version string"});
        continue;
      }
      auto v = parse_cuda_version(e["cuda"].get<std::string>());
      if (!v) {
        out.problems.push_back({path + "/cuda", "not a CUDA version like \"12.4\""});
        continue;
      }
      if (!driver_ok(e)) {
        out.problems.push_back({path + "/min_driver", "missing or not a driver version like \"550.54.14\""});
        continue;
      }
      CudaDriverEntry entry{v->first, v->second, e["min_driver"].get<std::string>(), ""};
      if (e.contains("release") && e["release"].is_string()) entry.release = e["release"].get<std::string>();
      t.toolkits.push_back(entry);
    }
  }
  if (j.contains("minor_version_compatibility") && j["minor_version_compatibility"].is_array()) {
    const auto& a = j["minor_version_compatibility"];
    for (std::size_t i = 0; i < a.size(); ++i) {
      const auto& e = a[i];
      std::string path = "/minor_version_compatibility/" + std::to_string(i);
      if (!e.is_object() || !e.contains("cuda_major") || !e["cuda_major"].is_number_integer() ||
          !driver_ok(e)) {
        out.problems.push_back({path, "needs an integer cuda_major and a min_driver like \"525.60.13\""});
        continue;
      }
      t.minor_compat.push_back({e["cuda_major"].get<int>(), 0, e["min_driver"].get<std::string>(), ""});
    }
  }
  std::sort(t.toolkits.begin(), t.toolkits.end(), [](const auto& a, const auto& b) {
    return a.major != b.major ? a.major > b.major : a.minor > b.minor;
  });
  if (out.problems.empty()) out.table = std::move(t);
  return out;
}

CudaDriverLoad bundled_cuda_driver_table() {
  std::string_view text = bundled_file("cuda-drivers.json");
  if (text.empty()) {
    CudaDriverLoad out;
    out.problems.push_back({"data/cuda-drivers.json", "not bundled into this build"});
    return out;
  }
  return load_cuda_driver_table(text);
}

}  // namespace gw
