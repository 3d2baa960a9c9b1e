// Student programmes, stacked new-user coupons, minimum spend, expiry and credits.
#include <doctest/doctest.h>

#include "engine/cost.hpp"
#include "test_cost_fixtures.hpp"

using gwcost::cn_provider;
using gwcost::hours_at;
using gwcost::job_only;
using gwcost::program;

TEST_CASE("a 90%-off student GPU plan applies only to students, with the price before and after") {
  gw::Provider p = cn_provider();
  gw::Program plan = program("student-90", gw::ProgramKind::student_discount);
  plan.discount_fraction = 0.9;
  plan.needs_student = true;
  p.programs.push_back(plan);
  gw::Constraints c = job_only();
  const gw::Bill list = gw::price_bill(p, c, 6.75, hours_at(10, 8));
  CHECK(list.total.likely == doctest::Approx(80));
  CHECK(list.programs.empty());
  REQUIRE(!list.notes.empty());
  CHECK(list.notes[0].en.find("--student") != std::string::npos);
  c.student = true;
  const gw::Bill b = gw::price_bill(p, c, 6.75, hours_at(10, 8));
  CHECK(b.total.likely == doctest::Approx(8));
  CHECK(b.total_before_discount.likely == doctest::Approx(80));
  CHECK(b.price_per_hour_before == doctest::Approx(8));
  CHECK(b.price_per_hour_after == doctest::Approx(0.8));
  REQUIRE(b.programs.size() == 1);
  CHECK(b.programs[0].saving == doctest::Approx(72));
}

TEST_CASE("the article's stacked coupons bring a 3090 to about 0.8 CNY/h") {
  // A new-user coupon first, then student verification on top (折上折).
  gw::Provider p = cn_provider();
  gw::Program newbie = program("new-user-30off", gw::ProgramKind::coupon);
  newbie.discount_fraction = 0.3;
  newbie.new_users_only = true;
  newbie.stackable = true;
  gw::Program student = program("student-30off", gw::ProgramKind::student_discount);
  student.discount_fraction = 0.3;
  student.needs_student = true;
  student.stackable = true;
  p.programs = {newbie, student};
  gw::Constraints c = job_only();
  c.student = true;
  c.new_user = true;
  const gw::Bill b = gw::price_bill(p, c, 6.75, hours_at(24, 1.6));
  CHECK(b.price_per_hour_after == doctest::Approx(0.784));
  CHECK(b.total.likely == doctest::Approx(0.784 * 24));
  CHECK(b.programs.size() == 2);
  // Made non-stackable, only the better single one applies.
  p.programs[0].stackable = false;
  p.programs[0].discount_fraction = 0.4;
  const gw::Bill alone = gw::price_bill(p, c, 6.75, hours_at(24, 1.6));
  CHECK(alone.programs.size() == 1);
  CHECK(alone.programs[0].id == "new-user-30off");
  CHECK(alone.price_per_hour_after == doctest::Approx(0.96));
}

TEST_CASE("fixed coupons: minimum spend, topping up, expiry") {
  gw::Provider p = cn_provider();
  gw::Program coupon = program("voucher-50", gw::ProgramKind::coupon);
  coupon.amount = 50;
  coupon.min_spend = 100;
  p.programs.push_back(coupon);
  const gw::Constraints c = job_only();
  // Above the minimum: the full 50 off.
  CHECK(gw::price_bill(p, c, 6.75, hours_at(100, 2)).total.likely == doctest::Approx(150));
  // 80 of spend: topping up to 100 and paying 50 beats paying 80.
  CHECK(gw::price_bill(p, c, 6.75, hours_at(40, 2)).total.likely == doctest::Approx(50));
  // 30 of spend: paying 30 beats topping up to 100 - 50.
  const gw::Bill small = gw::price_bill(p, c, 6.75, hours_at(15, 2));
  CHECK(small.total.likely == doctest::Approx(30));
  CHECK(small.programs.empty());
  // A 2-day coupon covers only the spend of the first two days of a 4-day job.
  p.programs[0].min_spend.reset();
  p.programs[0].amount = 1000;
  p.programs[0].expiry_days = 2;
  CHECK(gw::price_bill(p, c, 6.75, hours_at(96, 1)).total.likely == doctest::Approx(48));
}

TEST_CASE("credits count only when held, converted at the user's exchange rate") {
  gw::Provider aws = cn_provider();
  aws.id = "aws";
  aws.currency = "USD";
  gw::Program educate = program("aws-educate", gw::ProgramKind::credit);
  educate.amount = 100;
  educate.currency = "USD";
  educate.needs_student = true;
  aws.programs.push_back(educate);
  gw::Constraints c = job_only();
  c.student = true;
  const gw::Bill without = gw::price_bill(aws, c, 7.0, hours_at(200, 0.526, "USD"));
  CHECK(without.total.likely == doctest::Approx(200 * 0.526 * 7.0));
  c.credits = {"aws-educate"};
  const gw::Bill with = gw::price_bill(aws, c, 7.0, hours_at(200, 0.526, "USD"));
  CHECK(with.discount.likely == doctest::Approx(700));
  CHECK(with.total.likely == doctest::Approx(200 * 0.526 * 7.0 - 700));
  // A credit larger than the bill makes it free, never negative.
  const gw::Bill tiny = gw::price_bill(aws, c, 7.0, hours_at(1, 0.526, "USD"));
  CHECK(tiny.total.likely == doctest::Approx(0));
}

TEST_CASE("programmes that do not cover GPUs are ignored, with the reason") {
  gw::Provider p = cn_provider();
  gw::Program cpu = program("cpu-coupon-300", gw::ProgramKind::coupon);
  cpu.amount = 300;
  cpu.applies_to_gpu = false;
  cpu.needs_student = true;
  p.programs.push_back(cpu);
  gw::Constraints c = job_only();
  c.student = true;
  const gw::Bill b = gw::price_bill(p, c, 6.75, hours_at(10, 5));
  CHECK(b.total.likely == doctest::Approx(50));
  REQUIRE(b.notes.size() == 1);
  CHECK(b.notes[0].en.find("does not cover GPU") != std::string::npos);
  CHECK(!b.notes[0].zh.empty());
}
