#!/usr/bin/env python3
"""A loopback HTTP server with the bad answers Documentation/Reliability.md reproduces.

    python3 Scripts/faulty-http-server.py 8099 &        # on 127.0.0.1
    python3 Scripts/faulty-http-server.py 8099 --ipv6 &  # on ::1 only

Paths:
    /loop.csv         302 to itself, forever (a redirect loop)
    /old.csv          the body alone, no status line or headers (an HTTP/0.9 reply)
    /two-lengths.csv  two different Content-Length headers (24 and 11) before a 24-byte body
    /away.csv         302 to http://ann:s3cret@example.com/x.csv (a password in the target)
    /missing.csv      404
    anything else     200 with a two-line CSV
"""

import socket
import sys
import threading

BODY = b"code,close\n2330,1045.00\n"


def answer(path):
    if path == "/loop.csv":
        return b"HTTP/1.1 302 Found\r\nLocation: /loop.csv\r\nContent-Length: 0\r\n\r\n"
    if path == "/old.csv":
        return BODY
    if path == "/two-lengths.csv":
        return b"HTTP/1.1 200 OK\r\nContent-Length: 24\r\nContent-Length: 11\r\n\r\n" + BODY
    if path == "/away.csv":
        return (b"HTTP/1.1 302 Found\r\nLocation: http://ann:s3cret@example.com/x.csv\r\n"
                b"Content-Length: 0\r\n\r\n")
    if path == "/missing.csv":
        return b"HTTP/1.1 404 Not Found\r\nContent-Length: 2\r\n\r\nno"
    return b"HTTP/1.1 200 OK\r\nContent-Length: %d\r\n\r\n" % len(BODY) + BODY


def serve(connection):
    with connection:
        request = b""
        while b"\r\n\r\n" not in request:
            chunk = connection.recv(4096)
            if not chunk:
                return
            request += chunk
        words = request.split(b"\r\n", 1)[0].split(b" ")
        path = words[1].decode("latin-1").split("?")[0] if len(words) > 1 else "/"
        reply = answer(path)
        if reply.startswith(b"HTTP/"):
            reply = reply.replace(b"\r\n\r\n", b"\r\nConnection: close\r\n\r\n", 1)
        connection.sendall(reply)


def main():
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8099
    family, host = (socket.AF_INET6, "::1") if "--ipv6" in sys.argv else (socket.AF_INET, "127.0.0.1")
    listener = socket.socket(family, socket.SOCK_STREAM)
    if family == socket.AF_INET6:
        listener.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    listener.bind((host, port))
    listener.listen(16)
    while True:
        connection, _ = listener.accept()
        threading.Thread(target=serve, args=(connection,), daemon=True).start()


if __name__ == "__main__":
    main()
