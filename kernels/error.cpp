// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
// The runtime's typed error: names for reports and the one throw site behind CB_CHECK.

#include "kernels/error.h"

namespace clampbench {

const char* error_kind_name(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::ShapeMismatch: return "ShapeMismatch";
    case ErrorKind::DTypeMismatch: return "DTypeMismatch";
    case ErrorKind::IndexOutOfRange: return "IndexOutOfRange";
    case ErrorKind::InvalidArgument: return "InvalidArgument";
    case ErrorKind::DeviceMismatch: return "DeviceMismatch";
    case ErrorKind::Device: return "Device";
    case ErrorKind::OutOfMemory: return "OutOfMemory";
  }
  return "Unknown";
}

// Kept out of line so that CB_CHECK expands to a cheap test plus one call.
void throw_error(ErrorKind kind, const std::string& message) { throw TensorError(kind, message); }

}  // namespace clampbench
