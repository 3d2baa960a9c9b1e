// Each programme's real rule as the bundled catalog states it (who, what, how much, cap, stacking), and the
// credits a user enters: "autodl=50", "my-lab-voucher=200:autodl", an unknown id.
#include <doctest/doctest.h>

#include <algorithm>

#include "engine/cost.hpp"
#include "test_cost_fixtures.hpp"

using gwcost::applied;
using gwcost::hours_at;
using gwcost::job_only;

namespace {

const gw::Catalog& cat() {
  static const gw::Catalog c = *gw::load_bundled_catalog().catalog;
  return c;
}

const gw::Program* find_program(const char* id) {
  for (const gw::Provider& p : cat().providers)
    for (const gw::Program& g : p.programs)
      if (g.id == id) return &g;
  return nullptr;
}

gw::Program rate(const char* id, double f) {
  gw::Program p = gwcost::program(id, gw::ProgramKind::student_discount);
  p.discount_fraction = f;
  p.needs_student = true;
  return p;
}

}  // namespace

TEST_CASE("every programme says who qualifies, what it covers, and cites a dated source") {
  for (const gw::Provider& p : cat().providers)
    for (const gw::Program& g : p.programs) {
      CAPTURE(g.id);
      CHECK(!g.qualifies.en.empty());
      CHECK(!g.qualifies.zh.empty());
      CHECK(!g.covers.en.empty());
      CHECK(!g.covers.zh.empty());
      CHECK(!g.source.empty());
      CHECK(!g.source_date.empty());
    }
}

TEST_CASE("no programme claims 90% off Alibaba Cloud GPUs: only the CHSI coupon, which does not cover GPUs") {
  const gw::Provider* ali = cat().provider("aliyun");
  REQUIRE(ali);
  for (const gw::Program& g : ali->programs) {
    CAPTURE(g.id);
    CHECK(!(g.discount_fraction && *g.discount_fraction > 0.5));
  }
  const gw::Program* coupon = find_program("aliyun-student-coupon-300");
  REQUIRE(coupon);
  CHECK(coupon->amount == doctest::Approx(300));
  CHECK(!coupon->applies_to_gpu);
  CHECK(coupon->needs_student);
  // A student on an Alibaba GPU pays list price: the coupon is named as not covering GPUs.
  gw::Constraints c = job_only();
  c.student = true;
  const gw::Bill b = gw::price_bill(*ali, c, 6.75, hours_at(10, 9.5));
  CHECK(b.total.likely == doctest::Approx(95));
  CHECK(b.programs.empty());
  const bool said = std::any_of(b.notes.begin(), b.notes.end(), [](const gw::Text& t) {
    return t.en.find("does not cover GPU") != std::string::npos;
  });
  CHECK(said);
}

TEST_CASE("AutoDL member price: 95% of list for verified students, on-demand GPUs, alone") {
  const gw::Provider* autodl = cat().provider("autodl");
  REQUIRE(autodl);
  const gw::Program* m = find_program("autodl-member");
  REQUIRE(m);
  CHECK(m->discount_fraction == doctest::Approx(0.05));
  gw::Constraints c = job_only();
  CHECK(gw::price_bill(*autodl, c, 6.75, hours_at(100, 1.88)).total.likely == doctest::Approx(188));
  c.student = true;
  const gw::Bill b = gw::price_bill(*autodl, c, 6.75, hours_at(100, 1.88));
  CHECK(b.total.likely == doctest::Approx(178.6));
  CHECK(applied(b, "autodl-member"));
}

TEST_CASE("Compshare .edu.cn price: 95% on-demand; not applied to spot, where it is not documented") {
  const gw::Provider* cs = cat().provider("compshare");
  REQUIRE(cs);
  gw::Constraints c = job_only();
  c.student = true;
  const gw::Bill od = gw::price_bill(*cs, c, 6.75, hours_at(10, 2.15));
  CHECK(od.total.likely == doctest::Approx(20.425));
  gw::BillRequest spot = hours_at(10, 1.31);
  spot.pricing = gw::Pricing::spot;
  const gw::Bill sp = gw::price_bill(*cs, c, 6.75, spot);
  CHECK(sp.total.likely == doctest::Approx(13.1));
  const bool said = std::any_of(sp.notes.begin(), sp.notes.end(), [](const gw::Text& t) {
    return t.en.find("does not cover spot") != std::string::npos;
  });
  CHECK(said);
}

TEST_CASE("programmes whose amount is not published are never counted") {
  for (const char* id :
       {"autodl-new-user-voucher", "gpushare-new-user", "matpool-academic", "tencent-new-user-coupon"}) {
    CAPTURE(id);
    const gw::Program* g = find_program(id);
    REQUIRE(g);
    CHECK(!g->amount);
    CHECK(!g->discount_fraction);
  }
}

TEST_CASE("a rate discount stops at its cap; stackable rates compound; a non-stackable one is used alone") {
  gw::Provider p = gwcost::cn_provider();
  gw::Program a = rate("a", 0.5);
  a.cap = 30;
  a.currency = "CNY";
  p.programs.push_back(a);
  gw::Constraints c = job_only();
  c.student = true;
  gw::Bill b = gw::price_bill(p, c, 6.75, hours_at(10, 10));  // 100 list, half is 50 > cap 30
  CHECK(b.total.likely == doctest::Approx(70));
  CHECK(b.discount.likely == doctest::Approx(30));

  gw::Provider q = gwcost::cn_provider();
  gw::Program s1 = rate("s1", 0.1), s2 = rate("s2", 0.1), solo = rate("solo", 0.15);
  s1.stackable = s2.stackable = true;
  q.programs = {s1, s2, solo};
  b = gw::price_bill(q, c, 6.75, hours_at(10, 10));
  CHECK(b.total.likely == doctest::Approx(81));  // 0.9 x 0.9 beats 0.85
  CHECK(applied(b, "s1"));
  CHECK(applied(b, "s2"));
  CHECK(!applied(b, "solo"));
  q.programs[2].discount_fraction = 0.25;
  b = gw::price_bill(q, c, 6.75, hours_at(10, 10));
  CHECK(b.total.likely == doctest::Approx(75));
  CHECK(!applied(b, "s1"));
}

TEST_CASE("user credits: parse the three forms and refuse malformed ones") {
  gw::UserCredit u;
  REQUIRE(gw::parse_credit("aws-educate", u));
  CHECK(u.id == "aws-educate");
  CHECK(!u.amount);
  REQUIRE(gw::parse_credit("autodl=50", u));
  CHECK(u.id == "autodl");
  CHECK(*u.amount == doctest::Approx(50));
  CHECK(u.provider.empty());
  REQUIRE(gw::parse_credit("my-lab-voucher=200:autodl", u));
  CHECK(u.id == "my-lab-voucher");
  CHECK(*u.amount == doctest::Approx(200));
  CHECK(u.provider == "autodl");
  gw::Text err;
  for (const char* bad : {"", "=5", "autodl=", "autodl=-1", "autodl=abc", "autodl=5:", "Bad Id", "x=nan",
                          "x=1e99:autodl", "x=5:AutoDL"}) {
    CAPTURE(bad);
    CHECK(!gw::parse_credit(bad, u, &err));
    CHECK(!err.en.empty());
    CHECK(!err.zh.empty());
  }
}

TEST_CASE("user credits: a provider balance and a named voucher offset only that provider's bill") {
  const gw::Provider* autodl = cat().provider("autodl");
  const gw::Provider* gpushare = cat().provider("gpushare");
  REQUIRE(autodl);
  REQUIRE(gpushare);
  gw::Constraints c = job_only();
  c.credits = {"autodl=50", "my-lab-voucher=200:autodl"};
  CHECK(gw::check_credits(c, cat()).empty());
  const gw::Bill b = gw::price_bill(*autodl, c, 6.75, hours_at(100, 1.88));  // 188
  CHECK(b.discount.likely == doctest::Approx(188));
  CHECK(b.total.likely == doctest::Approx(0));
  CHECK(applied(b, "autodl"));
  CHECK(applied(b, "my-lab-voucher"));
  const gw::Bill small = gw::price_bill(*autodl, c, 6.75, hours_at(10, 1.88));  // 18.8: never below zero
  CHECK(small.total.likely == doctest::Approx(0));
  CHECK(small.discount.likely == doctest::Approx(18.8));
  const gw::Bill other = gw::price_bill(*gpushare, c, 6.75, hours_at(10, 1.5));
  CHECK(other.programs.empty());
  CHECK(other.total.likely == doctest::Approx(15));
}

TEST_CASE("user credits are in the run's currency; a held programme takes the amount the user has left") {
  const gw::Provider* aws = cat().provider("aws");
  REQUIRE(aws);
  gw::Constraints c = job_only();
  c.currency = "CNY";
  c.credits = {"aws-educate=67.5"};  // CNY: $10 at 6.75
  CHECK(gw::check_credits(c, cat()).empty());
  const gw::Bill b = gw::price_bill(*aws, c, 6.75, hours_at(100, 1, "USD"));  // $100 = 675 CNY
  CHECK(b.discount.likely == doctest::Approx(67.5));
  c.credits = {"aws-educate"};
  const gw::Bill full = gw::price_bill(*aws, c, 6.75, hours_at(100, 1, "USD"));
  CHECK(full.discount.likely == doctest::Approx(675));  // the listed $100
}

TEST_CASE("an unknown credit is a problem that lists the known ones") {
  gw::Constraints c = job_only();
  c.credits = {"nope"};
  auto p = gw::check_credits(c, cat());
  REQUIRE(p.size() == 1);
  CHECK(p[0].path == "credits/0");
  CHECK(p[0].message.find("unknown credit 'nope'") != std::string::npos);
  CHECK(p[0].message.find("aws-educate") != std::string::npos);
  c.credits = {"voucher=20"};  // no provider named
  p = gw::check_credits(c, cat());
  REQUIRE(p.size() == 1);
  CHECK(p[0].message.find(":PROVIDER") != std::string::npos);
  c.credits = {"voucher=20:nowhere"};
  p = gw::check_credits(c, cat());
  REQUIRE(p.size() == 1);
  CHECK(p[0].message.find("unknown provider 'nowhere'") != std::string::npos);
  c.credits = {"autodl=abc"};
  CHECK(gw::check_credits(c, cat()).size() == 1);
  c.credits = {"aws-educate", "autodl=5", "lab=1:gpushare"};
  CHECK(gw::check_credits(c, cat()).empty());
}

TEST_CASE(
    "Compshare university verification as its help docs state it (2026-05-13): 95% on GPU on-demand, "
    "not spot, alone, no cap or expiry") {
  const gw::Program* g = find_program("compshare-edu-email");
  REQUIRE(g);
  CHECK(g->kind == gw::ProgramKind::student_discount);
  CHECK(g->discount_fraction == doctest::Approx(0.05));
  CHECK(g->needs_student);
  CHECK(g->applies_to_gpu);
  CHECK(!g->applies_to_spot);  // the docs do not say that preemptible instances get it
  CHECK(!g->stackable);        // a member level: a higher one replaces it
  CHECK(!g->cap);
  CHECK(!g->expiry_days);
  CHECK(!g->new_users_only);
  CHECK(g->qualifies.en.find("university email") != std::string::npos);
  CHECK(g->qualifies.en.find("real-name") != std::string::npos);
  CHECK(g->covers.en.find("not applied") != std::string::npos);
  CHECK(g->source.find("authentication.md") != std::string::npos);
  CHECK(g->source.find("membership.md") != std::string::npos);
  CHECK(g->source_date == "2026-05-13");

  const gw::Provider* cs = cat().provider("compshare");
  REQUIRE(cs);
  // 100 h on the RTX 3080 Ti at its 2025-11-11 list price of 0.74/h: 74 CNY, 70.30 verified.
  gw::Constraints c = job_only();
  CHECK(gw::price_bill(*cs, c, 6.75, hours_at(100, 0.74)).total.likely == doctest::Approx(74));
  c.student = true;
  const gw::Bill od = gw::price_bill(*cs, c, 6.75, hours_at(100, 0.74));
  CHECK(od.total.likely == doctest::Approx(70.3));
  CHECK(applied(od, "compshare-edu-email"));
  // No cap: a 10,000-hour A800 bill (6.23/h) still saves the full 5%.
  const gw::Bill big = gw::price_bill(*cs, c, 6.75, hours_at(10000, 6.23));
  CHECK(big.total.likely == doctest::Approx(62300 * 0.95));
  // Spot: list price, and the bill says why.
  gw::BillRequest spot = hours_at(100, 0.518);
  spot.pricing = gw::Pricing::spot;
  const gw::Bill sp = gw::price_bill(*cs, c, 6.75, spot);
  CHECK(sp.total.likely == doctest::Approx(51.8));
  CHECK(!applied(sp, "compshare-edu-email"));
  // Alone: with the user's own voucher (stackable) the better of the two is used, never both.
  c.credits = {"my-voucher=2:compshare"};
  const gw::Bill v = gw::price_bill(*cs, c, 6.75, hours_at(100, 0.74));
  CHECK(v.total.likely == doctest::Approx(70.3));
  CHECK(applied(v, "compshare-edu-email"));
  CHECK(!applied(v, "my-voucher"));
}
