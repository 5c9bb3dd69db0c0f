"""scripts/distribution: the platform tag is chosen honestly and the wheel is well formed."""

import base64
import hashlib
import stat
import zipfile
from pathlib import Path

from distribution.platform_tag import Linkage, parse_linkage, platform_tag
from distribution.wheel import WheelSpec, build_wheel

from conftest import ROOT

READELF_D = """
Dynamic section at offset 0x3f2f0c0 contains 33 entries:
  Tag        Type                         Name/Value
 0x0000000000000001 (NEEDED)             Shared library: [libcurl.so.4]
 0x0000000000000001 (NEEDED)             Shared library: [libstdc++.so.6]
 0x0000000000000001 (NEEDED)             Shared library: [libm.so.6]
 0x0000000000000001 (NEEDED)             Shared library: [libc.so.6]
"""
READELF_V = """
Version needs section '.gnu.version_r' contains 4 entries:
 Addr: 0x0000000000000e88  Offset: 0x000e88  Link: 7 (.dynstr)
  000000: Version: 1  File: libm.so.6  Cnt: 2
  0x0010:   Name: GLIBC_2.29  Flags: none  Version: 17
  0x0020:   Name: GLIBC_2.2.5  Flags: none  Version: 3
  0x0030: Version: 1  File: libc.so.6  Cnt: 3
  0x0040:   Name: GLIBC_2.35  Flags: none  Version: 15
  0x0050:   Name: GLIBC_2.4  Flags: none  Version: 9
  0x0060: Version: 1  File: libstdc++.so.6  Cnt: 1
  0x0070:   Name: GLIBCXX_3.4.30  Flags: none  Version: 4
"""


def test_readelf_output_gives_the_needed_libraries_and_the_newest_glibc():
    linkage = parse_linkage(READELF_D, READELF_V)
    assert linkage.needed == ("libcurl.so.4", "libstdc++.so.6", "libm.so.6", "libc.so.6")
    assert linkage.glibc == (2, 35)  # numeric order: 2.35 > 2.4 > 2.29 > 2.2.5
    assert linkage.swift_runtime_linked_in


def test_manylinux_is_claimed_only_for_glibc_alone():
    assert platform_tag(Linkage(("libc.so.6", "libm.so.6", "libgcc_s.so.1"), (2, 34)), "x86_64")[0] \
        == "manylinux_2_34_x86_64"
    tag, why = platform_tag(Linkage(("libcurl.so.4", "libc.so.6"), (2, 34)), "x86_64")
    assert tag == "linux_x86_64" and "libcurl.so.4" in why
    assert platform_tag(Linkage(("libc.so.6",), None), "aarch64")[0] == "linux_aarch64"
    assert not Linkage(("libswiftCore.so", "libc.so.6"), (2, 34)).swift_runtime_linked_in


def test_the_wheel_holds_the_client_the_executable_binary_and_a_true_record(tmp_path):
    binary = tmp_path / "feedvm"
    binary.write_bytes(b"\x7fELF not really")
    spec = WheelSpec(ROOT / "clients" / "python", binary, ROOT / "LICENSE", "linux_x86_64")
    wheel = build_wheel(spec, tmp_path / "dist")
    assert wheel.name == f"feedvm-{spec.version}-py3-none-linux_x86_64.whl"
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        info = f"feedvm-{spec.version}.dist-info"
        script = f"feedvm-{spec.version}.data/scripts/feedvm"
        assert {"feedvm/__init__.py", "feedvm/discovery.py", "feedvm/py.typed", "feedvm/demo/app.py",
                script, f"{info}/METADATA", f"{info}/WHEEL", f"{info}/RECORD", f"{info}/LICENSE"} <= set(names)
        assert not [name for name in names if "__pycache__" in name or name.startswith("tests/")
                    or name.endswith(("source_checkout", "entry_points.txt", "bin/feedvm"))]
        mode = archive.getinfo(script).external_attr >> 16
        assert stat.S_ISREG(mode) and mode & 0o777 == 0o755
        assert archive.read(script) == binary.read_bytes(), "the binary itself is the feedvm command"
        assert "Tag: py3-none-linux_x86_64" in archive.read(f"{info}/WHEEL").decode()
        record = [line.split(",") for line in archive.read(f"{info}/RECORD").decode().splitlines()]
        assert sorted(name for name, _, _ in record) == sorted(names)
        for name, digest, size in record:
            if name.endswith("RECORD"):
                assert (digest, size) == ("", "")
                continue
            data = archive.read(name)
            expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert (digest, int(size)) == (f"sha256={expected}", len(data)), name
    rebuilt = build_wheel(spec, tmp_path / "again")
    assert rebuilt.read_bytes() == wheel.read_bytes()  # no timestamps: reproducible


def test_scripts_package_is_executable():
    assert Path(ROOT / "scripts" / "package").stat().st_mode & stat.S_IXUSR
