// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "tests/harness/fake_suites.h"

#include <stdexcept>

#include <fmt/format.h>

#include "kernels/error.h"
#include "kernels/ops.h"

namespace clampbench::testing {

namespace {
SuiteBuilder base(const std::string& name) {
  SuiteBuilder b(name);
  b.describe("harness test suite")
      .source("tests/harness/fake_suites.cpp", name)
      .device(SuiteDevice::Host)
      .axis("n", {3}, {3}, {3})
      .inputs([](const ParamPoint&, std::uint64_t, DeviceType device) {
        CaseData d;
        d.device = device;
        d.add("x", from_vector<std::int32_t>({5, 6, -1, 7, -3, 8}, {2, 3}, device), Role::Persistent);
        d.add("slots", full({4}, 0, DType::Int64, device), Role::PersistentWritable);
        d.add("scratch", full({2}, 0, DType::Int32, device), Role::Fresh);
        return d;
      })
      .outputs({"y"});
  return b;
}

Outputs clamp_ref(CaseData& d, const ParamPoint&) { return {{"y", clamp(add(d.get("x"), 0), 0)}}; }
}  // namespace

Suite make_fake_same() {
  return base("fake_same")
      .variant("clamp", "add then clamp", clamp_ref)
      .variant("clamp_", "add then clamp_", [](CaseData& d, const ParamPoint&) {
        Tensor t = add(d.get("x"), 0);
        clamp_(t, 0);
        fill_(d.get("scratch"), 1);  // a Fresh buffer may be written
        return Outputs{{"y", t}};
      })
      .build();
}

Suite make_fake_mismatch() {
  return base("fake_mismatch")
      .variant("clamp", "clamp at 0", clamp_ref)
      .variant("clamp_wrong", "clamp at 1", [](CaseData& d, const ParamPoint&) {
        return Outputs{{"y", clamp(add(d.get("x"), 0), 1)}};
      })
      .build();
}

Suite make_fake_mutation() {
  return base("fake_mutation")
      .variant("clamp", "clamp at 0", clamp_ref)
      .variant("clamp_", "x.clamp_(0): the shared input rewritten", [](CaseData& d, const ParamPoint&) {
        Tensor& x = d.get("x");
        clamp_(x, 0);
        return Outputs{{"y", x}};
      })
      .reader("negatives", "counts x < 0 after the builder", [](const CaseData& d, const Outputs&, const ParamPoint&) {
        return Outputs{{"count", sum(lt(d.get("x"), 0))}};
      })
      .build();
}

Suite make_fake_writable() {
  auto writer = [](std::int64_t value) {
    return [value](CaseData& d, const ParamPoint& p) {
      fill_(d.get("slots"), value);
      return clamp_ref(d, p);
    };
  };
  return base("fake_writable")
      .variant("clamp", "fills slots with 7", writer(7))
      .variant("clamp_", "fills slots with 7", writer(7))
      .variant("clamp_badwrite", "fills slots with 8", writer(8))
      .variant("clamp_elsewhere", "leaves slots alone", clamp_ref)
      .build();
}

Suite make_fake_throw() {
  return base("fake_throw")
      .variant("clamp", "clamp at 0", clamp_ref)
      .variant("clamp_", "throws", [](CaseData&, const ParamPoint&) -> Outputs { throw std::runtime_error("boom"); })
      .build();
}

Suite make_fake_empty() {
  return base("fake_empty")
      .variant("clamp", "looks at x, returns nothing", [](CaseData& d, const ParamPoint&) {
        if (item_int(max(d.get("x"))) > 0) return Outputs{};
        return clamp_ref(d, ParamPoint{});
      })
      .variant("clamp_", "returns nothing", [](CaseData&, const ParamPoint&) { return Outputs{}; })
      .build();
}

Suite make_fake_device_error() {
  return base("fake_device_error")
      .variant("clamp", "clamp at 0", clamp_ref)
      .variant("clamp_", "a CUDA failure", [](CaseData&, const ParamPoint&) -> Outputs {
        throw_error(ErrorKind::Device, "cudaLaunchKernel failed: fake");
      })
      .build();
}

std::vector<Suite> fake_suites() {
  return {make_fake_same(), make_fake_mismatch(), make_fake_mutation(), make_fake_writable(), make_fake_throw()};
}

}  // namespace clampbench::testing
