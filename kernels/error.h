// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// The runtime's one typed error. Every op validates shapes, dtypes and indices up front and
// throws TensorError instead of invoking undefined behaviour.

#include <stdexcept>
#include <string>

namespace clampbench {

enum class ErrorKind {
  ShapeMismatch,    // shapes that do not broadcast, wrong rank, bad view arguments
  DTypeMismatch,    // an op given a dtype it does not accept
  IndexOutOfRange,  // gather/scatter index, narrow/select position, dim out of range
  InvalidArgument,  // anything else the caller got wrong (zero divisor scalar, negative size)
  DeviceMismatch,   // operands on different devices
  Device,           // a CUDA runtime failure (carries cudaGetErrorString)
  OutOfMemory,      // an allocator could not satisfy a request
};

const char* error_kind_name(ErrorKind kind);

class TensorError : public std::runtime_error {
 public:
  TensorError(ErrorKind kind, const std::string& message)
      : std::runtime_error(message), kind_(kind) {}
  ErrorKind kind() const { return kind_; }

 private:
  ErrorKind kind_;
};

[[noreturn]] void throw_error(ErrorKind kind, const std::string& message);

}  // namespace clampbench

// CB_CHECK(cond, kind, fmt, args...): throw TensorError(kind, fmt::format(...)) unless cond.
#define CB_CHECK(cond, kind, ...)                                          \
  do {                                                                     \
    if (!(cond)) ::clampbench::throw_error((kind), ::fmt::format(__VA_ARGS__)); \
  } while (0)
