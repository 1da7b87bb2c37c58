// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// Passes 2 and 3 of the recipe, for one variant (the reference, index 0, first). Check: the
// variant's outputs against the reference's, byte for byte, and each input buffer before vs
// after the measured call -- a change to a Persistent buffer is a mutation, a change to a
// writable one is a write whose final contents must match the reference's when both forms
// write it. Consequence: the
// suite's later readers on what the variant left behind, compared with what they see after
// the reference.

#include <algorithm>

#include <fmt/format.h>

#include "harness/runner/runner.h"

namespace clampbench {

namespace {
bool wrote(const VariantResult& v, const std::string& buffer) {
  return std::any_of(v.writes.begin(), v.writes.end(), [&](const BufferChange& c) { return c.buffer == buffer; });
}
}  // namespace

void Runner::check_variant(CaseResult& r, std::size_t k, const std::vector<HostTensor>& before) {
  VariantResult& vr = r.variants[k];
  if (!vr.ran) return;
  try {
    for (const auto& b : vr.after.buffers) vr.after_host.push_back(host_view(b.tensor));
    for (std::size_t i = 0; i < vr.after.buffers.size() && i < before.size(); ++i) {
      const Buffer& b = vr.after.buffers[i];
      auto change = diff_buffer(b.name, b.role, before[i], vr.after_host[i]);
      if (!change) continue;
      (b.role == Role::Persistent ? vr.mutations : vr.writes).push_back(std::move(*change));
    }
  } catch (const std::exception& e) {
    record_error(vr, e, "check pass");
  }
  if (k == 0) return;
  const VariantResult& ref = r.variants.front();
  if (!ref.ran) {
    vr.error = fmt::format("reference variant '{}' failed; nothing to compare with", ref.name);
    return;
  }
  try {
    vr.output_mismatches = compare_outputs(ref.outputs, vr.outputs);
    for (std::size_t i = 0; i < vr.after.buffers.size() && i < ref.after_host.size(); ++i) {
      if (vr.after.buffers[i].role != Role::PersistentWritable) continue;
      // A buffer only one form writes is that form's destination, not an output of the other
      // (the out-of-place counterfactual's own buffer, which the released in-place form never
      // touches): what differs there is where the result went, which the outputs and the
      // mutations already tell.
      const std::string& name = vr.after.buffers[i].name;
      if (wrote(ref, name) != wrote(vr, name)) continue;
      auto m = compare_tensors(vr.after.buffers[i].name, ref.after_host[i], vr.after_host[i]);
      if (m) { m->source = "written_input"; vr.output_mismatches.push_back(std::move(*m)); }
    }
  } catch (const std::exception& e) {
    record_error(vr, e, "check pass");
  }
}

void Runner::consequence_variant(const Suite& suite, CaseResult& r, std::size_t k) {
  VariantResult& vr = r.variants[k];
  if (!vr.ran) return;
  for (const auto& reader : suite.readers) {
    ReaderReport rep;
    rep.reader = reader.name;
    Outputs seen;
    try {
      seen = reader.fn(vr.after, vr.outputs, r.params);  // const: each sees the state the builder left
    } catch (const std::exception& e) {
      rep.error = e.what();
    }
    vr.reader_outputs.push_back(std::move(seen));
    vr.consequences.push_back(std::move(rep));
  }
  const VariantResult& ref = r.variants.front();
  if (!ref.ran) return;
  for (std::size_t i = 0; i < vr.consequences.size(); ++i) {
    ReaderReport& rep = vr.consequences[i];
    if (rep.error || ref.consequences[i].error) continue;
    try {
      rep.mismatches = compare_outputs(ref.reader_outputs[i], vr.reader_outputs[i], "reader", rep.reader + "/");
    } catch (const std::exception& e) {
      rep.error = e.what();
    }
  }
}

void release_tensors(VariantResult& vr) {
  vr.outputs.clear();
  vr.after = {};
  vr.after_host.clear();
  vr.reader_outputs.clear();
}

}  // namespace clampbench
