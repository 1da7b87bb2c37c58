// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// CaseData: the named input buffers of one case, and their deep clone, which keeps views
// views and aliasing aliasing (one new storage per distinct old storage).

#include <map>
#include <stdexcept>

#include "kernels/runtime.h"
#include "suites/suite.h"

namespace clampbench {

Tensor& CaseData::get(const std::string& name) {
  for (auto& b : buffers) {
    if (b.name == name) return b.tensor;
  }
  throw std::out_of_range("CaseData has no buffer '" + name + "'");
}

const Tensor& CaseData::get(const std::string& name) const {
  for (const auto& b : buffers) {
    if (b.name == name) return b.tensor;
  }
  throw std::out_of_range("CaseData has no buffer '" + name + "'");
}

void CaseData::add(std::string name, Tensor t, Role role) {
  for (const auto& b : buffers) {
    if (b.name == name) throw std::logic_error("CaseData already has a buffer '" + name + "'");
  }
  buffers.push_back(Buffer{std::move(name), std::move(t), role});
}

void CaseData::add_host(std::string name, Tensor t, Role role) {
  if (!t.host_side()) throw std::logic_error("CaseData: host tensor '" + name + "' is not host-side memory");
  add(std::move(name), std::move(t), role);
  buffers.back().host_tensor = true;
}

CaseData CaseData::clone() const {
  CaseData out;
  out.device = device;
  // One new storage per distinct old storage, so that views of one buffer stay views of one.
  std::map<const Storage*, std::shared_ptr<Storage>> copies;
  Runtime& rt = Runtime::current();
  for (const auto& b : buffers) {
    if (!b.tensor.defined()) {
      out.buffers.push_back(b);
      continue;
    }
    const std::shared_ptr<Storage>& old = b.tensor.storage();
    auto it = copies.find(old.get());
    if (it == copies.end()) {
      Allocator& allocator = old->host_side() ? rt.host_side_allocator() : rt.allocator(old->device());
      auto fresh = std::make_shared<Storage>(&allocator, old->nbytes(), rt.stream());
      if (old->nbytes() > 0) {
        fresh->copy_bytes_from(*old);
      }
      it = copies.emplace(old.get(), std::move(fresh)).first;
    }
    out.buffers.push_back(Buffer{b.name,
                                 Tensor(it->second, b.tensor.dtype(), b.tensor.shape(),
                                        b.tensor.strides(), b.tensor.storage_offset()),
                                 b.role, b.host_tensor});
  }
  return out;
}

void CaseData::copy_from(const CaseData& source) {
  if (source.buffers.size() != buffers.size())
    throw std::logic_error("CaseData::copy_from: the source has another number of buffers");
  std::map<Storage*, const Storage*> pairs;  // each distinct storage once
  for (std::size_t i = 0; i < buffers.size(); ++i) {
    const Tensor& dst = buffers[i].tensor;
    const Tensor& src = source.buffers[i].tensor;
    if (dst.defined() != src.defined() || buffers[i].name != source.buffers[i].name)
      throw std::logic_error("CaseData::copy_from: buffer '" + buffers[i].name + "' differs in layout");
    if (!dst.defined()) continue;
    Storage* d = dst.storage().get();
    const Storage* s = src.storage().get();
    if (d->nbytes() != s->nbytes() || d->device() != s->device())
      throw std::logic_error("CaseData::copy_from: buffer '" + buffers[i].name + "' differs in size or device");
    auto [it, fresh] = pairs.emplace(d, s);
    if (!fresh && it->second != s)
      throw std::logic_error("CaseData::copy_from: buffer '" + buffers[i].name + "' aliases differently");
  }
  for (const auto& [d, s] : pairs)
    if (s->nbytes() > 0) d->copy_bytes_from(*s);
}

}  // namespace clampbench
