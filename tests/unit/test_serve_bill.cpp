// A service's time (issue 18's limits): its finish counts the model's upload, not the dataset's.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "engine/cost.hpp"
#include "engine/recommend.hpp"
#include "test_serve_fixtures.hpp"

TEST_CASE("serve: a service's finish counts setup and its weights' upload, never the dataset") {
  gw::Scenario s = gwtest::serve_scenario(gwtest::llama3_serve(20));
  s.constraints.dataset_gb = 500;  // 500 GB at 100 Mbit/s would be 11.1 h before going live
  const gw::Report big = gw::recommend(s, gwtest::catalog());
  s.constraints.dataset_gb = 0;
  const gw::Report none = gw::recommend(s, gwtest::catalog());
  REQUIRE_FALSE(big.rows.empty());
  REQUIRE(big.rows.size() == none.rows.size());
  int checked = 0;
  for (std::size_t i = 0; i < big.rows.size(); ++i) {
    const gw::Row& r = big.rows[i];
    // The dataset changes nothing: same rows, same order, same cost, same finish.
    CHECK(r.offer_index == none.rows[i].offer_index);
    CHECK(r.cost.likely == doctest::Approx(none.rows[i].cost.likely));
    CHECK(r.finish_hours.likely == doctest::Approx(none.rows[i].finish_hours.likely));
    if (r.bill.lines.empty()) continue;  // only detailed rows carry the bill's upload hours
    ++checked;
    // Lead before going live = setup + the weights at the user's bandwidth (bill.upload_hours).
    const double lead = r.finish_hours.likely - r.hours.likely;
    CHECK(lead == doctest::Approx(s.constraints.setup_hours + r.bill.upload_hours));
    CHECK(r.bill.upload_hours > 0.1);  // 4.5-16 GB of weights at 100 Mbit/s: 0.1-0.45 h
    CHECK(r.bill.upload_hours < 0.5);
  }
  CHECK(checked > 0);
}
