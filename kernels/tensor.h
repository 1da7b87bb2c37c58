// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Tensor: a strided view over shared Storage, PyTorch style. Views (narrow, select, unsqueeze,
// squeeze, expand, unfold, slice) share the storage and never allocate.

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "kernels/allocator.h"
#include "kernels/dtype.h"

namespace clampbench {

inline constexpr int kMaxDims = 6;

// A fixed-capacity list of extents or strides; trivially copyable so kernels take it by value.
struct Dims {
  int ndim = 0;
  std::int64_t d[kMaxDims] = {};

  Dims() = default;
  Dims(std::initializer_list<std::int64_t> values);
  static Dims from(const std::vector<std::int64_t>& values);
  std::int64_t operator[](int i) const { return d[i]; }
  std::int64_t& operator[](int i) { return d[i]; }
  std::int64_t numel() const;
  std::vector<std::int64_t> to_vector() const { return {d, d + ndim}; }
  std::string str() const;  // "[2, 3]"
  friend bool operator==(const Dims& a, const Dims& b);
};

// The strides of a contiguous (C-order) tensor of `shape`; a dim of extent 0 or 1 steps as 1.
// Inline, as the constructors below: Tensor::empty (tensor_storage.cpp) and the views
// (tensor.cpp) are in two files, and every allocation and view goes through them.
inline Dims contiguous_strides(const Dims& shape) {
  Dims s;
  s.ndim = shape.ndim;
  std::int64_t step = 1;
  for (int i = shape.ndim - 1; i >= 0; --i) {
    s.d[i] = step;
    step *= shape.d[i] > 1 ? shape.d[i] : 1;
  }
  return s;
}

// Memory owned by one allocator; freed through it when the last tensor referring to it dies.
class Storage {
 public:
  Storage(Allocator* allocator, std::size_t nbytes, Stream stream)
      : allocator_(allocator), block_(allocator->allocate(nbytes, stream)) {}
  ~Storage();
  Storage(const Storage&) = delete;
  Storage& operator=(const Storage&) = delete;

  void* data() const { return block_.ptr; }
  std::size_t nbytes() const { return block_.requested; }
  DeviceType device() const { return allocator_->device(); }
  Allocator* allocator() const { return allocator_; }
  // Host memory of the modelled code (kernels/host_planning.h): reading it waits for nothing,
  // and copying between it and the device is a host-device copy on either backend.
  bool host_side() const { return allocator_->host_side(); }
  // Overwrites this storage with `source`'s bytes (the same size) on the current stream: a
  // harness's copy, not an op (nothing counted, nothing allocated).
  void copy_bytes_from(const Storage& source);

 private:
  Allocator* allocator_;
  Block block_;
};

class Tensor {
 public:
  Tensor() = default;  // undefined tensor
  Tensor(std::shared_ptr<Storage> storage, DType dtype, Dims shape, Dims strides, std::int64_t offset)
      : storage_(std::move(storage)), dtype_(dtype), shape_(shape), strides_(strides), offset_(offset) {}

  // A new contiguous tensor from the current allocator of `device` (one allocation).
  // `op` names the op allocating, for the allocation trace (kernels/allocation_trace.h).
  static Tensor empty(const Dims& shape, DType dtype, DeviceType device, const char* op = "empty");

  bool defined() const { return storage_ != nullptr; }
  DType dtype() const { return dtype_; }
  DeviceType device() const;
  const Dims& shape() const { return shape_; }
  const Dims& strides() const { return strides_; }
  int dim() const { return shape_.ndim; }
  std::int64_t size(int d) const;  // negative d counts from the end
  std::int64_t stride(int d) const;
  std::int64_t numel() const { return shape_.numel(); }
  std::int64_t storage_offset() const { return offset_; }  // in elements
  std::size_t nbytes() const { return static_cast<std::size_t>(numel()) * element_size(dtype_); }
  bool is_contiguous() const;
  void* data_ptr() const;  // address of element [0, 0, ...]
  const std::shared_ptr<Storage>& storage() const { return storage_; }
  bool shares_storage_with(const Tensor& other) const { return storage_ == other.storage_; }
  bool host_side() const { return storage_ != nullptr && storage_->host_side(); }

  // Views.
  Tensor narrow(int dim, std::int64_t start, std::int64_t length) const;
  Tensor slice(int dim, std::int64_t start, std::int64_t end) const;  // Python-style clamping of end
  Tensor select(int dim, std::int64_t index) const;
  Tensor unsqueeze(int dim) const;
  Tensor squeeze(int dim) const;
  Tensor expand(const Dims& shape) const;  // -1 keeps a size
  Tensor unfold(int dim, std::int64_t size, std::int64_t step) const;
  Tensor view(const Dims& shape) const;  // contiguous tensors only

  std::string str() const;  // "int32[4, 2] cuda"

 private:
  int wrap_dim(int d, int ndim_plus = 0) const;

  std::shared_ptr<Storage> storage_;
  DType dtype_ = DType::Int32;
  Dims shape_;
  Dims strides_;
  std::int64_t offset_ = 0;
};

}  // namespace clampbench
