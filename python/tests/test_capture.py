#===- test_capture.py - launches captured as tt-run specs -------*- Python -*-===#
#
# Part of tt, the Triton compiler as a suite of Unix tools.
#
#===----------------------------------------------------------------------===#
"""tt_triton.capture through CompiledKernel.run with fake launches (numpy
computes each kernel's outputs; no GPU here), and the captured specs
replayed by tt-run on the CPU backend against those outputs."""

import json
import os
import re
import subprocess

import numpy as np
import pytest

import capture_models
from tt_triton import capture, capture_report


@pytest.fixture
def capdir(workdir):
    root = workdir / "capture"
    capturer = capture.install(str(root))
    yield root, capturer
    capture.uninstall()


def _tt_run():
    path = os.path.join(os.environ.get("TT_TOOLS_DIR", ""), "tt-run")
    if not os.access(path, os.X_OK):
        pytest.skip("no tt-run in $TT_TOOLS_DIR")
    return path


def _kernel_dir(root, prefix):
    found = [d for d in os.listdir(root) if d.startswith(prefix + "-")]
    assert len(found) == 1, os.listdir(root)
    return root / found[0]


def _first_spec(root, prefix):
    """The kernel's capture folder and the run spec of its first launch."""
    kdir = _kernel_dir(root, prefix)
    return kdir, (kdir / "launch0.run.yaml").read_text()


def _one_case(model, index):
    rng = np.random.default_rng(0)
    return capture_models.MODELS[model](rng)[index]


def _launch(case, times=1, args=None):
    fn, constexprs, grid, values, compute = case[:5]
    kernel = capture_models.compile_kernel(fn, values, constexprs, case[5] if len(case) > 5 else {})
    calls = []

    def launcher(*a):
        calls.append(a)
        compute()

    kernel._run = launcher
    if args is None:
        it = iter(values)
        args = [constexprs[n] if n in constexprs else next(it) for n in fn.arg_names]
    for _ in range(times):
        kernel.run(*grid, None, None, None, None, None, None, *args)
    return kernel, calls


def test_spec_of_a_launch(capdir):
    root, capturer = capdir
    case = _one_case("gpt2", 0)  # embedding + layer norm: i64 ids, two outputs
    ids, wte = case[3][0].copy(), case[3][1].copy()
    kernel, calls = _launch(case)
    assert len(calls) == 1
    kdir = _kernel_dir(root, kernel.name)
    assert kdir.name == f"{kernel.name}-{kernel.hash[:12]}"
    for ext in (".ttir", ".ptx", ".json"):
        assert (kdir / (kernel.name + ext)).exists()
    assert (kdir / (kernel.name + ".ttir")).read_text() == kernel.asm["ttir"]
    spec = (kdir / "launch0.run.yaml").read_text()
    assert "grid: [4, 1, 1]" in spec
    assert f"kernel: {{tt: {kernel.name}.ttir}}" in spec
    assert "- {name: xnumel, scalar: i32, value: 16}" in spec
    assert "- {name: in_ptr0, tensor: i64, shape: [16], init: {npy: launch0/in_ptr0.npy}, description: \"numpy int64 (16,)\"}" in spec
    # the outputs are checked against what the launch wrote, the inputs are not
    assert re.search(r"name: out_ptr1, .*check: \{npy: launch0/out_ptr1.expected.npy, rtol: 0.0001", spec)
    assert not re.search(r"name: in_ptr1, .*check", spec)
    assert "bench: {restore: [out_ptr0, out_ptr1]}" in spec
    assert "# constexprs: XBLOCK=4, RBLOCK=64" in spec
    assert np.array_equal(np.load(kdir / "launch0" / "in_ptr0.npy"), ids)
    assert np.array_equal(np.load(kdir / "launch0" / "in_ptr1.npy"), wte.reshape(-1))
    out = np.load(kdir / "launch0" / "out_ptr1.npy")
    assert np.isnan(out).all()  # before the launch: what the buffer held
    assert np.array_equal(np.load(kdir / "launch0" / "out_ptr1.expected.npy"), case[3][6].reshape(-1))
    meta = json.loads((kdir / (kernel.name + ".json")).read_text())
    assert meta["name"] == kernel.name and meta["target"]["arch"] == 90


def test_in_place_and_bf16(capdir):
    root, _ = capdir
    gelu = _one_case("gpt2", 1)
    before = gelu[3][0].copy()
    kernel, _ = _launch(gelu)
    kdir, spec = _first_spec(root, kernel.name)
    assert "bench: {restore: [in_out_ptr0]}" in spec
    assert np.array_equal(np.load(kdir / "launch0" / "in_out_ptr0.npy"), before.reshape(-1))
    assert not np.array_equal(np.load(kdir / "launch0" / "in_out_ptr0.expected.npy"), before.reshape(-1))
    rms = _one_case("llama", 0)
    x = rms[3][0].copy()
    kernel, _ = _launch(rms)
    kdir, spec = _first_spec(root, kernel.name)
    assert "- {name: in_ptr0, tensor: bf16, shape: [512]" in spec
    # bf16 is written as the float32 of the same value
    got = np.load(kdir / "launch0" / "in_ptr0.npy")
    assert got.dtype == np.float32 and np.array_equal(got, capture_models._from_bf16(x).reshape(-1))


def test_limit_and_counts(workdir):
    root = workdir / "capture"
    capturer = capture.install(str(root), limit=2)
    try:
        kernel, calls = _launch(_one_case("llama", 2), times=3)
        capturer.write_counts()
    finally:
        capture.uninstall()
    assert len(calls) == 3
    kdir = _kernel_dir(root, kernel.name)
    assert sorted(p.name for p in kdir.glob("launch*.run.yaml")) == ["launch0.run.yaml", "launch1.run.yaml"]
    # The second launch wrote what the first had left in out_ptr0: still
    # checked, since the kernel stores to it; the first changed it.
    first, second = ((kdir / f"launch{i}.run.yaml").read_text() for i in (0, 1))
    assert re.search(r"name: out_ptr0, .*check: \{npy: launch1/out_ptr0.expected.npy", second)
    assert "written by the kernel, unchanged by this launch" in second
    assert "unchanged" not in first and "restore: [out_ptr0]" in first and "restore" not in second
    counts = json.loads((root / f"launches-{os.getpid()}.json").read_text())["kernels"]
    assert counts[kdir.name] == {"name": kernel.name, "launches": 3}


def test_tensors_over_the_cap(workdir):
    root = workdir / "capture"
    capture.install(str(root), max_bytes=2048)
    try:
        case = _one_case("bert", 1)  # gelu: x and y are 32 KiB each
        x = case[3][0].copy()
        kernel, _ = _launch(case)
    finally:
        capture.uninstall()
    kdir, spec = _first_spec(root, kernel.name)
    assert not list((kdir / "launch0").glob("*.npy"))
    m = re.search(r"name: in_ptr0, tensor: f32, shape: \[8192\], init: \{normal: \{mean: (\S+), std: (\S+)\}\}", spec)
    assert m, spec
    assert float(m.group(1)) == pytest.approx(x.mean(), abs=1e-6)
    assert float(m.group(2)) == pytest.approx(x.std(), rel=1e-5)
    assert "check" not in spec.split("args:")[1].split("description")[0]
    assert "over the 2048-byte capture cap" in spec
    assert "checks dropped" in spec


def test_skip_over_the_cap_and_unsupported(workdir):
    root = workdir / "capture"
    capture.install(str(root), max_bytes=2048, large="skip")
    try:
        kernel, calls = _launch(_one_case("bert", 1))
        # a launch the signature cannot account for is launched, not captured
        other, other_calls = _launch(_one_case("llama", 2), args=[1, 2])
    finally:
        capture.uninstall()
    assert len(calls) == 1 and len(other_calls) == 1
    skipped = [json.loads(line) for line in (root / "skipped.jsonl").read_text().splitlines()]
    assert [s["kernel"] for s in skipped] == [kernel.name, other.name]
    assert "over the 2048 byte cap: in_ptr0, out_ptr0" in skipped[0]["reason"]
    assert "passes 2 arguments" in skipped[1]["reason"]
    assert not list(root.glob("*/launch*.run.yaml"))


def test_pointer_access():
    """Which parameters a kernel loads from and stores to, from its TTIR."""
    fn, constexprs, _, values, _ = _one_case("gpt2", 0)
    access = capture.pointer_access(capture_models.compile_kernel(fn, values, constexprs).asm["ttir"])
    # ids, wte, wpe, w, b are read (wte through an address computed from a
    # loaded id), h and ln written; the scalars are neither
    assert access == {0: {"r"}, 1: {"r"}, 2: {"r"}, 3: {"r"}, 4: {"r"}, 5: {"w"}, 6: {"w"}}
    fn, constexprs, _, values, _ = _one_case("gpt2", 1)[:5]
    access = capture.pointer_access(capture_models.compile_kernel(fn, values, constexprs).asm["ttir"])
    assert access == {0: {"r", "w"}, 1: {"r"}}


def test_decode():
    assert capture.decode(np.array([0x7E, 0xFE, 0x7F, 0x08], np.uint8), "fp8e4m3").tolist()[:2] == [448.0, -448.0]
    assert np.isnan(capture.decode(np.array([0x7F], np.uint8), "fp8e4m3")[0])
    assert capture.decode(np.array([0x08], np.uint8), "fp8e4m3")[0] == 2.0**-6
    assert capture.decode(np.array([0x7C, 0x3C, 0x01], np.uint8), "fp8e5m2").tolist() == [np.inf, 1.0, 2.0**-16]
    assert capture.decode(np.array([0x3F80, 0xC000], np.uint16), "bf16").tolist() == [1.0, -2.0]
    assert capture.decode(np.array([0, 3], np.uint8), "i1").tolist() == [False, True]
    assert capture.statistics(np.array([3, 9, 5]), "i64") == {"uniform": {"low": 3, "high": 10}}
    assert capture.statistics(np.array([np.nan, np.inf]), "f32") == "zeros"


@pytest.mark.parametrize("model", sorted(capture_models.MODELS))
def test_replay_on_cpu(workdir, model):
    """Every kernel of the model, captured and replayed by tt's CPU backend
    against numpy's outputs; a wrong expected output fails the replay."""
    tt_run = _tt_run()
    root = workdir / "capture"
    capture.install(str(root))
    try:
        capture_models.launch_models([model])
    finally:
        capture.uninstall()
    specs = sorted(root.glob("*/launch0.run.yaml"))
    assert len(specs) == 3
    for spec in specs:
        proc = subprocess.run([tt_run, "--target", "cpu", spec.name], cwd=spec.parent, capture_output=True,
                              text=True)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        assert re.search(r"^\s+tt\s+ok ", proc.stdout, re.M), proc.stdout
    spec = specs[-1]  # a pointwise kernel of each model
    expected = sorted(spec.parent.glob("launch0/*.expected.npy"))[0]
    ref = np.load(expected)
    ref.reshape(-1)[5] += 1.0
    np.save(expected, ref)
    proc = subprocess.run([tt_run, "--target", "cpu", spec.name], cwd=spec.parent, capture_output=True, text=True)
    assert proc.returncode == 1 and "FAIL" in proc.stdout, proc.stdout + proc.stderr


def test_report_on_cpu(workdir, capsys):
    tt_run = _tt_run()
    root = workdir / "capture"
    capturer = capture.install(str(root))
    try:
        _launch(_one_case("bert", 1))  # captured, then not counted: like an autotuning candidate
        capture.reset_counts()
        _launch(_one_case("llama", 2), times=3)
        _launch(_one_case("gpt2", 1))
        capturer.write_counts()
    finally:
        capture.uninstall()
    svg = workdir / "report.svg"
    code = capture_report.main([str(root), "--tt-run", tt_run, "--target", "cpu", "--reps", "3", "--svg", str(svg)])
    captured = capsys.readouterr()
    out = captured.out
    assert "1 captured kernels never ran in the counted launches" in captured.err
    assert code == 0, out
    lines = out.splitlines()
    assert lines[0].split() == ["kernel", "share", "launches", "upstream", "ms", "tt", "ms", "tt/up", "check"]
    body = [line.split() for line in lines[2:]]
    assert {r[0] for r in body} == {"triton_poi_fused_mul_silu_2", "triton_poi_fused_add_mul_pow_tanh_1"}
    launches = {r[0]: int(r[2]) for r in body}
    assert launches == {"triton_poi_fused_mul_silu_2": 3, "triton_poi_fused_add_mul_pow_tanh_1": 1}
    assert all(r[-1] == "ok" and r[-2] == "tt" for r in body)
    shares = [float(r[1].rstrip("%")) for r in body]
    assert shares == sorted(shares, reverse=True) and abs(sum(shares) - 100) < 0.2
    text = svg.read_text()
    assert text.startswith("<svg") and text.count("<rect") >= 6 and "triton_poi_fused_mul_silu_2" in text


def test_through_tt_and_upstream_ptx_for_the_report(tt):
    """Captured from a run through tt: tt's PTX under <name>.tt.ptx; the
    report compiles upstream's <name>.ptx from the captured TTIR."""
    root = tt / "capture"
    capture.install(str(root))
    try:
        kernel, _ = _launch(_one_case("bert", 1))
    finally:
        capture.uninstall()
    assert kernel.metadata.tt["compiler"] == "tt"
    kdir = _kernel_dir(root, kernel.name)
    assert (kdir / (kernel.name + ".tt.ptx")).read_text() == kernel.asm["ptx"]
    assert f"--kernel captured={kernel.name}.tt.ptx" in (kdir / "launch0.run.yaml").read_text()
    assert not (kdir / (kernel.name + ".ptx")).exists()
    k = capture_report.Kernel(str(kdir), kernel.name)
    ptx = capture_report.compile_upstream(k)
    text = open(ptx).read()
    assert f".entry {kernel.name}(" in text and text != kernel.asm["ptx"]
    meta = json.loads((kdir / (kernel.name + ".json")).read_text())
    assert "tt" not in meta and meta["name"] == kernel.name
    import tt_triton
    assert tt_triton.is_enabled()  # the report gave the plugin back


def test_capture_from_the_environment(workdir):
    """TT_TRITON_CAPTURE alone: the entry point installs the capture while
    triton imports its backends, in a process that never imports it."""
    import sys
    root = workdir / "env-capture"
    env = dict(os.environ, TT_TRITON_CAPTURE=str(root), TT_TRITON_CAPTURE_LIMIT="2")
    code = ("import capture_models\n"
            "capture_models.launch_models(['llama'])\n"
            "capture_models.launch_models(['llama'])\n"
            "capture_models.launch_models(['llama'])\n")
    proc = subprocess.run([sys.executable, "-c", code], env=env, cwd=os.path.dirname(__file__), capture_output=True,
                          text=True)
    assert proc.returncode == 0, proc.stderr
    assert len(list(root.glob("*/launch0.run.yaml"))) == 3
    assert len(list(root.glob("*/launch1.run.yaml"))) == 3
    assert not list(root.glob("*/launch2.run.yaml"))
    (counts, ) = root.glob("launches-*.json")
    assert sorted(e["launches"] for e in json.loads(counts.read_text())["kernels"].values()) == [3, 3, 3]


def test_capture_of_real_launches_on_the_cpu_driver(workdir):
    """Launches that really run (tt's CPU driver, numpy arguments) are
    captured like GPU ones; the specs replay on the CPU backend."""
    import triton
    import tt_triton.cpu as ttc
    tt_run = _tt_run()
    ttc.activate()
    root = workdir / "capture"
    capture.install(str(root))
    try:
        fn, constexprs, grid, values, compute = _one_case("bert", 2)  # softmax with an additive mask
        scores, mask, probs = values[0].copy(), values[1].copy(), values[2]
        args = [ttc.as_arg(v) if isinstance(v, np.ndarray) else v for v in values]
        fn[grid](*args, **constexprs)
        compute()  # numpy's answer, into the same probs array
    finally:
        capture.uninstall()
        ttc.deactivate()
    kdir, spec = _first_spec(root, fn.__name__)
    assert "target: cpu" in spec and "(tt's compiler)" in spec
    assert not list(kdir.glob("*.ptx"))
    assert np.array_equal(np.load(kdir / "launch0" / "in_ptr0.npy"), scores.reshape(-1))
    got = np.load(kdir / "launch0" / "out_ptr0.expected.npy")
    np.testing.assert_allclose(got, probs.reshape(-1), rtol=1e-5, atol=1e-6)
    proc = subprocess.run([tt_run, "launch0.run.yaml"], cwd=kdir, capture_output=True, text=True)
    assert proc.returncode == 0 and re.search(r"^\s+tt\s+ok out_ptr0", proc.stdout, re.M), proc.stdout + proc.stderr


def test_one_tensor_over_the_cap_drops_every_reference(workdir):
    root = workdir / "capture"
    capture.install(str(root), max_bytes=16384)
    try:
        kernel, _ = _launch(_one_case("gpt2", 0))  # wte is 24 KiB, the rest at most 4 KiB
    finally:
        capture.uninstall()
    kdir, spec = _first_spec(root, kernel.name)
    assert "# in_ptr1 over the 16384-byte capture cap" in spec
    assert sorted(p.name for p in (kdir / "launch0").iterdir()) == \
        ["in_ptr0.npy", "in_ptr2.npy", "in_ptr3.npy", "in_ptr4.npy", "out_ptr0.npy", "out_ptr1.npy"]
    assert "check:" not in spec and "restore: [out_ptr0, out_ptr1]" in spec
    # integers regenerate over their range, floats with their moments
    assert re.search(r"name: in_ptr1, tensor: f32, shape: \[6144\], init: \{normal: \{mean: ", spec)
