"""Hatchling build hook: compile the word catalogs (``.po`` → ``.mo``) for every wheel and
editable build.

The ``.mo`` files are written next to their ``.po`` (they are git-ignored, so a source tree
never holds stale ones in version control) and force-included in a wheel, since hatch leaves
git-ignored files out. Babel is a build requirement only; the runtime reads ``.mo`` with the
standard library's gettext.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

from hatchling.builders.hooks.plugin.interface import BuildHookInterface


class CatalogsBuildHook(BuildHookInterface):  # type: ignore[type-arg]
    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name not in ("wheel", "editable"):
            return
        root = Path(self.root)
        sys.path.insert(0, str(root / "tools"))
        try:
            import catalogs
        finally:
            sys.path.pop(0)
        locale = root / "domino_tui" / "locale"
        written = catalogs.compile_all(locale)
        if not written:
            raise RuntimeError(f"no word catalogs (*.po) found under {locale}")
        if version == "editable":
            return  # the editable install reads the tree, where the .mo now are
        for mo in written:
            build_data["force_include"][str(mo)] = mo.relative_to(root).as_posix()
