"""Loads a page in headless Chromium and prints the JSON value of a JavaScript expression evaluated in it.

    python3 cdp.py CHROMIUM URL PROFILE EXPRESSION

Unlike --dump-dom, this waits for the expression's promise, so a test can wait for a service worker. It talks
to the browser over --remote-debugging-pipe (file descriptors 3 and 4, JSON messages ending in NUL), which
needs nothing beyond the standard library. Exit 1 with one line on stderr when the browser fails.
"""
import fcntl
import json
import os
import subprocess
import sys


def main(chromium, url, profile, expression):
    # The browser reads fd 3 and writes fd 4. Every pipe end goes above 9 first, then the browser's two are put at
    # 3 and 4; the browser gets those alone (close_fds), so no other descriptor of this process (such as the
    # pipes its own caller reads) stays open in a browser process that outlives it.
    def high(fd):
        moved = fcntl.fcntl(fd, fcntl.F_DUPFD_CLOEXEC, 10)
        os.close(fd)
        return moved

    browser_reads, to_browser = map(high, os.pipe())
    from_browser, browser_writes = map(high, os.pipe())
    os.dup2(browser_reads, 3)
    os.dup2(browser_writes, 4)
    browser = subprocess.Popen(
        [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--remote-debugging-pipe",
         f"--user-data-dir={profile}", "about:blank"],
        pass_fds=(3, 4), close_fds=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL)
    for fd in (3, 4, browser_reads, browser_writes):
        os.close(fd)
    pending = b""
    counter = 0

    def send(method, params=None, session=None):
        nonlocal counter
        counter += 1
        message = {"id": counter, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(to_browser, json.dumps(message).encode() + b"\0")
        return counter

    def receive(until):
        nonlocal pending
        while True:
            while b"\0" in pending:
                raw, pending = pending.split(b"\0", 1)
                message = json.loads(raw)
                if until(message):
                    return message
            chunk = os.read(from_browser, 1 << 16)
            if not chunk:
                sys.exit("cdp.py: the browser closed the connection")
            pending += chunk

    def call(method, params=None, session=None):
        number = send(method, params, session)
        reply = receive(lambda message: message.get("id") == number)
        if "error" in reply:
            sys.exit(f"cdp.py: {method}: {reply['error']}")
        return reply["result"]

    try:
        target = call("Target.createTarget", {"url": "about:blank"})["targetId"]
        session = call("Target.attachToTarget", {"targetId": target, "flatten": True})["sessionId"]
        call("Page.enable", {}, session)
        call("Page.navigate", {"url": url}, session)
        receive(lambda message: message.get("method") == "Page.loadEventFired")
        result = call("Runtime.evaluate", {"expression": expression, "awaitPromise": True, "returnByValue": True},
                      session)
        if "exceptionDetails" in result:
            sys.exit(f"cdp.py: the expression threw: {result['exceptionDetails'].get('text')}")
        print(json.dumps(result["result"].get("value")))
        call("Browser.close")
    finally:
        try:
            browser.wait(timeout=10)
        except subprocess.TimeoutExpired:
            browser.kill()


if __name__ == "__main__":
    if len(sys.argv) != 5:
        sys.exit(__doc__)
    main(*sys.argv[1:])
