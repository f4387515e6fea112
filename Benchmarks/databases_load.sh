#!/usr/bin/env bash
# Loads a ticks CSV into a SQLite file with typed columns and a primary key, once:
#   databases_load.sh CSV DB
# Numbers lose their thousands separators and become INTEGER or REAL ("--", a day without
# trades, becomes NULL); dates become ISO dates in a DATE column; (日期, 證券代號) is the key.
set -euo pipefail
csv="$1" db="$2"
[ -s "$db" ] && exit 0
stage="$db.stage"
rm -f "$stage" "$db.part"
sqlite3 "$stage" <<SQL
.mode csv
.import '$csv' raw
SQL
num() { echo "CAST(nullif(replace(replace(trim($1), ',', ''), '+', ''), '--') AS $2)"; }
sqlite3 "$db.part" <<SQL
PRAGMA journal_mode = OFF;
PRAGMA synchronous = OFF;
ATTACH '$stage' AS stage;
CREATE TABLE ticks (
  日期 DATE NOT NULL, 證券代號 TEXT NOT NULL, 證券名稱 TEXT, 市場 TEXT,
  成交股數 INTEGER, 成交金額 INTEGER, 開盤價 REAL, 最高價 REAL, 最低價 REAL, 收盤價 REAL,
  漲跌價差 REAL, 成交筆數 INTEGER,
  PRIMARY KEY (日期, 證券代號));
INSERT INTO ticks SELECT replace(日期, '/', '-'), 證券代號, 證券名稱, 市場,
  $(num 成交股數 INTEGER), $(num 成交金額 INTEGER), $(num 開盤價 REAL), $(num 最高價 REAL),
  $(num 最低價 REAL), $(num 收盤價 REAL), $(num 漲跌價差 REAL), $(num 成交筆數 INTEGER)
  FROM stage.raw ORDER BY 1, 2;
ANALYZE;
SQL
rm -f "$stage"
mv "$db.part" "$db"
