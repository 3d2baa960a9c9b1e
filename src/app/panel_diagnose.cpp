// The instance checker: paste what nvidia-smi printed on a rented machine; the engine finds what the
// source article's troubleshooting table warns about, with the line that shows it and what to do.
#include <algorithm>
#include <cstring>
#include <optional>
#include <string>
#include <utility>

#include "app/app.hpp"
#include "app/format.hpp"
#include "app/i18n.hpp"
#include "app/theme.hpp"
#include "app/widgets.hpp"
#include "imgui.h"
#include "platform/platform.hpp"

namespace gw::app {

namespace {

Tone tone_of(Severity s) {
  return s == Severity::critical ? Tone::bad : s == Severity::warn ? Tone::warn : Tone::accent;
}

// Takes the checker's answer when one came in (on the web it arrives frames after the request).
void collect(AppState& s) {
  const platform::CheckerAnswer a = platform::take_checker_answer();
  s.diag.waiting = a.state == platform::CheckerAnswer::loading;
  if (a.state == platform::CheckerAnswer::failed && !s.diag.request.empty()) s.diag.failed = true;
  // After Clear, an answer still on its way belongs to text that is gone.
  if (a.state != platform::CheckerAnswer::ready || s.diag.request.empty()) return;
  std::optional<DiagnoseAnswer> answer = read_diagnose_answer(a.json, s.diag.problem);
  if (!answer) return;
  s.diag.answer = std::move(*answer);
  s.diag.problem.clear();
  s.diag.has_report = true;
}

void send(AppState& s) {
  s.diag.failed = false;
  s.diag.waiting = true;
  platform::start_checker(s.diag.request);
  collect(s);
}

void run(AppState& s) {
  DiagnoseOptions opt;
  opt.cuda = s.diag.cuda;
  opt.job_hours = s.diag.job_hours;
  opt.currency = s.scenario.constraints.currency;
  if (!s.report.rows.empty()) {
    const Row& pick = s.report.rows.front();
    opt.price_per_hour = pick.price_per_hour / std::max(1, pick.cards);
  }
  s.diag.request = diagnose_request_json(std::string_view(s.diag.text.data()), opt);
  send(s);
}

// What the findings pane says while there are none to show.
void draw_status(AppState& s) {
  ImGui::PushTextWrapPos(0);
  if (s.diag.failed) {
    ImGui::TextColored(color_v(Tone::bad), "%s",
                       tr("The checker could not be downloaded. Check the connection and try again.",
                          "检查器下载失败。请检查网络后重试。"));
    if (ImGui::Button(tr("Try again", "重试"))) send(s);
    remember_rect("diag_retry");
  } else if (s.diag.waiting) {
    ImGui::TextColored(color_v(Tone::muted), "%s", tr("Checking…", "正在检查……"));
  } else if (!s.diag.problem.empty()) {
    ImGui::TextColored(color_v(Tone::bad), "%s %s",
                       tr("The checker's answer could not be read:", "无法读取检查器的结果："),
                       s.diag.problem.c_str());
  } else {
    ImGui::TextColored(color_v(Tone::muted), "%s",
                       tr("Findings appear here after Check.", "点击“检查”后在此显示结果。"));
  }
  ImGui::PopTextWrapPos();
}

void draw_finding(const Finding& f, int index) {
  ImGui::PushID(index);
  const Tone t = tone_of(f.severity);
  ImGui::PushTextWrapPos(0);
  wrapped_text("[" + std::string(tr(severity_label(f.severity))) + "] " + tr(f.title), color_v(t));
  ImGui::Indent();
  if (f.evidence.line > 0) {
    const std::string where = std::string(tr("line ", "第 ")) + std::to_string(f.evidence.line) +
                              tr("", " 行") + (f.evidence.section.empty() ? "" : " · " + f.evidence.section);
    ImGui::TextColored(color_v(Tone::muted), "%s: %s", where.c_str(), f.evidence.text.c_str());
  }
  if (!f.meaning.empty()) wrapped_text(tr(f.meaning));
  // A no-break space after the arrow: a wrap there would leave the arrow on a line alone.
  if (!f.action.empty()) wrapped_text("→\u00a0" + tr(f.action), color_v(Tone::good));
  if (f.slowdown)
    ImGui::TextColored(color_v(Tone::warn), "%s %s%%", tr("Estimated slowdown:", "估计性能损失："),
                       plain(*f.slowdown * 100, 0).c_str());
  ImGui::PopTextWrapPos();
  ImGui::Unindent();
  ImGui::Spacing();
  ImGui::PopID();
}

// A constructed `nvidia-smi -q` excerpt of the source article's case: a 3090 whose clocks never pass
// 1095 MHz. "Try a sample" pastes it, so a visitor sees findings before renting anything.
constexpr const char* kSample =
    "==============NVSMI LOG==============\n\n"
    "Driver Version                            : 535.104.05\n"
    "CUDA Version                              : 12.2\n\n"
    "Attached GPUs                             : 1\n"
    "GPU 00000000:1A:00.0\n"
    "    Product Name                          : NVIDIA GeForce RTX 3090\n"
    "    Persistence Mode                      : Disabled\n"
    "    Performance State                     : P2\n"
    "    Clocks Event Reasons\n"
    "        Idle                              : Not Active\n"
    "        SW Power Cap                      : Not Active\n"
    "        HW Slowdown                       : Not Active\n"
    "    FB Memory Usage\n"
    "        Total                             : 24576 MiB\n"
    "        Used                              : 20110 MiB\n"
    "    Utilization\n"
    "        Gpu                               : 99 %\n"
    "    GPU Power Readings\n"
    "        Power Draw                        : 214.33 W\n"
    "        Current Power Limit               : 350.00 W\n"
    "        Default Power Limit               : 350.00 W\n"
    "    Clocks\n"
    "        SM                                : 1095 MHz\n"
    "    Max Clocks\n"
    "        SM                                : 1095 MHz\n";

// The commands the checker reads, one per line, for the copy button.
std::string paste_commands() {
  std::string out;
  for (const char* c : kDiagnoseCommands) out += std::string(c) + "\n";
  return out;
}

void draw_what_to_paste(AppState& s) {
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(tr("What to paste: the output of any of these, run on the instance:",
                            "粘贴什么：在实例上运行下面任一命令，粘贴其输出："));
  for (const char* c : kDiagnoseCommands) ImGui::TextColored(color_v(Tone::muted), "  %s", c);
  ImGui::PopTextWrapPos();
  if (ImGui::Button(tr("Copy commands", "复制命令"))) platform::copy_text(paste_commands());
  remember_rect("diag_copy");
  ImGui::SameLine();
  if (ImGui::Button(tr("Try a sample", "试试示例"))) {
    std::memset(s.diag.text.data(), 0, s.diag.text.size());
    std::strncpy(s.diag.text.data(), kSample, s.diag.text.size() - 1);
    run(s);
  }
  remember_rect("diag_sample");
  item_tooltip(tr("Pastes a constructed example: a 3090 held at 1095 MHz, the source article's case.",
                  "填入一个构造的示例：被锁在 1095 MHz 的 3090，即原文中的情况。"));
}

// The paste side: what to paste, the CUDA field, Check and Clear, and the text box `text_h` high.
void draw_input(AppState& s, float text_h) {
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(
      tr("Paste what nvidia-smi printed on the rented instance. `nvidia-smi -q` tells the most; the plain "
         "table works too.",
         "粘贴租用实例上 nvidia-smi 的输出。`nvidia-smi -q` 信息最全，普通表格也可以。"));
  ImGui::PopTextWrapPos();
  draw_what_to_paste(s);
  ImGui::SetNextItemWidth(ImGui::GetFontSize() * 7);
  ImGui::InputTextWithHint("##cuda", tr("CUDA e.g. 12.1", "CUDA 如 12.1"), s.diag.cuda, sizeof s.diag.cuda);
  remember_rect("diag_cuda");
  item_tooltip(tr("The CUDA version your framework needs (torch cu121 = 12.1): checked against the driver.",
                  "你的框架需要的 CUDA 版本（torch cu121 即 12.1）：与驱动版本核对。"));
  ImGui::SameLine();
  if (ImGui::Button(tr("Check", "检查"))) run(s);
  remember_rect("diag_check");
  ImGui::SameLine();
  if (ImGui::Button(tr("Clear", "清空"))) {
    std::memset(s.diag.text.data(), 0, s.diag.text.size());
    s.diag.has_report = false;
    s.diag.failed = false;
    s.diag.problem.clear();
    s.diag.request.clear();
  }
  remember_rect("diag_clear");
  const bool edited = ImGui::InputTextMultiline("##smi", s.diag.text.data(), s.diag.text.size(),
                                                ImVec2(-FLT_MIN, text_h), ImGuiInputTextFlags_AllowTabInput);
  remember_rect("diag_text");
  if (edited && s.diag.has_report) run(s);
}

void draw_findings(AppState& s) {
  if (!s.diag.has_report || s.diag.failed) {
    draw_status(s);
    return;
  }
  const DiagnoseAnswer& r = s.diag.answer;
  ImGui::PushFont(font_heading());
  ImGui::PushTextWrapPos(0);
  ImGui::TextUnformatted(tr(r.summary).c_str());
  ImGui::PopTextWrapPos();
  ImGui::PopFont();
  for (const Text& label : r.gpu_labels) ImGui::TextColored(color_v(Tone::muted), "%s", tr(label).c_str());
  ImGui::Separator();
  for (std::size_t i = 0; i < r.findings.size(); ++i) draw_finding(r.findings[i], static_cast<int>(i));
}

}  // namespace

void draw_diagnose(AppState& s) {
  collect(s);
  const float w = ImGui::GetContentRegionAvail().x;
  if (w > 900 * s.scale) {
    ImGui::BeginChild("diag_in", ImVec2(w * 0.45f, 0), true);
    draw_input(s, -FLT_MIN);
    ImGui::EndChild();
    ImGui::SameLine();
    ImGui::BeginChild("diag_out", ImVec2(0, 0), true);
    draw_findings(s);
    ImGui::EndChild();
    return;
  }
  // A phone: one scrolling column, the paste box and then the findings; boxes of a fixed height would each
  // need a scroll bar inside the page's own.
  ImGui::BeginChild("diagscroll", ImVec2(0, 0), false);
  draw_input(s, ImGui::GetTextLineHeightWithSpacing() * 12);
  ImGui::Spacing();
  ImGui::Separator();
  ImGui::Spacing();
  draw_findings(s);
  ImGui::EndChild();
}

}  // namespace gw::app
