"""A real headless Chromium, driven over the DevTools protocol (a websocket, aiohttp's client):
enough to load a page, read what the page's websockets received and press keys — what a
friend's browser does with ``domino serve``. Debian's ``chromium`` package; no profile of the
user's is touched (a fresh ``--user-data-dir``), nothing is fetched from outside."""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import json
import re
import shutil
import subprocess
import threading
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import aiohttp

FLAGS = (
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--remote-debugging-port=0",
)

# every frame a page's websocket receives, kept as text (the terminal's output) in the page
RECORD = """
(() => {
  window.__frames = [];
  window.__closed = false;
  const Real = window.WebSocket;
  window.WebSocket = function (...args) {
    const ws = new Real(...args);
    ws.addEventListener('message', (e) => {
      const d = e.data;
      if (typeof d === 'string') { window.__frames.push(d); }
      else if (d instanceof Blob) { d.text().then((t) => window.__frames.push(t)); }
      else { window.__frames.push(new TextDecoder().decode(d)); }
    });
    ws.addEventListener('close', () => { window.__closed = true; });
    return ws;
  };
  window.WebSocket.prototype = Real.prototype;
  Object.assign(window.WebSocket, Real);
})();
"""


def chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


class Page:
    def __init__(self, ws: aiohttp.ClientWebSocketResponse, session: str) -> None:
        self.ws = ws
        self.session = session
        self.ids = itertools.count(1)

    async def send(self, method: str, **params: Any) -> dict[str, Any]:
        n = next(self.ids)
        await self.ws.send_json(
            {"id": n, "method": method, "params": params, "sessionId": self.session}
        )
        while True:
            msg = await self.ws.receive_json()
            if msg.get("id") == n:
                if "error" in msg:
                    raise RuntimeError(msg["error"])
                return dict(msg.get("result", {}))

    async def evaluate(self, expression: str) -> Any:
        found = await self.send("Runtime.evaluate", expression=expression, returnByValue=True)
        return found.get("result", {}).get("value")

    async def text(self) -> str:
        """What the page's websockets received, escape codes taken out."""
        raw = await self.evaluate("window.__frames.join('')") or ""
        return re.sub(r"\x1b\[[0-9;?]*[A-Za-z]|\x1b[()][A-Z0-9]|[\x00-\x08\x0e-\x1f]", "", raw)

    async def wait_for(self, needle: str, timeout: float = 60.0) -> str:
        loop = asyncio.get_running_loop()
        end = loop.time() + timeout
        while loop.time() < end:
            text = await self.text()
            if needle in text:
                return text
            await asyncio.sleep(0.3)
        raise AssertionError(f"{needle!r} never reached the page; it got: {text[-600:]!r}")

    async def key(self, char: str) -> None:
        """A key typed into the page's terminal (focused first, as a click would)."""
        await self.send("Emulation.setFocusEmulationEnabled", enabled=True)
        await self.evaluate(
            "(document.querySelector('.xterm-helper-textarea') || document.body).focus()"
        )
        for kind in ("keyDown", "keyUp"):
            params: dict[str, Any] = {"type": kind, "key": char}
            if kind == "keyDown":
                params["text"] = char
            await self.send("Input.dispatchKeyEvent", **params)


@contextlib.asynccontextmanager
async def browser(profile: Path) -> AsyncIterator[Any]:
    """Chromium running headless, and a function that opens a page at a URL."""
    path = chromium()
    assert path is not None
    proc = subprocess.Popen(
        [path, *FLAGS, f"--user-data-dir={profile}", "about:blank"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        url = await asyncio.wait_for(asyncio.to_thread(_devtools_url, proc), 60)
        async with aiohttp.ClientSession() as http, http.ws_connect(url, max_msg_size=0) as ws:
            first = Page(ws, "")

            async def open_page(address: str) -> Page:
                target = await _call(ws, first, "Target.createTarget", url="about:blank")
                attached = await _call(
                    ws, first, "Target.attachToTarget", targetId=target["targetId"], flatten=True
                )
                page = Page(ws, attached["sessionId"])
                await page.send("Page.enable")
                await page.send("Runtime.enable")
                await page.send("Page.addScriptToEvaluateOnNewDocument", source=RECORD)
                await page.send("Page.navigate", url=address)
                return page

            yield open_page
    finally:
        proc.terminate()
        try:
            proc.wait(10)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(10)


async def _call(ws: aiohttp.ClientWebSocketResponse, page: Page, method: str, **params: Any) -> Any:
    n = next(page.ids)
    await ws.send_json({"id": n, "method": method, "params": params})
    while True:
        msg = await ws.receive_json()
        if msg.get("id") == n:
            return msg.get("result", {})


def _devtools_url(proc: subprocess.Popen[str]) -> str:
    assert proc.stderr is not None
    for line in proc.stderr:
        found = re.search(r"DevTools listening on (ws://\S+)", line)
        if found:  # the rest is drained, so a chatty browser never blocks on a full pipe
            threading.Thread(target=proc.stderr.read, daemon=True).start()
            return found.group(1)
    raise RuntimeError("chromium ended before it listened: " + json.dumps(proc.poll()))
