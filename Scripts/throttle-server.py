#!/usr/bin/env python3
"""A loopback HTTP server that prints when each request arrives, to watch the throttle.

Each line: seconds since the first request, the most requests that arrived within any 5 s so
far (never more than 3 when the client keeps the limit), the Host header and the path.

    python3 Scripts/throttle-server.py 8080                 # answers as below
    python3 Scripts/throttle-server.py 8080 --status 429    # 429 with Retry-After: 120 to all
    python3 Scripts/throttle-server.py 8080 --status 500    # 500 to all

Answers:
    /hop/N.csv                      302 to /hop/N-1.csv; /hop/0.csv is a table
    /exchangeReport/STOCK_DAY?...   302 to /rwd/zh/afterTrading/STOCK_DAY?..., as TWSE does
    /rwd/...                        TWSE's "no data" answer
    /www/zh-tw/afterTrading/...     TPEx's answer for a month without trading days
    anything else                   the table a,b / 1,2

Point the exchanges at it with BROWSE_TWSE_URL, BROWSE_TPEX_URL and BROWSE_MOPS_URL.
"""
import argparse
import http.server
import socketserver
import threading
import time

NO_DATA = '{"stat":"很抱歉，沒有符合條件的資料!"}'.encode()
TPEX_EMPTY = (
    '{"tables":[{"title":"個股日成交資訊","subtitle":"","date":"%s","data":[],'
    '"fields":["日 期","成交張數","成交仟元","開盤","最高","最低","收盤","漲跌","筆數"],'
    '"notes":[],"totalCount":0,"summary":[]}],"date":"%s","stat":"ok"}')

arrivals = []
lock = threading.Lock()


def most_within(times, seconds=5.0):
    most, start = 0, 0
    for end in range(len(times)):
        while times[end] - times[start] >= seconds:
            start += 1
        most = max(most, end - start + 1)
    return most


class Handler(http.server.BaseHTTPRequestHandler):
    status = None

    def do_GET(self):
        with lock:
            arrivals.append(time.time())
            times = sorted(arrivals)
            print("%8.3f  most in 5 s: %d  %s %s" % (
                times[-1] - times[0], most_within(times), self.headers.get("Host"), self.path), flush=True)
        if self.status:
            headers = [("Retry-After", "120")] if self.status == 429 else []
            return self.answer(self.status, b"refused", headers)
        path = self.path
        if path.startswith("/hop/"):
            hops = int("".join(c for c in path[5:] if c.isdigit()) or 0)
            if hops > 0:
                return self.answer(302, b"", [("Location", "/hop/%d.csv" % (hops - 1))])
        if path.startswith("/exchangeReport/STOCK_DAY?"):
            target = "/rwd/zh/afterTrading/STOCK_DAY?" + path.split("?", 1)[1]
            return self.answer(302, b"", [("Location", target)])
        if path.startswith("/rwd/"):
            return self.answer(200, NO_DATA, [("Content-Type", "application/json")])
        if path.startswith("/www/zh-tw/afterTrading/"):
            query = dict(part.split("=", 1) for part in path.split("?", 1)[-1].split("&") if "=" in part)
            day = query.get("date", "").replace("/", "")
            body = (TPEX_EMPTY % (day, day)).encode()
            return self.answer(200, body, [("Content-Type", "application/json")])
        self.answer(200, b"a,b\n1,2\n", [])

    def answer(self, status, body, headers):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *arguments):
        pass


class Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("port", type=int)
    parser.add_argument("--status", type=int, help="answer every request with this status")
    options = parser.parse_args()
    Handler.status = options.status
    Server(("127.0.0.1", options.port), Handler).serve_forever()
