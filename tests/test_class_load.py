"""The class load benchmark (benchmarks/class_load.py, issue 27.2) and the cheap start of
an app's kernel (issue 27.1).

``test_two_students_play_against_the_play_server`` starts the ``make play`` server with a
pool of two Ahoy kernels and lets the protocol driver's two students open the app and
play for a few seconds: no browser is needed. No timing is asserted (the machine is
shared); the report's fields must hold what was measured.
"""

from __future__ import annotations

import json
import math
import subprocess
import sys
import textwrap

import pytest
from jupyter_server.services.kernels.connection.base import (
    deserialize_msg_from_ws_v1,
    serialize_msg_to_ws_v1,
)

from benchmarks import class_load
from benchmarks.class_protocol import Student, decode_frame, encode_frame


def test_frames_of_the_v1_websocket_protocol_round_trip() -> None:
    header = {"msg_id": "1", "msg_type": "comm_msg"}
    content = {"comm_id": "c", "data": {"method": "custom", "content": {"event": "click"}}}
    frame = encode_frame("shell", [header, {}, {"version": "1.0.0"}, content])
    msg = decode_frame(frame)
    assert msg["channel"] == "shell" and msg["header"] == header
    assert msg["metadata"] == {"version": "1.0.0"} and msg["content"] == content
    assert msg["buffers"] == []
    # a frame as jupyter_server writes it, with a buffer (a bqplot array)
    parts = [json.dumps(p).encode() for p in (header, {}, {}, content)]
    served = serialize_msg_to_ws_v1([*parts, b"\x00\x01abc"], "iopub")
    msg = decode_frame(served)
    assert msg["channel"] == "iopub" and msg["content"] == content
    assert msg["buffers"] == [b"\x00\x01abc"]
    assert deserialize_msg_from_ws_v1(frame) == ("shell", [
        json.dumps(p).encode() for p in (header, {}, {"version": "1.0.0"}, content)])
    with pytest.raises(ValueError, match="binary frames only"):
        decode_frame(json.dumps({"header": header}))
    with pytest.raises(ValueError, match="bad offsets"):
        decode_frame((6).to_bytes(8, "little") + (999).to_bytes(8, "little") * 6)


def test_the_driver_talks_to_loopback_only() -> None:
    with pytest.raises(ValueError, match="loopback only"):
        Student("http://example.org:8866", "apps/ahoy.ipynb")


def test_percentiles_and_the_capacity_line() -> None:
    assert class_load.percentile([5.0, 1.0, 3.0, 2.0, 4.0], 50) == 3.0
    assert class_load.percentile([float(v) for v in range(1, 101)], 95) == 95.0
    assert math.isnan(class_load.percentile([], 95))
    good = class_load.ClassReport(students=5, driver="protocol", ready_s=[1.0, 19.0],
                                  status_ms=[50.0] * 19 + [900.0])
    slow = class_load.ClassReport(students=10, driver="protocol", ready_s=[1.0, 21.0],
                                  status_ms=[50.0])
    lost = class_load.ClassReport(students=20, driver="protocol", ready_s=[1.0],
                                  status_ms=[50.0], unanswered=1)
    assert good.ok() and not slow.ok() and not lost.ok()
    assert "**5 students**" in class_load.capacity([good, slow, lost])
    assert "No class size" in class_load.capacity([slow])


@pytest.mark.timeout(400)
def test_two_students_play_against_the_play_server() -> None:
    # No wall-clock bound here (a loaded CI machine may be slow): every click must be
    # answered within a minute, and the report is shown whole when a check fails.
    report = class_load.run_class(2, play_s=8, interval=1.5, class_only=True,
                                  record_assets=False,  # no browser needed
                                  answer_timeout=60.0)
    seen = f"{report!r}"
    assert report.errors == [] and report.not_ready == 0, seen
    assert len(report.ready_s) == 2 and all(s > 0 for s in report.ready_s), seen
    # the students played: a roll, a pirate, a step... every click answered
    assert report.clicks >= 2 and report.unanswered == 0, seen
    assert len(report.status_ms) == report.clicks and len(report.picture_ms) >= 1, seen
    assert all(ms > 0 for ms in report.status_ms + report.picture_ms), seen
    assert report.server_mb > 20 and report.kernels_mb > 2 * 40 and report.kernel_mb_mean > 40, \
        seen
    assert report.kernels_cpu_s > 0 and report.server_cpu_s > 0 and report.driver_cpu_s > 0, \
        seen
    assert report.start_cpu_s > 0.1 and report.pool_fill_s >= 0, seen
    line = class_load.row(report)
    assert line.startswith("| 2 | protocol | ") and line.count("|") == \
        class_load.HEADER.count("|")


def test_an_app_kernel_imports_its_own_game_only() -> None:
    """The Ahoy app's kernel imports neither the other games nor their boards (27.1)."""
    code = textwrap.dedent("""
        import sys
        from treasurekit_widgets.apps import APPS, play_app
        play_app("ahoy")
        print(" ".join(sorted(m for m in sys.modules if m.startswith("treasurekit"))))
        print(" ".join(APPS.built()))
    """)
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=120).stdout.splitlines()
    modules, built = set(out[0].split()), out[1].split()
    assert "treasurekit.ahoy" in modules and "treasurekit_widgets.ahoy" in modules
    others = ["treasure_island_2003", "treasure_island_2018", "sjorovaron", "skeleton_island"]
    for game in others:
        assert f"treasurekit.{game}" not in modules, game
    assert not any(m.startswith(("treasurekit_widgets.treasure", "treasurekit_widgets.sjo",
                                 "treasurekit_widgets.skeleton")) for m in modules)
    assert built == ["ahoy"]
