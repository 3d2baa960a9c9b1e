// Every catalog GPU states every figure: a value, "not supported" or "unknown", never silently absent
// (issue 18 item 6), and the tables show the three apart.
#include <doctest/doctest.h>

#include <string>

#include "engine/catalog.hpp"
#include "engine/gpu_specs.hpp"

namespace {

const gw::Catalog& bundled() {
  static const gw::CatalogLoad load = gw::load_bundled_catalog();
  REQUIRE(load.catalog);
  return *load.catalog;
}

const gw::Gpu& gpu(const char* id) {
  const gw::Gpu* g = bundled().gpu(id);
  REQUIRE(g != nullptr);
  return *g;
}

gw::Gpu complete_gpu() {
  gw::Gpu g;
  g.id = "test-gpu";
  g.name = "Test GPU";
  g.vram_gib = 24;
  g.fp32_tflops = g.tf32_tensor_tflops = g.fp16_tensor_fp16acc_tflops = g.fp16_tensor_fp32acc_tflops = 10;
  g.bf16_tensor_tflops = g.int8_tensor_tops = g.fp64_tflops = g.memory_bandwidth_gbs = g.tdp_w = 10;
  g.not_supported = {"fp8_tensor_tflops", "fp64_tensor_tflops", "nvlink"};
  g.unknown = {"nvdec"};
  g.nvenc = "1 encoder";
  g.ecc = true;
  g.pcie = "4.0 x16";
  return g;
}

}  // namespace

TEST_CASE("every bundled GPU states every figure as a value, not supported or unknown") {
  const std::vector<gw::Problem> problems = gw::gpu_spec_problems(bundled());
  for (const gw::Problem& p : problems) CAPTURE(p.path + ": " + p.message);
  CHECK(problems.empty());
  for (const gw::Problem& p : problems) MESSAGE(p.path << ": " << p.message);
}

TEST_CASE("a GPU missing a figure without 'unknown' or 'not supported' fails the check") {
  gw::Catalog c;
  c.gpus.push_back(complete_gpu());
  CHECK(gw::gpu_spec_problems(c).empty());

  SUBCASE("a figure dropped") {
    c.gpus[0].bf16_tensor_tflops.reset();
    const auto p = gw::gpu_spec_problems(c);
    REQUIRE(p.size() == 1);
    CHECK(p[0].path == "/gpus/0/bf16_tensor_tflops");
  }
  SUBCASE("ECC not known and not listed") {
    c.gpus[0].ecc.reset();
    REQUIRE(gw::gpu_spec_problems(c).size() == 1);
    c.gpus[0].unknown.push_back("ecc");
    CHECK(gw::gpu_spec_problems(c).empty());
    CHECK(gw::spec_state(c.gpus[0], "ecc") == gw::SpecState::unknown);
  }
  SUBCASE("a name that is no figure, a name in both lists, a listed number") {
    c.gpus[0].unknown.push_back("fp4_tensor_tflops");
    c.gpus[0].unknown.push_back("fp8_tensor_tflops");
    c.gpus[0].not_supported.push_back("fp32_tflops");
    const auto p = gw::gpu_spec_problems(c);
    REQUIRE(p.size() == 3);
    CHECK(p[0].path == "/gpus/0/not_supported/3");
    CHECK(p[1].path == "/gpus/0/unknown/1");
    CHECK(p[2].path == "/gpus/0/unknown/2");
  }
}

TEST_CASE("not supported and unknown read differently in the cells") {
  const gw::Gpu g = complete_gpu();
  CHECK(gw::spec_number_cell(g, "fp32_tflops", g.fp32_tflops, 1).en == "10.0");
  CHECK(gw::spec_number_cell(g, "fp8_tensor_tflops", g.fp8_tensor_tflops, 1).en == "none");
  CHECK(gw::spec_number_cell(g, "fp8_tensor_tflops", g.fp8_tensor_tflops, 1).zh == "无");
  CHECK(gw::codec_cell(g, "nvdec").en == "?");
  CHECK(gw::codec_cell(g, "nvdec").zh == "未知");
  CHECK(gw::codec_cell(g, "nvenc").en == "1 encoder");
  CHECK(gw::ecc_cell(g).en == "yes");
}

TEST_CASE("the issue's GPUs: B200, L20, RTX 4090 D, RTX 5080, A10G, RTX 5090, H800") {
  for (const char* id : {"b200-180gb", "l20", "rtx-4090-d", "rtx-5080"}) {
    CAPTURE(id);
    CHECK(gpu(id).fp32_tflops.has_value());
    CHECK(gpu(id).memory_bandwidth_gbs.has_value());
  }
  // Blackwell GB202 has BF16 tensor cores (RTX Blackwell whitepaper): a value, at the FP32-accumulate rate.
  const gw::Gpu& g5090 = gpu("rtx-5090");
  REQUIRE(g5090.bf16_tensor_tflops);
  CHECK(*g5090.bf16_tensor_tflops == doctest::Approx(209.5));
  CHECK(gw::spec_state(g5090, "fp64_tensor_tflops") == gw::SpecState::not_supported);
  const gw::Gpu& g5080 = gpu("rtx-5080");
  CHECK(gw::spec_state(g5080, "bf16_tensor_tflops") == gw::SpecState::value);
  // The A10G's compute figures are unknown (AWS's part; no source read states them), never "not supported".
  const gw::Gpu& a10g = gpu("a10g");
  CHECK(gw::spec_state(a10g, "fp32_tflops") == gw::SpecState::unknown);
  CHECK(gw::spec_state(a10g, "fp8_tensor_tflops") == gw::SpecState::not_supported);  // Ampere
  CHECK(gw::spec_state(a10g, "memory_bandwidth_gbs") == gw::SpecState::value);
  // The H800 has an FP32 figure, so its value coefficient is not 0.
  REQUIRE(gpu("h800-sxm5-80gb").fp32_tflops);
  CHECK(*gpu("h800-sxm5-80gb").fp32_tflops > 50);
  // Pre-Ampere and no-tensor-core parts: BF16 is not supported, which is not the same as unknown.
  CHECK(gw::spec_state(gpu("v100-sxm2-32gb"), "bf16_tensor_tflops") == gw::SpecState::not_supported);
  CHECK(gw::spec_state(gpu("gtx-1080"), "fp16_tensor_fp32acc_tflops") == gw::SpecState::not_supported);
  CHECK(gw::spec_state(gpu("h100-sxm5-80gb"), "nvenc") == gw::SpecState::not_supported);
}
