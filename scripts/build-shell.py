#!/usr/bin/python3
"""Writes the site's index.html: web/index.html with web/shell.css and web/shell.js inlined.

A separate stylesheet and script cost the first frame two requests, and the browser will not run the
script before the stylesheet has arrived; inlined, the page is interactive about 50 ms sooner (scripts/bench).
The Content-Security-Policy still allows no inline code but these two: each is named by its SHA-256.
"""
import argparse
import base64
import hashlib
import os
import sys

STYLE_TAG = '<link rel="stylesheet" href="shell.css">'
SCRIPT_TAG = '<script src="shell.js"></script>'


def csp_hash(text):
    return "'sha256-%s'" % base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii")


def add_source(html, directive, source):
    """Appends source to one CSP directive ("script-src 'self'" -> "script-src 'self' 'sha256-...'")."""
    key = directive + " 'self'"
    if html.count(key) != 1:
        sys.exit("build-shell: index.html must have exactly one \"%s\" in its Content-Security-Policy" % key)
    return html.replace(key, key + " " + source)


def build(html, css, js):
    for tag in (STYLE_TAG, SCRIPT_TAG):
        if html.count(tag) != 1:
            sys.exit("build-shell: index.html must contain %s exactly once" % tag)
    if "</style" in css.lower():
        sys.exit("build-shell: shell.css contains '</style', which would end the inlined style early")
    if "</script" in js.lower() or "<!--" in js:
        sys.exit("build-shell: shell.js contains '</script' or '<!--', which would break the inlined script")
    html = add_source(html, "script-src", csp_hash(js))
    html = add_source(html, "style-src", csp_hash(css))
    html = html.replace(STYLE_TAG, "<style>" + css + "</style>")
    return html.replace(SCRIPT_TAG, "<script>" + js + "</script>")


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--web", required=True, help="the folder with index.html, shell.css and shell.js")
    ap.add_argument("--out", required=True, help="the index.html to write")
    args = ap.parse_args()

    def read(name):
        with open(os.path.join(args.web, name), encoding="utf-8") as fh:
            return fh.read()

    out = build(read("index.html"), read("shell.css"), read("shell.js"))
    tmp = args.out + ".tmp"
    with open(tmp, "w", encoding="utf-8") as fh:
        fh.write(out)
    os.replace(tmp, args.out)
    # A site built before the shell was inlined still has the two files: the service worker would cache them.
    site = os.path.dirname(os.path.abspath(args.out))
    for stale in ("shell.css", "shell.js"):
        path = os.path.join(site, stale)
        if os.path.exists(path):
            os.remove(path)


if __name__ == "__main__":
    main()
