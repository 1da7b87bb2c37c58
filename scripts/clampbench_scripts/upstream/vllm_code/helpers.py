# SPDX-FileCopyrightText: 2026 clampbench authors
# SPDX-License-Identifier: Apache-2.0
"""vLLM helpers from other modules that a site's code calls since vLLM 0.33 (a JIT wrapper
class around Triton kernels, an async host-to-device copy), made from the release's own text
wherever the values depend on them, so a release that keeps them unchanged runs as is.

- `VllmTritonJitKernel`: the release's own launch path (`kernel_launcher`, `launch`,
  `_prepare_launch_kwargs`, `_launch_binding_plan`: how a call's arguments become the kernel's)
  on a small base class; the warm-up machinery (compile keys, AST-traced dispatch) is left out:
  it decides when Triton compiles, not what a launch computes.
- `async_tensor_h2d`: the release's own function, with `PIN_MEMORY` False (pinned memory
  needs CUDA and changes no value: the pin_memory adaptation).
- `triton_kernel_dispatcher_with_warmup` (0.33.0's warm-up kernel dispatcher): the release's
  own decorator and its kernel owner's call path, on the same base.
- `current_platform`: a device without a compute capability (not SM 12.x), as on the CPU.
- `from vllm.x.y import f` inside a function (0.34.0's token_to_req_indices imports its
  Triton launcher so): `f` and what it uses of its file, compiled from the release's vllm/x/y.py.

A release without a helper's file gets nothing for it (its sites do not call it)."""
import builtins
import types

import numpy as np

from .extract import compile_nodes, find_function
from .stand import Stand

JIT = "vllm/model_executor/warmup/jit_warmup.py"
JIT_TRITON = "vllm/model_executor/warmup/jit_warmup_triton_helper.py"
TORCH_UTILS = "vllm/utils/torch_utils.py"
LAUNCH_METHODS = ("_kernel_arg_names", "_prepare_launch_kwargs", "launch")


class JitKernelBase:
    """What VllmJitKernel's class carries that the launch path reads, and the subscript its
    subclasses are declared with (VllmTritonJitKernel["...CompileKey"])."""

    bind_launch_inputs = True
    _warming = False
    _warming_compile_key = None
    _run_autotune = False

    def __class_getitem__(cls, _key):
        return cls


def _jit_kernel_class(release, ns):
    release.load(JIT, ["kernel_launcher"], ns)
    release.load(JIT_TRITON, ["_launch_binding_plan", "LaunchSpec"], ns)
    module = release.module(JIT_TRITON)
    methods = [find_function(module, [f"VllmTritonJitKernel.{m}"])[0] for m in LAUNCH_METHODS]
    compile_nodes(module, methods, ns, class_name="VllmTritonJitKernel", base=JitKernelBase)


class ReleaseImporter:
    """__import__ for compiled code: vllm.* from the release's text, the rest as usual."""

    def __init__(self, release, triton):
        self.release, self.triton, self.loaded = release, triton, {}

    def __call__(self, name, globals=None, locals=None, fromlist=(), level=0):
        if level or not name.startswith("vllm"):
            return builtins.__import__(name, globals, locals, fromlist, level)
        relpath = name.replace(".", "/") + ".py"
        if not self.release.has(relpath):
            relpath = name.replace(".", "/") + "/__init__.py"
        if not fromlist:
            raise ImportError(f"import {name}: only `from {name} import ...` of vLLM is compiled here")
        return types.SimpleNamespace(**{attr: self._load(relpath, attr) for attr in fromlist})

    def _load(self, relpath, attr):
        if (relpath, attr) not in self.loaded:
            uses_triton = "triton" in (self.release.source.read(relpath) or "")
            ns = self.release.namespace(triton=self.triton or uses_triton)
            self.release.load(relpath, [attr], ns)
            self.loaded[(relpath, attr)] = ns[attr]
        return self.loaded[(relpath, attr)]


DISPATCHER_METHODS = ("__init__", "__call__", "__getitem__", "__getattr__")


def _dispatcher(release, ns):
    """triton_kernel_dispatcher_with_warmup (0.33.0's warm-up kernel dispatcher): the release's
    own decorator and the call path of the kernel owner it makes."""
    module = release.module(JIT_TRITON)
    methods = [find_function(module, [f"_DecoratedTritonJitKernel.{m}"])[0] for m in DISPATCHER_METHODS]
    ns["HAS_TRITON"] = True
    release.load(JIT_TRITON, ["_is_autotuned"], ns)
    compile_nodes(module, methods, ns, class_name="_DecoratedTritonJitKernel", base=ns["VllmTritonJitKernel"])
    release.load(JIT_TRITON, ["triton_kernel_dispatcher_with_warmup"], ns)


def _h2d(release, ns, used):
    h2d = {"torch": ns["torch"], "np": np, "PIN_MEMORY": False}
    release.load(TORCH_UTILS, ["async_tensor_h2d"], h2d)
    inner = h2d["async_tensor_h2d"]

    def async_tensor_h2d(*args, **kwargs):
        used.add("pin_memory")
        return inner(*args, **kwargs)
    ns["async_tensor_h2d"] = async_tensor_h2d


def add_to(release, ns, used):
    """Puts the stand-ins this release has a use for into `ns` (a site's namespace). A helper
    the release rewrote so that it no longer compiles here is left out: only the sites that
    call it fail, each saying which name it misses."""
    ns["__builtins__"] = dict(builtins.__dict__, __import__=ReleaseImporter(release, "triton" in ns))
    ns.setdefault("current_platform", Stand(get_device_capability=lambda: None, is_cuda=lambda: False,
                                            is_rocm=lambda: False, device_type="cpu"))
    if release.has(JIT) and release.has(JIT_TRITON) and "triton" in ns \
            and _compiles(_jit_kernel_class, release, ns):
        _compiles(_dispatcher, release, ns)  # built on the class
    if release.has(TORCH_UTILS):
        _compiles(_h2d, release, ns, used)


def _compiles(make, *args):
    try:
        make(*args)
        return True
    except Exception:  # ExtractError, or the release's text failing to compile here
        return False
