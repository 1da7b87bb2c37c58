// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/checks/tensor_compare.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>

#include <fmt/format.h>

#include "kernels/ops.h"

namespace clampbench {

HostTensor host_view(const Tensor& t) {
  HostTensor h;
  if (!t.defined()) return h;
  h.defined = true;
  h.dtype = t.dtype();
  h.shape = t.shape();
  h.host = contiguous(to(t, DeviceType::Host));  // the same tensor when already host-contiguous
  return h;
}

ElementValue element_value(const HostTensor& t, std::int64_t flat) {
  const unsigned char* p = t.data() + flat * static_cast<std::int64_t>(element_size(t.dtype));
  switch (t.dtype) {
    case DType::Bool: return std::int64_t{*p != 0 ? 1 : 0};
    case DType::Int32: { std::int32_t v; std::memcpy(&v, p, 4); return std::int64_t{v}; }
    case DType::Int64: { std::int64_t v; std::memcpy(&v, p, 8); return v; }
    case DType::Float32: {
      float v; std::memcpy(&v, p, 4);
      if (std::isnan(v)) return std::string("nan");
      if (std::isinf(v)) return std::string(v > 0 ? "inf" : "-inf");
      return static_cast<double>(v);
    }
  }
  return std::monostate{};
}

std::vector<std::int64_t> unravel(const Dims& shape, std::int64_t flat) {
  std::vector<std::int64_t> index(static_cast<std::size_t>(shape.ndim), 0);
  for (int d = shape.ndim - 1; d >= 0; --d) {
    if (shape[d] == 0) continue;
    index[static_cast<std::size_t>(d)] = flat % shape[d];
    flat /= shape[d];
  }
  return index;
}

namespace {
// Calls fn(flat) for every element whose bytes differ; returns how many did. Equal stretches
// are skipped a block at a time: most buffers compared are equal, and large.
template <typename Fn>
std::int64_t for_each_difference(const HostTensor& a, const HostTensor& b, Fn&& fn) {
  const auto es = static_cast<std::int64_t>(element_size(a.dtype));
  constexpr std::int64_t kBlock = 4096;  // elements per memcmp of the fast path
  const unsigned char* pa = a.data();
  const unsigned char* pb = b.data();
  const std::int64_t n = a.numel();
  std::int64_t count = 0;
  for (std::int64_t start = 0; start < n; start += kBlock) {
    const std::int64_t end = std::min(n, start + kBlock);
    if (std::memcmp(pa + start * es, pb + start * es, static_cast<std::size_t>((end - start) * es)) == 0) continue;
    for (std::int64_t i = start; i < end; ++i) {
      if (std::memcmp(pa + i * es, pb + i * es, static_cast<std::size_t>(es)) != 0) {
        fn(i, count);
        ++count;
      }
    }
  }
  return count;
}

std::string describe(const HostTensor& t) {
  return t.defined ? fmt::format("{}{}", dtype_name(t.dtype), t.shape.str()) : "undefined";
}
}  // namespace

std::optional<TensorMismatch> compare_tensors(const std::string& name, const HostTensor& reference,
                                              const HostTensor& value) {
  TensorMismatch m;
  m.name = name;
  if (reference.defined != value.defined || reference.dtype != value.dtype ||
      !(reference.shape == value.shape)) {
    m.count = std::max(reference.numel(), value.numel());
    m.reason = fmt::format("reference is {}, variant gives {}", describe(reference), describe(value));
    return m;
  }
  m.count = for_each_difference(reference, value, [&](std::int64_t flat, std::int64_t seen) {
    if (seen != 0) return;
    m.first_index = unravel(reference.shape, flat);
    m.reference = element_value(reference, flat);
    m.value = element_value(value, flat);
  });
  if (m.count == 0) return std::nullopt;
  return m;
}

std::vector<TensorMismatch> compare_outputs(const Outputs& reference, const Outputs& value,
                                            const std::string& source, const std::string& prefix) {
  std::vector<TensorMismatch> out;
  std::map<std::string, const Tensor*> by_name;
  for (const auto& v : value) by_name[v.name] = &v.tensor;
  for (const auto& r : reference) {
    auto it = by_name.find(r.name);
    const HostTensor ref = host_view(r.tensor);
    std::optional<TensorMismatch> m;
    if (it == by_name.end()) {
      m = TensorMismatch{r.name, source, ref.numel(), {}, ElementValue{}, ElementValue{}, "missing in the variant"};
    } else {
      m = compare_tensors(r.name, ref, host_view(*it->second));
      by_name.erase(it);
    }
    if (m) { m->name = prefix + m->name; m->source = source; out.push_back(std::move(*m)); }
  }
  for (const auto& [name, t] : by_name)  // outputs the reference does not have
    out.push_back({prefix + name, source, t->numel(), {}, ElementValue{}, ElementValue{}, "missing in the reference"});
  return out;
}

std::optional<BufferChange> diff_buffer(const std::string& name, Role role, const HostTensor& before,
                                        const HostTensor& after) {
  BufferChange c;
  c.buffer = name;
  c.role = role;
  if (before.dtype != after.dtype || !(before.shape == after.shape)) {
    c.changed = std::max(before.numel(), after.numel());  // the runtime never reshapes a buffer
    return c;
  }
  c.changed = for_each_difference(before, after, [&](std::int64_t flat, std::int64_t seen) {
    if (seen < kMaxChangedListed)
      c.first.push_back({unravel(before.shape, flat), element_value(before, flat), element_value(after, flat)});
  });
  if (c.changed == 0) return std::nullopt;
  return c;
}

}  // namespace clampbench
