"""A feed session over a ``FeedvmProcess``: each command with the notifications it caused.

protocol/ s. 8: within a session everything a command causes is written before its response,
so the notifications of the session between sending a command and its response are exactly
what that command caused (no other command of the session runs meanwhile in these tests).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Dict, List, Mapping, Optional

from reliability_wire import FeedvmProcess


@dataclass
class Outcome:
    """A command's response and the session's notifications before it."""

    response: Dict[str, Any]
    notifications: List[Dict[str, Any]]

    @property
    def error(self) -> Optional[Dict[str, Any]]:
        return self.response.get("error")

    @property
    def result(self) -> Any:
        return self.response.get("result")

    def params_of(self, method: str) -> List[Dict[str, Any]]:
        """The params of the caused notifications of one method, in order."""
        return [message["params"] for message in self.notifications if message["method"] == method]

    def statuses(self) -> List[str]:
        """The caused ``refreshStatus`` names, in order."""
        return [params["status"] for params in self.params_of("refreshStatus")]


class FeedSession:
    """One ``transform``-ed session, bound with header and footer unless told otherwise."""

    def __init__(self, process: FeedvmProcess, input: Mapping[str, Any], bind: bool = True, timeout: float = 30.0) -> None:
        self.process = process
        self.timeout = timeout
        self.id: str = process.call("transform", {"input": input}, timeout=timeout)["session"]
        if bind:
            process.call("bindRefreshStatus", {"session": self.id, "header": True, "footer": True})

    def run(self, method: str, **params: Any) -> Outcome:
        """Sends one command of this session and waits for its response."""
        start = len(self.process.messages)
        ident = self.process.send_request(method, {"session": self.id, **params})
        response = self.process.response(ident, self.timeout)
        messages = self.process.messages
        end = next(position for position in range(start, len(messages))
                   if messages[position] is response)
        caused = [message for message in messages[start:end]
                  if "method" in message and (message.get("params") or {}).get("session") == self.id]
        return Outcome(response, caused)

    def reload(self) -> Outcome:
        return self.run("requestCommand", reload=True)

    def load_more(self) -> Outcome:
        return self.run("requestCommand", reload=False)

    def items(self) -> List[str]:
        """The item ids of the session's last ``sections`` notification."""
        sections = self.process.notifications("sections", session=self.id)
        if not sections:
            return []
        return [item["id"] for section in sections[-1]["params"]["sections"] for item in section["items"]]
