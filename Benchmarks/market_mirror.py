#!/usr/bin/env python3
"""A loopback mirror of TWSE, TPEx and MOPS for the day-report benchmark (`market.sh`) and for
trying the screens by hand: it serves the real files of shared/twse on the exchanges' paths,
each moved to the day, range or month asked, so that `browse` fills a cache as real days would
(same rows, same sizes). Point BROWSE_TWSE_URL, BROWSE_MOPS_URL, BROWSE_TPEX_URL and
BROWSE_MOPSOV_URL at it.

usage: market_mirror.py SHARED_TWSE_FOLDER PORT"""
import calendar, json, os, re, sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import urlparse, parse_qs

shared, port = sys.argv[1], int(sys.argv[2])


def read(name):
    with open(os.path.join(shared, name), "rb") as f:
        return f.read()


def moved_day(name, day, roc=False):
    """The file with its day (20230130, or 112/01/30) replaced by `day` (yyyyMMdd)."""
    text = read(name).decode("utf-8")
    text = text.replace('"20230130"', f'"{day}"')
    if roc:
        text = text.replace('"112/01/30"', f'"{int(day[:4]) - 1911}/{day[4:6]}/{day[6:]}"')
    return text.encode("utf-8")


def moved_month(year, month):
    """FMTQIK of January 2023 with its rows moved into the month asked."""
    data = json.loads(read("FMTQIK_202301.json"))
    roc = year - 1911
    days = calendar.monthrange(year, month)[1]
    data["data"] = [[f"{roc}/{month:02d}/{row[0].split('/')[2]}"] + row[1:]
                    for row in data["data"] if int(row[0].split("/")[2]) <= days]
    data["date"] = f"{year}{month:02d}01"
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


def stock_month(year, month):
    """STOCK_DAY of 2330 for June 2025 with its rows moved into the month asked."""
    data = json.loads(read("STOCK_DAY_2330_202506.json"))
    roc = year - 1911
    days = calendar.monthrange(year, month)[1]
    data["data"] = [[f"{roc}/{month:02d}/{row[0].split('/')[2]}"] + row[1:]
                    for row in data["data"] if int(row[0].split("/")[2]) <= days]
    data["date"] = f"{year}{month:02d}01"
    data["title"] = re.sub(r"^\d+年\d+月", f"{roc}年{month:02d}月", data["title"])
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


class Mirror(BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def do_GET(self):
        url = urlparse(self.path)
        query = {k: v[0] for k, v in parse_qs(url.query).items()}
        date = query.get("date", query.get("dayDate", "")).replace("/", "")
        headers = [("Content-Type", "application/json")]
        body = None
        if url.path == "/opendata/t187ap03_L.csv":
            body = read("t187ap03_L_1131029.csv")
        elif url.path == "/opendata/t187ap03_O.csv":
            body = read("t187ap03_O_1131029.csv")
        elif url.path == "/exchangeReport/STOCK_DAY_ALL":
            body = read("STOCK_DAY_ALL_20250304.csv")
            headers = [("Content-Disposition", "attachment; filename=STOCK_DAY_ALL_20230130.csv")]
        elif url.path == "/exchangeReport/STOCK_DAY":
            body = stock_month(int(date[:4]), int(date[4:6]))
        elif url.path == "/rwd/zh/fund/T86":
            body = moved_day("T86_ALLBUT0999_20230130.json", date)
        elif url.path == "/rwd/zh/fund/BFI82U":
            body = moved_day("BFI82U_day_20230130.json", date)
        elif url.path == "/www/zh-tw/insti/dailyTrade":
            body = moved_day("tpex_insti_dailyTrade_EW_20230130.json", date, roc=True)
        elif url.path == "/rwd/zh/afterTrading/FMTQIK":
            body = moved_month(int(date[:4]), int(date[4:6]))
        elif url.path == "/rwd/zh/marginTrading/MI_MARGN":
            body = moved_day("MI_MARGN_ALL_20230130.json", date)
        elif url.path == "/www/zh-tw/margin/balance":
            body = moved_day("tpex_margin_balance_20230130.json", date, roc=True)
        elif url.path == "/rwd/zh/afterTrading/BWIBBU_d":
            body = moved_day("BWIBBU_d_ALL_20230130.json", date)
        elif url.path == "/www/zh-tw/afterTrading/peQryDate":
            body = moved_day("tpex_peQryDate_20230130.json", date, roc=True)
        elif url.path == "/rwd/zh/afterTrading/MI_INDEX":
            body = moved_day("MI_INDEX_ALLBUT0999_20230130.json", date)
        elif url.path == "/rwd/zh/exRight/TWT49U":
            text = read("TWT49U_20240304_20240305.json").decode("utf-8")
            text = text.replace('"strDate":"20240304"', f'"strDate":"{query.get("startDate", "")}"')
            text = text.replace('"endDate":"20240305"', f'"endDate":"{query.get("endDate", "")}"')
            body = text.encode("utf-8")
        elif url.path == "/rwd/zh/exRight/TWT49UDetail":
            body = read("TWT49UDetail_00913_20240304.json").replace(b'"00913 "', f'"{query.get("STK_NO", "")} "'.encode())
        elif url.path.startswith("/nas/t21/"):
            # Any month: MOPS's January 2023 page with its title's month replaced.
            match = re.search(r"t21sc03_(\d+)_(\d+)_0", url.path)
            page = read("MOPS_t21sc03_sii_112_1_big5.html")
            if match:
                page = page.replace("112年1月份".encode("cp950"), f"{match.group(1)}年{match.group(2)}月份".encode("cp950"))
            body = page
            headers = [("Content-Type", "text/html")]
        if body is None:
            self.send_response(404)
            self.end_headers()
            return
        self.send_response(200)
        for name, value in headers + [("Content-Length", str(len(body)))]:
            self.send_header(name, value)
        self.end_headers()
        self.wfile.write(body)


    def do_POST(self):
        length = int(self.headers.get("Content-Length", "0"))
        form = {k: v[0] for k, v in parse_qs(self.rfile.read(length).decode("utf-8")).items()}
        if urlparse(self.path).path != "/www/zh-tw/bulletin/exDailyQ":
            self.send_response(404)
            self.end_headers()
            return
        start = form.get("startDate", "").replace("/", "")
        end = form.get("endDate", "").replace("/", "")
        body = read("tpex_bulletin_exDailyQ_20240322_20240323.json").replace(
            b'"20240322~20240323"', f'"{start}~{end}"'.encode())
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)


ThreadingHTTPServer(("127.0.0.1", port), Mirror).serve_forever()
