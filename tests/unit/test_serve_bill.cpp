// A service's time and bill wording (issue 18's limits): its finish counts the model's upload, not the
// dataset's; its egress line is the traffic it serves; the dataset field says a service ignores it.
#include <doctest/doctest.h>

#include <algorithm>
#include <string>

#include "engine/cost.hpp"
#include "engine/input.hpp"
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

TEST_CASE("serve: a service's egress line is the traffic it serves, in both languages") {
  const gw::Catalog& cat = gwtest::catalog();
  const auto p = std::find_if(cat.providers.begin(), cat.providers.end(),
                              [](const gw::Provider& q) { return q.egress_per_gb && *q.egress_per_gb > 0; });
  REQUIRE(p != cat.providers.end());
  gw::Constraints c;
  c.currency = "USD";
  c.egress_gb = p->egress_free_gb_per_month + 100;
  c.internal_network = false;
  gw::BillRequest req;
  req.run_hours = {336, 336, 336};
  req.price_per_hour = {1, 1, 1};
  req.price_currency = "USD";
  req.price_date = "2026-01-01";
  // The egress line's label, and the note on the internal network that avoids the fee.
  const auto egress = [](const gw::Bill& b) {
    const auto at = std::find_if(b.lines.begin(), b.lines.end(),
                                 [](const gw::CostLine& l) { return l.kind == gw::CostKind::egress; });
    REQUIRE(at != b.lines.end());
    return at->label;
  };
  const auto internal_note = [](const gw::Bill& b) {
    const auto at = std::find_if(b.notes.begin(), b.notes.end(), [](const gw::Text& n) {
      return n.en.find("internal network") != std::string::npos;
    });
    REQUIRE(at != b.notes.end());
    return *at;
  };
  const gw::Bill job_bill = gw::price_bill(*p, c, 7, req);
  const gw::Text job = egress(job_bill);
  CHECK(job.en.find("Downloading results") != std::string::npos);
  CHECK(internal_note(job_bill).en.find("Moving results") != std::string::npos);
  req.service = true;
  req.upload_gb = 16;
  const gw::Bill service_bill = gw::price_bill(*p, c, 7, req);
  const gw::Text service = egress(service_bill);
  const gw::Text note = internal_note(service_bill);
  CHECK(note.en.find("results") == std::string::npos);
  CHECK(note.en.find("Clients on the internal network") != std::string::npos);
  CHECK(note.zh.find("客户端走内网访问") != std::string::npos);
  CHECK(service.en.find("results") == std::string::npos);
  CHECK(service.en.find("responses sent to users") != std::string::npos);
  CHECK(service.zh.find("下载结果") == std::string::npos);
  CHECK(service.zh.find("返回给用户的响应") != std::string::npos);
}

TEST_CASE("serve: the egress field says what it is for a service, in both languages") {
  const gw::InputField* f = gw::find_input("--egress");
  REQUIRE(f);
  CHECK(f->help.en.find("a service: the responses it sends its users") != std::string::npos);
  CHECK(f->help.zh.find("服务模式：返回给用户的响应") != std::string::npos);
}

TEST_CASE("serve: the dataset field says a service ignores it, in both languages") {
  const gw::InputField* f = gw::find_input("--dataset");
  REQUIRE(f);
  CHECK(f->help.en.find("a service ignores it") != std::string::npos);
  CHECK(f->help.zh.find("服务模式不用它") != std::string::npos);
}
