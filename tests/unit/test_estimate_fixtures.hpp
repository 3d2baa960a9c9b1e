#pragma once
// Shared by the estimate tests: the bundled catalog and presets, loaded once.
#include <doctest/doctest.h>

#include <cmath>
#include <stdexcept>

#include "engine/bundled.hpp"
#include "engine/catalog.hpp"
#include "engine/estimate.hpp"
#include "engine/models.hpp"
#include "engine/workload.hpp"

namespace gwtest {

inline const gw::Catalog& catalog() {
  static const gw::Catalog c = [] {
    gw::CatalogLoad load = gw::load_bundled_catalog();
    if (!load.catalog) throw std::runtime_error("bundled catalog does not load");
    return *load.catalog;
  }();
  return c;
}

inline const std::vector<gw::Preset>& presets() {
  static const std::vector<gw::Preset> p = [] {
    gw::PresetLoad load = gw::load_presets(gw::bundled_file("presets.json"));
    if (!load.problems.empty())
      throw std::runtime_error("bundled presets: " + load.problems[0].path + ": " + load.problems[0].message);
    return load.presets;
  }();
  return p;
}

inline const gw::Gpu& gpu(const char* id) {
  const gw::Gpu* g = catalog().gpu(id);
  if (!g) throw std::runtime_error(std::string("no GPU ") + id);
  return *g;
}

inline gw::Workload preset(const char* id) {
  const gw::Preset* p = gw::find_preset(presets(), id);
  if (!p) throw std::runtime_error(std::string("no preset ") + id);
  return p->workload;
}

inline const gw::ModelLibrary& models() {
  static const gw::ModelLibrary lib = [] {
    gw::ModelLibraryLoad load = gw::load_models(gw::bundled_file("models.json"));
    if (!load.problems.empty())
      throw std::runtime_error("bundled models: " + load.problems[0].path + ": " + load.problems[0].message);
    return load.library;
  }();
  return lib;
}

// The task `task` (mode, batch, precision, amount of work...) run on a library model's published shape,
// as the page's model picker lays it: no test writes a model's shape by hand.
inline gw::Workload on_model(const char* id, gw::Workload task) {
  const gw::ModelEntry* m = models().find(id);
  if (!m) throw std::runtime_error(std::string("no model ") + id);
  if (!gw::apply_model(task, *m).empty())
    throw std::runtime_error(std::string("model does not apply: ") + id);
  return task;
}

// A full fine-tune of Llama-2-7B (6.74B parameters, 32 layers, hidden 4096): AMP with AdamW, so 18 bytes
// of model states per parameter (~113 GiB) and no single 80 GB card holds it as given. Tests set the
// sequence, batch and amount of work they need.
inline gw::Workload llama2_7b_full() {
  gw::Workload task;
  task.mode = gw::Mode::train;
  task.precision = gw::Precision::amp;
  task.optimizer = gw::Optimizer::adamw;
  return on_model("llama-2-7b", task);
}

// llama2_7b_full() as the recommend tests run it: sequence 1024, micro-batch 4 over 4 accumulation steps,
// one epoch of 20,000 samples.
inline gw::Workload llama2_7b_run() {
  gw::Workload w = llama2_7b_full();
  w.seq_len = 1024;
  w.micro_batch = 4;
  w.grad_accum = 4;
  w.dataset_samples = 20000;
  w.epochs = 1;
  return w;
}

inline bool finite(double v) {
  return std::isfinite(v);
}

}  // namespace gwtest
