// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The registration types: parameter points, the cartesian product of a size set, builder
// validation, CaseData (deep clone preserving views and aliasing) and the registry.

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <stdexcept>

#include "suites/detail/strided.h"
#include "suites/suite.h"
#include "tests/suites/suite_test_util.h"

namespace clampbench::suite_tests {
namespace {

// The builders' floor division (suites/detail/strided.h, no guard for 0 or -1) agrees with the
// runtime's floor_divide, torch's `//`, wherever both are defined.
TEST(SuiteInfra, BuildersFloorDivisionIsTheRuntimes) {
  const std::vector<std::int64_t> as = {-9, -8, -7, -1, 0, 1, 6, 7, 8, 257};
  for (const std::int64_t b : {-3, -2, 2, 3, 256}) {
    const std::vector<std::int64_t> quotients =
        to_vector<std::int64_t>(floor_divide(from_vector(as, {10}, DeviceType::Host), b));
    for (std::size_t i = 0; i < as.size(); ++i)
      EXPECT_EQ(suites::detail::floor_div(as[i], b), quotients[i]) << as[i] << " // " << b;
  }
}

TEST(SuiteInfra, ParamPointLabelSetGet) {
  ParamPoint p;
  p.set("R", 64);
  p.set("B", 256);
  EXPECT_EQ(p.label(), "R=64,B=256");
  p.set("R", 8);  // overwrites in place, keeps the order
  EXPECT_EQ(p.label(), "R=8,B=256");
  EXPECT_EQ(p.get("B"), 256);
  EXPECT_TRUE(p.has("R"));
  EXPECT_FALSE(p.has("K"));
  EXPECT_THROW(p.get("K"), std::out_of_range);
  EXPECT_EQ(ParamPoint().label(), "");
}

TEST(SuiteInfra, NamesAndParsing) {
  SizeSet s{};
  EXPECT_TRUE(parse_size_set("nightly", s));
  EXPECT_EQ(s, SizeSet::Nightly);
  EXPECT_TRUE(parse_size_set("quick", s));
  EXPECT_EQ(s, SizeSet::Quick);
  EXPECT_TRUE(parse_size_set("full", s));
  EXPECT_EQ(s, SizeSet::Full);
  EXPECT_FALSE(parse_size_set("Full", s));
  EXPECT_FALSE(parse_size_set("", s));
  EXPECT_STREQ(size_set_name(SizeSet::Quick), "quick");
  EXPECT_STREQ(size_set_name(SizeSet::Full), "full");
  EXPECT_STREQ(role_name(Role::Fresh), "fresh");
  EXPECT_STREQ(role_name(Role::Persistent), "persistent");
  EXPECT_STREQ(role_name(Role::PersistentWritable), "persistent_writable");
}

Outputs no_outputs(CaseData&, const ParamPoint&) { return {}; }
CaseData no_inputs(const ParamPoint&, std::uint64_t, DeviceType) { return {}; }

SuiteBuilder complete(const std::string& name = "demo") {
  SuiteBuilder b(name);
  b.source("vllm/x.py", "f").inputs(no_inputs).variant("clamp", "", no_outputs).variant("clamp_", "", no_outputs);
  return b;
}

TEST(SuiteInfra, PointsAreTheFilteredProduct) {
  Suite s = complete()
                .axis("A", {1, 2}, {1}, {1, 2, 3})
                .axis("B", {10, 20, 30}, {10}, {10})
                .build();
  const auto quick = s.points(SizeSet::Quick);
  ASSERT_EQ(quick.size(), 6u);
  EXPECT_EQ(quick[0].label(), "A=1,B=10");
  EXPECT_EQ(quick[1].label(), "A=1,B=20");
  EXPECT_EQ(quick[5].label(), "A=2,B=30");
  EXPECT_EQ(s.points(SizeSet::Nightly).size(), 1u);
  EXPECT_EQ(s.points(SizeSet::Full).size(), 3u);

  s.accept = [](const ParamPoint& p) { return p.get("A") * 10 != p.get("B"); };
  const auto filtered = s.points(SizeSet::Quick);
  ASSERT_EQ(filtered.size(), 4u);
  for (const auto& p : filtered) EXPECT_NE(p.get("A") * 10, p.get("B"));

  const Suite no_axes = complete().build();
  ASSERT_EQ(no_axes.points(SizeSet::Quick).size(), 1u);
  EXPECT_EQ(no_axes.points(SizeSet::Quick)[0].label(), "");
}

TEST(SuiteInfra, BuilderValidation) {
  EXPECT_NO_THROW(complete().build());
  EXPECT_THROW(complete("").build(), std::logic_error);
  EXPECT_THROW(SuiteBuilder("s").inputs(no_inputs).variant("clamp", "", no_outputs).build(), std::logic_error);
  EXPECT_THROW(SuiteBuilder("s").source("f.py", "").inputs(no_inputs).variant("clamp", "", no_outputs).build(),
               std::logic_error);
  EXPECT_THROW(SuiteBuilder("s").source("f.py", "g").variant("clamp", "", no_outputs).build(), std::logic_error);
  EXPECT_THROW(SuiteBuilder("s").source("f.py", "g").inputs(no_inputs).build(), std::logic_error);
  EXPECT_THROW(SuiteBuilder("s").source("f.py", "g").inputs(no_inputs).variant("clamp_", "", no_outputs).build(),
               std::logic_error);
  EXPECT_THROW(complete().variant("clamp_", "", no_outputs).build(), std::logic_error);
  EXPECT_THROW(complete().variant("naive", "", VariantFn{}).build(), std::logic_error);
  EXPECT_THROW(complete().axis("R", {1}, {1}, {1}).axis("R", {2}, {2}, {2}).build(), std::logic_error);
  EXPECT_THROW(complete().axis("R", {}, {1}, {1}).build(), std::logic_error);
  const Suite s = complete().build();
  ASSERT_NE(s.find_variant("clamp_"), nullptr);
  EXPECT_EQ(s.find_variant("clamp_")->name, "clamp_");
  EXPECT_EQ(s.find_variant("fused"), nullptr);
}

TEST(SuiteInfra, CaseDataGetAndAdd) {
  CaseData d;
  d.add("a", i32({1, 2}, {2}, DeviceType::Host), Role::Persistent);
  EXPECT_EQ(values(d.get("a")), (Values{1, 2}));
  EXPECT_EQ(d.buffers[0].role, Role::Persistent);
  EXPECT_THROW(d.get("b"), std::out_of_range);
  EXPECT_THROW(d.add("a", i32({3}, {1}, DeviceType::Host)), std::logic_error);
  const CaseData& c = d;
  EXPECT_EQ(values(c.get("a")), (Values{1, 2}));
  EXPECT_THROW(c.get("b"), std::out_of_range);
}

// Two views of one storage (a strided column and an offset row) and a separate tensor.
TEST(SuiteInfra, CloneDeepCopiesAndPreservesViewsAndAliasing) {
  const DeviceType h = DeviceType::Host;
  CaseData d;
  d.device = h;
  const Tensor table = i32({0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}, {3, 4}, h);
  d.add("column", table.select(1, 2), Role::Persistent);
  d.add("row", table.narrow(0, 1, 2).narrow(1, 1, 2), Role::PersistentWritable);
  d.add("other", i64({-1, -2}, {2}, h));

  AllocationLedger& ledger = Runtime::current().ledger();
  LedgerScope scope(ledger, "clone");
  CaseData c = d.clone();
  const PerDevice counts = scope.close();
  EXPECT_EQ(counts[static_cast<int>(h)].allocations, 2u);  // one per distinct storage
  EXPECT_EQ(counts[static_cast<int>(h)].bytes_requested, 12u * 4u + 2u * 8u);

  ASSERT_EQ(c.buffers.size(), 3u);
  EXPECT_EQ(c.device, h);
  for (std::size_t i = 0; i < 3; ++i) {
    const Tensor& a = d.buffers[i].tensor;
    const Tensor& b = c.buffers[i].tensor;
    EXPECT_EQ(c.buffers[i].name, d.buffers[i].name);
    EXPECT_EQ(c.buffers[i].role, d.buffers[i].role);
    EXPECT_EQ(b.dtype(), a.dtype());
    EXPECT_EQ(b.shape(), a.shape());
    EXPECT_EQ(b.strides(), a.strides());
    EXPECT_EQ(b.storage_offset(), a.storage_offset());
    EXPECT_FALSE(b.shares_storage_with(a));
    EXPECT_EQ(values(b), values(a));
  }
  EXPECT_TRUE(c.get("column").shares_storage_with(c.get("row")));
  EXPECT_FALSE(c.get("column").shares_storage_with(c.get("other")));
  EXPECT_EQ(values(c.get("column")), (Values{2, 6, 10}));
  EXPECT_EQ(values(c.get("row")), (Values{5, 6, 9, 10}));

  // Writes through one cloned view show in the other (aliasing), never in the original.
  fill_(c.get("row"), 0);
  EXPECT_EQ(values(c.get("column")), (Values{2, 0, 0}));
  EXPECT_EQ(values(d.get("column")), (Values{2, 6, 10}));
  EXPECT_EQ(values(table), (Values{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11}));
}

// copy_from restores a used clone in place: the same storages, no allocation, the source's
// bytes in every view; a clone of another layout is refused.
TEST(SuiteInfra, CopyFromRestoresAUsedCloneInPlace) {
  const DeviceType h = DeviceType::Host;
  CaseData d;
  d.device = h;
  const Tensor table = i32({0, 1, 2, 3, 4, 5}, {2, 3}, h);
  d.add("row", table.select(0, 1), Role::Persistent);
  d.add("table", table, Role::PersistentWritable);
  d.add("other", i64({-1, -2}, {2}, h));
  CaseData c = d.clone();
  const Tensor row_storage = c.get("row");
  fill_(c.get("table"), 7);
  fill_(c.get("other"), 9);

  AllocationLedger& ledger = Runtime::current().ledger();
  LedgerScope scope(ledger, "copy_from");
  c.copy_from(d);
  EXPECT_EQ(scope.close()[static_cast<int>(h)].allocations, 0u);
  EXPECT_TRUE(c.get("row").shares_storage_with(row_storage));
  EXPECT_EQ(values(c.get("row")), (Values{3, 4, 5}));
  EXPECT_EQ(values(c.get("table")), (Values{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(values(c.get("other")), (Values{-1, -2}));

  CaseData fewer;
  fewer.add("row", i32({0, 0, 0}, {3}, h));
  EXPECT_THROW(fewer.copy_from(d), std::logic_error);
  CaseData smaller = d.clone();
  smaller.buffers[2].tensor = i64({0}, {1}, h);
  EXPECT_THROW(smaller.copy_from(d), std::logic_error);
}

// A file of the source tree, whole; empty when it cannot be read.
std::string source_text(const std::filesystem::path& path) {
  std::ifstream in(path);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

// The suite files of the source tree: suites/<name>.cpp holding a CLAMPBENCH_REGISTER_SUITE.
std::vector<std::string> registering_files() {
  std::vector<std::string> names;
  for (const auto& e : std::filesystem::directory_iterator(CLAMPBENCH_SOURCE_DIR "/suites")) {
    if (e.path().extension() != ".cpp") continue;
    if (source_text(e.path()).find("\nCLAMPBENCH_REGISTER_SUITE(") != std::string::npos) names.push_back(e.path().stem().string());
  }
  std::sort(names.begin(), names.end());
  return names;
}

// Each suite file registers itself, and the linker kept every one of them (the archive is
// linked whole): the registry holds exactly the suites of suites/*.cpp, file name = suite name.
TEST(SuiteInfra, RegistryHoldsEverySuiteFileOfTheTree) {
  const std::vector<std::string> files = registering_files();
  ASSERT_FALSE(files.empty());
  std::vector<std::string> registered;
  for (const auto& s : all_suites()) registered.push_back(s.name);
  std::vector<std::string> sorted = registered;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(sorted, files);
  EXPECT_EQ(std::adjacent_find(sorted.begin(), sorted.end()), sorted.end());  // no name twice
  // The registry's order is derived, never chosen: by name.
  const std::vector<std::string>& expected = files;
  const auto& all = all_suites();
  ASSERT_EQ(all.size(), expected.size());
  for (std::size_t i = 0; i < all.size(); ++i) {
    EXPECT_EQ(all[i].name, expected[i]);
    EXPECT_EQ(find_suite(expected[i]), &all[i]);
    EXPECT_EQ(all[i].variants.at(0).name, "clamp");
    EXPECT_NE(all[i].find_variant("clamp_"), nullptr);
    EXPECT_FALSE(all[i].points(SizeSet::Quick).empty()) << all[i].name;
    EXPECT_FALSE(all[i].output_names.empty()) << all[i].name;
  }
  EXPECT_EQ(&all_suites(), &all);  // built once
  EXPECT_EQ(find_suite("no_such_suite"), nullptr);
  EXPECT_EQ(find_suite("mla_chunked_context")->device, SuiteDevice::Host);
  EXPECT_EQ(find_suite("rocm_aiter_fa_chunks")->device, SuiteDevice::Host);
  EXPECT_EQ(find_suite("mamba_prefix_caching")->device, SuiteDevice::Gpu);
}

// Every floor is checked by its suite's own test (tests/suites/test_<name>.cpp): against clamp
// on the quick set, with its exact allocations, launches and read-backs, so that a floor whose
// kernel stopped launching, or launches twice, fails there. A registered floor is listed last.
TEST(SuiteInfra, EveryFloorIsPinnedByItsSuitesTest) {
  for (const auto& s : all_suites()) {
    SCOPED_TRACE(s.name);
    const Variant* floor = s.find_variant("fused");
    if (floor == nullptr) continue;
    EXPECT_EQ(&s.variants.back(), floor);
    const std::filesystem::path test = std::string(CLAMPBENCH_SOURCE_DIR "/tests/suites/test_") + s.name + ".cpp";
    ASSERT_TRUE(std::filesystem::is_regular_file(test)) << "no " << test;
    EXPECT_NE(source_text(test).find("check_fused_quick_set("), std::string::npos)
        << "its test does not run check_fused_quick_set on the floor";
  }
}

}  // namespace
}  // namespace clampbench::suite_tests
