// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#include "harness/dump/detail/npy.h"

#include <fstream>
#include <stdexcept>

#include <fmt/format.h>

namespace clampbench::detail {

std::string npy_bytes(const HostTensor& t) {
  // Python tuple syntax: "()", "(4,)", "(2, 3)".
  std::string shape = "(";
  for (int d = 0; d < t.shape.ndim; ++d) shape += fmt::format("{}{}", d ? ", " : "", t.shape[d]);
  shape += t.shape.ndim == 1 ? ",)" : ")";
  std::string header = fmt::format("{{'descr': '{}', 'fortran_order': False, 'shape': {}, }}",
                                   numpy_descr(t.dtype), shape);
  // magic(6) + version(2) + header length(2) + header + '\n' must be a multiple of 64.
  const std::size_t unpadded = 10 + header.size() + 1;
  header.append((64 - unpadded % 64) % 64, ' ');
  header += '\n';
  std::string out("\x93NUMPY\x01\x00", 8);
  out += static_cast<char>(header.size() & 0xff);
  out += static_cast<char>((header.size() >> 8) & 0xff);
  out += header;
  out.append(reinterpret_cast<const char*>(t.data()), t.nbytes());
  return out;
}

void write_npy(const std::string& path, const HostTensor& t) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  const std::string bytes = npy_bytes(t);
  f.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
  f.close();  // a full disk often shows only when the last buffer goes out
  if (!f) throw std::runtime_error(fmt::format("cannot write '{}'", path));
}

}  // namespace clampbench::detail
