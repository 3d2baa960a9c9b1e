// gpuwise completion bash: a bash completion script generated from the CLI11 command tree itself, so a
// new command, flag or choice is completed the moment it exists.
#include <cctype>
#include <cstdio>
#include <iostream>
#include <set>
#include <sstream>

#include "cli/cli.hpp"

namespace gw::cli {
namespace {

// An option's choices: the set CLI11's IsMember puts in its type name ("TEXT:{zh,en}"), or a value
// named as the choices themselves ("table|json|csv|md", "bash"); empty when free-form.
std::vector<std::string> choices(const CLI::Option* opt) {
  const std::string type = opt->get_type_name();
  std::size_t open = type.find('{'), close = type.find('}', open);
  char sep = ',';
  if (open == std::string::npos || close == std::string::npos) {
    // Value names (FILE, N[,N...]) are upper case; choices are lower-case words joined by '|'.
    const bool words = !type.empty() &&
                       type.find_first_not_of("abcdefghijklmnopqrstuvwxyz0123456789_-|") == std::string::npos;
    if (!words && type.find('|') == std::string::npos) return {};
    open = static_cast<std::size_t>(-1), close = type.find(':'), sep = '|';
    if (close == std::string::npos) close = type.size();
  }
  std::vector<std::string> out;
  std::stringstream list(type.substr(open + 1, close - open - 1));
  for (std::string item; std::getline(list, item, sep);)
    if (!item.empty() && item.find_first_of(" \t'\"\\$`") == std::string::npos) out.push_back(item);
  return out;
}

// What may follow an option or fill a positional: a word list, file names, or nothing to suggest.
std::string value_kind(const CLI::Option* opt) {
  const std::vector<std::string> c = choices(opt);
  if (!c.empty()) {
    std::string words;
    for (const auto& w : c) words += (words.empty() ? "" : " ") + w;
    return words;
  }
  // File names only where the option says it reads or writes one; "--params <TAB>" listing files is noise.
  std::string about = opt->get_type_name() + " " + opt->get_name(true, false) + " " + opt->get_description();
  for (char& c : about) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  const bool file = about.find("file") != std::string::npos || about.find("json") != std::string::npos ||
                    about.find("dir") != std::string::npos;
  return file ? "@file" : "@none";
}

struct Script {
  std::string subs, opts, vals, pos;
  static std::string quote(const std::string& s) { return "'" + s + "'"; }

  // inherited: options of the commands above, which CLI11 accepts here too (fallthrough).
  void walk(const CLI::App* app, const std::string& path, std::vector<std::string> inherited,
            std::vector<std::pair<std::string, std::string>> inherited_vals) {
    std::vector<const CLI::App*> children;
    std::vector<const CLI::App*> groups{app};
    // Option groups are nameless sub-apps; their options belong to this command.
    for (std::size_t i = 0; i < groups.size(); ++i)
      for (const CLI::App* sub : groups[i]->get_subcommands([](const CLI::App*) { return true; }))
        (sub->get_name().empty() ? groups : children).push_back(sub);

    std::vector<std::string> names = app->get_fallthrough() ? inherited : std::vector<std::string>{};
    auto val_list = app->get_fallthrough() ? inherited_vals : decltype(inherited_vals){};
    int positional = 0;
    for (const CLI::App* g : groups)
      for (const CLI::Option* opt : g->get_options()) {
        if (opt->get_group().empty()) continue;  // hidden
        std::vector<std::string> spelled;
        for (const auto& l : opt->get_lnames()) spelled.push_back("--" + l);
        for (const auto& s : opt->get_snames()) spelled.push_back("-" + s);
        if (spelled.empty() && opt->get_positional()) {
          pos +=
              "  [" + quote(path + " " + std::to_string(positional++)) + "]=" + quote(value_kind(opt)) + "\n";
          // A positional that takes a list (FILE...) also fills every later position.
          if (opt->get_items_expected_max() > 1)
            pos += "  [" + quote(path + " *") + "]=" + quote(value_kind(opt)) + "\n";
          continue;
        }
        for (const auto& n : spelled) {
          names.push_back(n);
          if (opt->get_type_size_max() > 0) val_list.emplace_back(n, value_kind(opt));
        }
      }
    std::set<std::string> seen;
    std::string words;
    for (const auto& n : names)
      if (seen.insert(n).second) words += (words.empty() ? "" : " ") + n;
    opts += "  [" + quote(path) + "]=" + quote(words) + "\n";
    for (const auto& [n, kind] : val_list) vals += "  [" + quote(path + " " + n) + "]=" + quote(kind) + "\n";

    std::string sub_words;
    for (const CLI::App* c : children) sub_words += (sub_words.empty() ? "" : " ") + c->get_name();
    if (!sub_words.empty()) subs += "  [" + quote(path) + "]=" + quote(sub_words) + "\n";
    for (const CLI::App* c : children) walk(c, path + " " + c->get_name(), names, val_list);
  }
};

std::string bash_script(const CLI::App& root) {
  Script s;
  s.walk(&root, root.get_name(), {}, {});
  std::string out =
      "# bash completion for gpuwise. Generated by `gpuwise completion bash` from the command tree;\n"
      "# regenerate it rather than editing it.\n"
      "_gpuwise() {\n"
      "  local cur=${COMP_WORDS[COMP_CWORD]} prev= opt path=" +
      root.get_name() +
      " w i n=0 skip=0\n"
      "  ((COMP_CWORD > 0)) && prev=${COMP_WORDS[COMP_CWORD-1]}\n"
      "  local -A subs=(\n" +
      s.subs +
      "  )\n"
      "  local -A opts=(\n" +
      s.opts +
      "  )\n"
      "  local -A vals=(\n" +
      s.vals +
      "  )\n"
      "  local -A pos=(\n" +
      s.pos + "  )\n";
  out +=
      R"BASH(  # Walk the words before the cursor: follow subcommands, skip option values, count positionals.
  for ((i = 1; i < COMP_CWORD; i++)); do
    w=${COMP_WORDS[i]}
    if ((skip)); then skip=0; continue; fi
    [[ $w == = ]] && continue
    if [[ $w == -* ]]; then
      [[ $w != *=* && -n ${vals["$path $w"]+x} && ${COMP_WORDS[i+1]-} != = ]] && skip=1
      [[ ${COMP_WORDS[i+1]-} == = ]] && skip=1 && ((i++))
      continue
    fi
    if [[ " ${subs[$path]-} " == *" $w "* ]]; then path="$path $w"; n=0; else ((n++)); fi
  done
  # "--opt=value": split by bash at '=' (the default COMP_WORDBREAKS) or kept whole (prefix the answers).
  local prefix=
  opt=$prev
  [[ $prev == = && COMP_CWORD -ge 2 ]] && opt=${COMP_WORDS[COMP_CWORD-2]}
  [[ $cur == = ]] && cur= && opt=$prev
  if [[ $cur == -*=* ]]; then opt=${cur%%=*}; prefix=$opt=; cur=${cur#*=}; fi
  local kind=
  if [[ $opt == -* && -n ${vals["$path $opt"]+x} ]]; then
    kind=${vals["$path $opt"]}
  elif [[ $cur == -* ]]; then
    mapfile -t COMPREPLY < <(compgen -W "${opts[$path]-}" -- "$cur")
    return 0
  else
    kind=${pos["$path $n"]-${pos["$path *"]-@none}}
    local words="${subs[$path]-}"
    [[ -n $kind && $kind != @* ]] && words="$words $kind"
    if [[ -n $words ]]; then
      mapfile -t COMPREPLY < <(compgen -W "$words" -- "$cur")
      return 0
    fi
  fi
  case $kind in
    @none) COMPREPLY=() ;;
    @file | "") compopt -o filenames 2>/dev/null; mapfile -t COMPREPLY < <(compgen -f -- "$cur") ;;
    *) mapfile -t COMPREPLY < <(compgen -P "$prefix" -W "$kind" -- "$cur") ;;
  esac
  return 0
}
complete -F _gpuwise gpuwise
)BASH";
  return out;
}

void setup(CLI::App& root, Context&) {
  static std::string shell;
  static std::string output;
  CLI::App* cmd = root.add_subcommand("completion", "Print a shell completion script for gpuwise");
  cmd->add_option("SHELL", shell, "Shell to complete for (only bash so far)")
      ->required()
      ->type_name("bash")
      ->check(CLI::IsMember({"bash"}).description(""));
  cmd->add_option("-o,--output", output, "Write the script to FILE instead of stdout")->type_name("FILE");
  cmd->footer(
      "\nThe script is generated from gpuwise's own command tree, so it always matches this binary.\n\n"
      "Examples:\n  source <(gpuwise completion bash)                 # this shell only\n"
      "  gpuwise completion bash -o ~/.local/share/bash-completion/completions/gpuwise\n"
      "The .deb and `cmake --install` already put it in share/bash-completion/completions/.");
  CLI::App* app = &root;
  cmd->callback([app] {
    const std::string script = bash_script(*app);
    if (output.empty() || output == "-") {
      std::cout << script;
      return;
    }
    std::FILE* f = std::fopen(output.c_str(), "wb");
    const bool ok = f && std::fwrite(script.data(), 1, script.size(), f) == script.size();
    const bool closed = !f || std::fclose(f) == 0;
    if (!ok || !closed)
      throw Exit(kBadInput, "--output: cannot write '" + output + "'", "--output：无法写入 '" + output + "'");
  });
}

CommandRegistrar reg(95, &setup);

}  // namespace
}  // namespace gw::cli
