#!/usr/bin/env python3
"""Writes twelve STOCK_DAY JSON months of 2330, 2024-07 to 2025-06, into a folder, for the
`stock 2330 --months 12` benchmark: June is TWSE's real answer (shared/twse); the eleven
months before it are that answer with its dates moved into each month (same rows, same sizes),
so the cache holds what twelve real downloads would be like.

usage: stock_months.py SHARED_TWSE_FOLDER OUT_FOLDER"""
import calendar, json, os, re, sys

shared, out = sys.argv[1], sys.argv[2]
os.makedirs(out, exist_ok=True)
with open(os.path.join(shared, "STOCK_DAY_2330_202506.json"), encoding="utf-8") as f:
    june = json.load(f)
for offset in range(12):
    year, month = (2025, 6 - offset) if offset < 6 else (2024, 18 - offset)
    data = json.loads(json.dumps(june))
    roc = year - 1911
    days = calendar.monthrange(year, month)[1]
    data["data"] = [[f"{roc}/{month:02d}/{row[0].split('/')[2]}"] + row[1:]
                    for row in june["data"] if int(row[0].split("/")[2]) <= days]
    data["date"] = f"{year}{month:02d}01"
    data["title"] = re.sub(r"^\d+年\d+月", f"{roc}年{month:02d}月", june["title"])
    with open(os.path.join(out, f"STOCK_DAY_2330_{year}{month:02d}.json"), "w", encoding="utf-8") as f:
        json.dump(data, f, ensure_ascii=False, separators=(",", ":"))
