// Loose GPU matching and the source article's value table.
#include <doctest/doctest.h>

#include <cmath>

#include "engine/bundled.hpp"
#include "engine/catalog.hpp"

namespace {

gw::Catalog tiny() {
  gw::Catalog c;
  auto add = [&](const char* id, const char* name, std::vector<std::string> aliases) {
    gw::Gpu g;
    g.id = id;
    g.name = name;
    g.aliases = std::move(aliases);
    g.vram_gib = 24;
    c.gpus.push_back(g);
  };
  add("rtx-3090", "GeForce RTX 3090", {"3090"});
  add("rtx-3090-ti", "GeForce RTX 3090 Ti", {"3090 Ti"});
  add("a100-40gb-pcie", "NVIDIA A100 40GB PCIe", {});
  add("a100-80gb-sxm4", "NVIDIA A100 80GB SXM4", {});
  add("t4", "NVIDIA T4", {});
  return c;
}

}  // namespace

TEST_CASE("find_gpu matches loosely and reports ambiguity") {
  const gw::Catalog c = tiny();
  for (const char* q : {"3090", "rtx3090", "RTX 3090", "GeForce RTX 3090", "rtx-3090", "  rtx_3090 "}) {
    CAPTURE(q);
    const gw::GpuMatch m = gw::find_gpu(c, q);
    REQUIRE(m.gpu != nullptr);
    CHECK(m.gpu->id == "rtx-3090");
  }
  CHECK(gw::find_gpu(c, "3090 ti").gpu->id == "rtx-3090-ti");
  CHECK(gw::find_gpu(c, "t4").gpu->id == "t4");
  const gw::GpuMatch a100 = gw::find_gpu(c, "A100");
  CHECK(a100.gpu == nullptr);
  CHECK(a100.candidates.size() == 2);
  CHECK(gw::find_gpu(c, "A100 80GB").gpu->id == "a100-80gb-sxm4");
  CHECK(gw::find_gpu(c, "309").gpu == nullptr);  // no digit fragments
  CHECK(gw::find_gpu(c, "").gpu == nullptr);
  CHECK(gw::find_gpu(c, "h100").candidates.empty());
}

TEST_CASE("value coefficient reproduces the source article's table") {
  // FP32 TFLOPS / price per hour (CNY) x utilization, rounded to one decimal as printed.
  auto rounded = [](double v) { return std::round(v * 10) / 10; };
  CHECK(rounded(gw::value_coefficient(35.6, 1.5, 0.85)) == doctest::Approx(20.2));
  CHECK(rounded(gw::value_coefficient(19.5, 4.8, 0.92)) == doctest::Approx(3.7));
  CHECK(rounded(gw::value_coefficient(8.1, 0.7, 0.78)) == doctest::Approx(9.0));
  CHECK(gw::value_coefficient(10, 0, 0.5) == 0);  // no division by zero
  CHECK(gw::value_coefficient(10, -1, 0.5) == 0);
}

TEST_CASE("bundled catalog GPUs of the article's table carry its FP32 figures") {
  const gw::CatalogLoad load = gw::load_bundled_catalog();
  REQUIRE(load.catalog);
  const gw::Catalog& c = *load.catalog;
  CHECK(*gw::find_gpu(c, "RTX 3090").gpu->fp32_tflops == doctest::Approx(35.6).epsilon(0.01));
  CHECK(*gw::find_gpu(c, "T4").gpu->fp32_tflops == doctest::Approx(8.1).epsilon(0.01));
  CHECK(*gw::find_gpu(c, "A100 40GB PCIe").gpu->fp32_tflops == doctest::Approx(19.5).epsilon(0.01));
}
