#pragma once
// A catalog problem in both languages. The loader's Problem::message is English, one sentence built from a
// few templates (catalog_read.hpp, catalog_load.cpp, catalog_notes.cpp, catalog_kept.cpp), and the CLI and
// its golden tests print that English. A page shows problems to Chinese readers too, so this matches the
// message against those templates and writes the Chinese sentence with the same names and numbers. A message
// that matches no template keeps its English under a Chinese lead-in, so nothing is ever lost or guessed.
#include "text.hpp"

namespace gw {

// {en: the message as given, zh: its Chinese}. The path is not part of the text.
Text problem_text(const Problem& problem);

}  // namespace gw
