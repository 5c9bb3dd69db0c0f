import pytest

def test_passes():
    assert 1 + 1 == 2

@pytest.mark.parametrize("n", [1, 2, 3])
def test_parametrized(n):
    assert n < 3

def test_skipped():
    pytest.skip("Xvfb missing")

@pytest.mark.skipif(True, reason="not on this platform")
def test_skipif():
    pass

@pytest.mark.xfail(reason="known bug")
def test_xfail():
    assert False

@pytest.fixture
def broken():
    raise RuntimeError("fixture broke")

def test_error(broken):
    pass
