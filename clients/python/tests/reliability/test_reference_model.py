"""The paging reference model on its own: its paging rules as worked examples."""

from __future__ import annotations

from typing import Any

from reliability_model import CANCELLED, INVALID_PARAMS, UNKNOWN_SESSION, PagingModel


def model(total: int = 7, page_size: int = 3) -> PagingModel:
    built = PagingModel()
    built.add_session("s", "iOS", page_size, total)
    return built


def result(built: PagingModel, request: str) -> Any:
    return built.expected[request].result


def test_reload_then_load_more_to_the_end_with_a_short_last_page() -> None:
    built = model()
    built.reload("s", "r1")
    built.complete()
    assert result(built, "r1") == {"revision": 1, "count": 3, "page": 1, "hasMore": True}
    built.load_more("s", "m1")
    built.complete()
    built.load_more("s", "m2")
    built.complete()
    assert result(built, "m2") == {"revision": 3, "count": 7, "page": 3, "hasMore": False}
    assert built.sessions["s"].items[-1] == "iOS-7"
    built.load_more("s", "m3")  # after the end: at once, nothing changes
    assert result(built, "m3") == {"revision": 3, "count": 7, "page": 3, "hasMore": False}
    assert built.sessions["s"].footer() == {"status": "footerStatus", "isHidden": False, "isNoMoreData": True}


def test_reload_supersedes_a_load_more_in_flight() -> None:
    built = model()
    built.reload("s", "r1")
    built.complete()
    built.load_more("s", "m1")
    built.reload("s", "r2")
    built.complete()
    assert built.expected["m1"].error == CANCELLED
    assert result(built, "r2") == {"revision": 2, "count": 3, "page": 1, "hasMore": True}


def test_load_more_joins_the_load_in_flight() -> None:
    built = model()
    built.reload("s", "r1")
    built.load_more("s", "m1")
    built.complete()
    assert result(built, "m1") == result(built, "r1")
    built.load_more("s", "m2")
    built.load_more("s", "m3")
    built.complete()
    assert result(built, "m2") == result(built, "m3") == {"revision": 2, "count": 6, "page": 2, "hasMore": True}


def test_switch_cancels_clears_and_loads_nothing() -> None:
    built = model()
    built.reload("s", "r1")
    built.switch("s", "u1", "Android")
    built.complete()
    assert built.expected["r1"].error == CANCELLED
    assert result(built, "u1") == {"revision": 1}
    assert built.sessions["s"].items == []
    assert built.sessions["s"].footer()["isHidden"] is True


def test_will_display_prefetches_only_near_the_end() -> None:
    built = model(total=20, page_size=10)
    built.reload("s", "r1")
    built.complete()
    built.will_display("s", "d1", 2)
    built.will_display("s", "d2", 7)
    built.complete()
    assert result(built, "d1") == {"loadMore": False}
    assert result(built, "d2") == {"loadMore": True}
    assert built.sessions["s"].items[-1] == "iOS-20"


def test_will_display_waits_for_a_reload_in_flight_and_sees_its_list() -> None:
    built = model(total=40, page_size=10)
    built.reload("s", "r1")
    built.complete()
    built.load_more("s", "m1")
    built.complete()
    built.reload("s", "r2")
    built.will_display("s", "d1", 15)  # a row of the old list of 20; the reload keeps 10
    built.will_display("s", "d2", 8)  # near the end of the reloaded list: loads the next page
    built.complete()
    assert built.expected["d1"].error == INVALID_PARAMS
    assert result(built, "d2") == {"loadMore": True}
    assert len(built.sessions["s"].items) == 20


def test_will_display_of_a_listed_row_does_not_wait_for_a_load_more() -> None:
    built = model(total=40, page_size=10)
    built.reload("s", "r1")
    built.complete()
    built.load_more("s", "m1")
    built.will_display("s", "d1", 8)  # joins the load-more in flight
    built.complete()
    assert result(built, "d1") == {"loadMore": True}
    assert len(built.sessions["s"].items) == 20


def test_a_waiting_will_display_runs_before_the_reload_that_superseded_its_load() -> None:
    built = model(total=40, page_size=10)
    built.reload("s", "r1")
    built.complete()
    built.reload("s", "r2")
    built.will_display("s", "d1", 9)  # waits for r2
    built.reload("s", "r3")  # r2 ends: d1 reads the old list and starts a load-more, which r3 supersedes
    built.complete()
    assert built.expected["r2"].error == CANCELLED
    assert built.expected["d1"].mismatch({"result": {"loadMore": True}}) is None
    assert result(built, "r3") == {"revision": 2, "count": 10, "page": 1, "hasMore": True}


def test_dispose_cancels_and_then_the_session_is_unknown() -> None:
    built = model()
    built.reload("s", "r1")
    built.dispose("s", "x1")
    built.reload("s", "r2")
    built.complete()
    assert built.expected["r1"].error == CANCELLED
    assert result(built, "x1") == {}
    assert built.expected["r2"].error == UNKNOWN_SESSION


def test_an_empty_catalog_ends_at_once() -> None:
    built = model(total=0)
    built.reload("s", "r1")
    built.complete()
    assert result(built, "r1") == {"revision": 1, "count": 0, "page": 1, "hasMore": False}
    assert built.sessions["s"].footer() == {"status": "footerStatus", "isHidden": True, "isNoMoreData": True}


def test_expected_answers_can_fail() -> None:
    built = model()
    built.reload("s", "r1")
    built.complete()
    expected = built.expected["r1"]
    assert expected.mismatch({"result": {"revision": 1, "count": 3, "page": 1, "hasMore": True}}) is None
    assert expected.mismatch({"result": {"revision": 1, "count": 3, "page": 2, "hasMore": True}}) is not None
    assert expected.mismatch({"error": {"code": CANCELLED, "message": "superseded"}}) is not None
