// SPDX-FileCopyrightText: 2026 clampbench authors
// SPDX-License-Identifier: Apache-2.0
#pragma once
// Typed row loops for walk_rows: when every operand of a row is contiguous (step ==
// sizeof(element)) or broadcast (step 0), the row runs as a plain indexed loop over typed
// pointers, which the compiler vectorizes; any other stride takes the byte-stride loop. The
// per-element function is the same in every branch, so results do not depend on the branch.

#include <cstdint>

namespace clampbench::detail::host {

template <typename T> const T* in_ptr(const char* p) { return reinterpret_cast<const T*>(p); }
template <typename T> T* out_ptr(char* p) { return reinterpret_cast<T*>(p); }
template <typename T> constexpr std::int64_t size_of = static_cast<std::int64_t>(sizeof(T));

// o = f() for every element (fill).
template <typename O, typename F> void row1(char* const* p, const std::int64_t* st, std::int64_t n, F&& f) {
  if (st[0] == size_of<O>) {
    O* o = out_ptr<O>(p[0]);
    for (std::int64_t i = 0; i < n; ++i) o[i] = f();
    return;
  }
  for (std::int64_t i = 0; i < n; ++i) *out_ptr<O>(p[0] + i * st[0]) = f();
}

// o = f(x).
template <typename O, typename X, typename F> void row2(char* const* p, const std::int64_t* st, std::int64_t n, F&& f) {
  if (st[0] == size_of<O> && st[1] == size_of<X>) {
    O* o = out_ptr<O>(p[0]);
    const X* x = in_ptr<X>(p[1]);
    for (std::int64_t i = 0; i < n; ++i) o[i] = f(x[i]);
    return;
  }
  if (st[0] == size_of<O> && st[1] == 0) {
    O* o = out_ptr<O>(p[0]);
    const X x = *in_ptr<X>(p[1]);
    for (std::int64_t i = 0; i < n; ++i) o[i] = f(x);
    return;
  }
  for (std::int64_t i = 0; i < n; ++i) *out_ptr<O>(p[0] + i * st[0]) = f(*in_ptr<X>(p[1] + i * st[1]));
}

// o = f(x, y).
template <typename O, typename X, typename Y, typename F>
void row3(char* const* p, const std::int64_t* st, std::int64_t n, F&& f) {
  if (st[0] == size_of<O>) {
    O* o = out_ptr<O>(p[0]);
    const X* x = in_ptr<X>(p[1]);
    const Y* y = in_ptr<Y>(p[2]);
    if (st[1] == size_of<X> && st[2] == size_of<Y>) {
      for (std::int64_t i = 0; i < n; ++i) o[i] = f(x[i], y[i]);
      return;
    }
    if (st[1] == size_of<X> && st[2] == 0) {
      const Y y0 = *y;
      for (std::int64_t i = 0; i < n; ++i) o[i] = f(x[i], y0);
      return;
    }
    if (st[1] == 0 && st[2] == size_of<Y>) {
      const X x0 = *x;
      for (std::int64_t i = 0; i < n; ++i) o[i] = f(x0, y[i]);
      return;
    }
  }
  for (std::int64_t i = 0; i < n; ++i)
    *out_ptr<O>(p[0] + i * st[0]) = f(*in_ptr<X>(p[1] + i * st[1]), *in_ptr<Y>(p[2] + i * st[2]));
}

// o = f(c, x, y) (where).
template <typename O, typename C, typename X, typename Y, typename F>
void row4(char* const* p, const std::int64_t* st, std::int64_t n, F&& f) {
  if (st[0] == size_of<O> && st[1] == size_of<C> && st[2] == size_of<X> && st[3] == size_of<Y>) {
    O* o = out_ptr<O>(p[0]);
    const C* c = in_ptr<C>(p[1]);
    const X* x = in_ptr<X>(p[2]);
    const Y* y = in_ptr<Y>(p[3]);
    for (std::int64_t i = 0; i < n; ++i) o[i] = f(c[i], x[i], y[i]);
    return;
  }
  for (std::int64_t i = 0; i < n; ++i)
    *out_ptr<O>(p[0] + i * st[0]) =
        f(*in_ptr<C>(p[1] + i * st[1]), *in_ptr<X>(p[2] + i * st[2]), *in_ptr<Y>(p[3] + i * st[3]));
}

}  // namespace clampbench::detail::host
