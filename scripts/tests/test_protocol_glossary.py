"""protocol/README.md's glossary gives every wire name a newcomer meets in plain words.

Each method and notification of the OpenRPC document, each refresh status, load state and end
reason has a row in the glossary (its first cell names it in backticks), so a name added to the
protocol without an explanation fails here; the top README links to the glossary.
"""

import json
import re
from typing import Dict, List, Set

from conftest import ROOT

SPEC = (ROOT / "protocol" / "README.md").read_text(encoding="utf-8")
OPENRPC = json.loads((ROOT / "protocol" / "feedvm.openrpc.json").read_text(encoding="utf-8"))
SCHEMAS: Dict[str, dict] = OPENRPC["components"]["schemas"]


def glossary_names() -> Set[str]:
    section = SPEC.split("\n## Glossary\n", 1)[1].split("\n## ", 1)[0]
    first_cells = [row.split("|")[1] for row in section.splitlines() if row.startswith("| ")]
    return {name for cell in first_cells for name in re.findall(r"`([^`]+)`", cell)}


def wire_names() -> Dict[str, List[str]]:
    return {
        "methods and notifications": [method["name"] for method in OPENRPC["methods"]],
        "refresh statuses": SCHEMAS["RefreshStatusName"]["enum"],
        "load states": SCHEMAS["LoadState"]["properties"]["state"]["enum"],
        "end reasons": SCHEMAS["EndReason"]["enum"],
    }


def test_the_glossary_explains_every_wire_name() -> None:
    explained = glossary_names()
    missing = {kind: [name for name in names if name not in explained] for kind, names in wire_names().items()}
    assert not any(missing.values()), f"protocol/README.md's glossary has no row for {missing}"


def test_the_readme_links_to_the_glossary() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "(protocol/README.md#glossary)" in readme
    assert "[Glossary](#glossary)" in SPEC
