#!/usr/bin/env python3
"""Writes the statements browse sends for each benchmarked question, for one engine.

Usage: databases_sql.py sqlite|postgres QUESTION > file.sql

Written by hand from Sources/DatabaseDatasets/Query/QueryCompiler.swift (browse cannot print its
statements), with the parameters inlined as literals. Each file holds every statement one
`browse FILE --table ticks …` process sends, in order: opening a table by name sends the first
page (200 rows) and an estimate of its rows (SQLite's largest rowid, PostgreSQL's reltuples; the
exact count(*) runs on a second session, which a script does not wait for); a filter or `where`
sends its count and its first page;
`sort` its first page; `freq` one GROUP BY; `stats` one aggregate; `--format csv` every row in
the view's order. One difference is unavoidable: browse's SQLite filter folds the row with its
own SQL function (browse_fold, Unicode case folding), which the sqlite3 shell does not have; the
peer uses SQLite's lower() (ASCII only), so it does a little less work per row than browse.
"""
import sys

COLUMNS = ["日期", "證券代號", "證券名稱", "市場", "成交股數", "成交金額", "開盤價", "最高價", "最低價",
           "收盤價", "漲跌價差", "成交筆數"]
NUMERIC = {"成交股數", "成交金額", "開盤價", "最高價", "最低價", "收盤價", "漲跌價差", "成交筆數"}
KEY = ["日期", "證券代號"]


def q(name):
    return '"' + name.replace('"', '""') + '"'


def page(engine, where=None, sort=None, limit=200):
    terms = ([(sort, True, True)] if sort else []) + [(k, False, False) for k in KEY]
    selected = [q(c) for c in COLUMNS] + [q(t[0]) for t in terms]
    if engine == "sqlite":
        selected += [f"typeof({q(t[0])})" for t in terms]
    text = f"SELECT {', '.join(selected)} FROM {q('ticks')}"
    if where:
        text += " WHERE " + where
    order = [q(name) + (" DESC" if desc else " ASC") + (" NULLS LAST" if nullable else "")
             for name, desc, nullable in terms]
    return text + " ORDER BY " + ", ".join(order) + f" LIMIT {limit};"


def count(where=None):
    return f"SELECT count(*) FROM {q('ticks')}" + (f" WHERE {where}" if where else "") + ";"


def fold(engine, names):
    if engine == "postgres":
        # As browse folds a row there: each value as its type writes it, joined, then
        # lowercased one character at a time (C.utf8); no width translation for a query
        # without ASCII.
        cells = ", ".join(f"concat({q(n)})" for n in names)
        return f"lower(replace(concat_ws(' ', {cells}), 'İ', 'i̇') COLLATE \"C.utf8\")"
    return "lower(" + " || ' ' || ".join(f"coalesce({q(n)}, '')" for n in names) + ")"


def main():
    engine, question = sys.argv[1], sys.argv[2]
    # Opening a large table sends its first page and a cheap estimate of its rows; the exact
    # count then runs on a second session, which a script does not wait for (a filter or
    # `where` stops it), so it is not the peer's work.
    estimate = ("SELECT max(rowid) FROM " + q("ticks") + ";" if engine == "sqlite" else
                "SELECT reltuples::int8 FROM pg_class WHERE oid = to_regclass('public.ticks');")
    opening = [page(engine), estimate]
    if question == "first":
        statements = opening
    elif question == "filter":
        found = "strpos" if engine == "postgres" else "instr"
        where = f"{found}({fold(engine, COLUMNS)}, '台積電') > 0"
        statements = opening + [count(where), page(engine, where)]
    elif question == "where":
        where = "(coalesce((" + q("收盤價") + " > CAST('900' AS NUMERIC)), " + (
            "false" if engine == "postgres" else "0") + ") = " + ("true" if engine == "postgres" else "1") + ")"
        statements = opening + [count(where), page(engine, where)]
    elif question == "sort":
        statements = opening + [page(engine, sort="收盤價")]
    elif question == "freq":
        m = q("市場")
        statements = opening + [f"SELECT {m}, count(*) FROM {q('ticks')} GROUP BY {m} ORDER BY count(*) DESC, {m} NULLS LAST;"]
    elif question == "stats":
        selected = ["count(*)"]
        for c in COLUMNS:
            selected += [f"count({q(c)})", f"count(DISTINCT {q(c)})", f"min({q(c)})", f"max({q(c)})",
                         f"sum({q(c)})" if c in NUMERIC else "NULL"]
        statements = opening + [f"SELECT {', '.join(selected)} FROM {q('ticks')};"]
    elif question == "export":
        cols = ", ".join(q(c) for c in COLUMNS)
        select = f"SELECT {cols} FROM {q('ticks')} ORDER BY {q('日期')} ASC, {q('證券代號')} ASC"
        if engine == "postgres":
            statements = opening + [f"\\copy ({select}) TO '/dev/null' WITH (FORMAT csv, HEADER)"]
        else:
            statements = opening + [".headers on", ".mode csv", select + ";"]
    else:
        sys.exit(f"unknown question {question}")
    print("\n".join(statements))


if __name__ == "__main__":
    main()
