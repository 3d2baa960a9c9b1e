#pragma once
// A generated section of a file under docs/ (between <!-- NAME:begin --> and <!-- NAME:end -->) must equal
// what the code generates. GPUWISE_UPDATE_DOCS=1 ./gpuwise_tests -tc='docs*' writes it in (then read the
// diff).
#include <doctest/doctest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>

inline void check_doc_section(const std::string& file, const std::string& name,
                              const std::string& generated) {
  const std::string path = std::string(GPUWISE_SOURCE_DIR) + "/docs/" + file;
  std::stringstream doc;
  doc << std::ifstream(path).rdbuf();
  std::string text = doc.str();
  const std::string begin = "<!-- " + name + ":begin -->\n", end = "<!-- " + name + ":end -->";
  const std::size_t a = text.find(begin), b = text.find(end);
  REQUIRE(a != std::string::npos);
  REQUIRE(b != std::string::npos);
  const std::string in_doc = text.substr(a + begin.size(), b - a - begin.size());
  if (std::getenv("GPUWISE_UPDATE_DOCS") && in_doc != generated) {
    text.replace(a + begin.size(), b - a - begin.size(), generated);
    std::ofstream(path) << text;
    return;
  }
  CHECK(in_doc == generated);
}
