"""``python -m feedvm.demo [--fixtures]``: a tkinter front end that only draws.

All list logic lives in feedvm: the window sends ``transform``,
``bindRefreshStatus``, ``requestCommand``, ``willDisplay`` and ``updateInput``,
and draws what the ``sections``, ``refreshStatus``, ``imageDownloaded`` and
``hud`` notifications say.
"""
