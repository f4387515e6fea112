#!/usr/bin/env python3
"""A seeded random session of many commands over every dataset and a large file.

    python3 Fuzz/soak.py BROWSE FILE [--commands 10000] [--seed 1] [--cache DIR]

Runs `BROWSE --offline --cache-dir DIR --width 100` with commands on standard input, reads
everything it prints, and reports its resident memory (VmRSS) right after the first load of FILE
and at the end (after `home`), the ratio of the two, and how the process ended. A crash (a signal)
exits 1. The cache folder should hold imported TWSE files (`browse import`), so that `companies`
and `ticks` open offline.
"""
import argparse
import os
import random
import subprocess
import sys
import threading
import time


def rss_kib(pid):
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("browse")
    parser.add_argument("file")
    parser.add_argument("--commands", type=int, default=10_000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--cache", default=os.path.expanduser("~/.cache/browse"))
    args = parser.parse_args()
    rng = random.Random(args.seed)

    datasets = ["companies", "ticks", "people", "films", args.file]
    words = ["台積", "台", "2330", "ford", "jedi", "a", "上市", "0050", "1", "x", "ＡＢＣ", "電", "zz"]
    columns = ["code", "name", "close", "capital", "year", "title", "收盤價", "成交股數", "日期", "volume", "nosuch"]

    def command():
        roll = rng.random()
        if roll < 0.06: return "open " + rng.choice(datasets)
        if roll < 0.20: return "n"
        if roll < 0.28: return "p"
        if roll < 0.34: return f"g {rng.randint(0, 50)}"
        if roll < 0.46: return "/" + rng.choice(words)
        if roll < 0.50: return "/"
        if roll < 0.58: return "sort " + rng.choice(columns) + rng.choice(["", " desc"])
        if roll < 0.70: return str(rng.randint(0, 40))
        if roll < 0.80: return "b"
        if roll < 0.84: return "home"
        if roll < 0.87: return "export csv /dev/null"
        if roll < 0.89: return rng.choice(["older", "info", "market otc", "market all", "ls", "h"])
        if roll < 0.895: return "r"
        return rng.choice(["", "frobnicate", "-3", "g", "sort", "１２", "export xls"])

    process = subprocess.Popen(
        [args.browse, "--offline", "--cache-dir", args.cache, "--width", "100"],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
        env={**os.environ, "BROWSE_NOW": "2025-06-30T04:00:00Z"})
    seen = {"out": b"", "err": 0}
    lock = threading.Lock()

    def drain(stream, key):
        while True:
            chunk = stream.read1(1 << 16) if hasattr(stream, "read1") else stream.read(1 << 16)
            if not chunk:
                return
            with lock:
                if key == "out":
                    seen["out"] = (seen["out"] + chunk)[-200_000:]
                else:
                    seen["err"] += chunk.count(b"\n")

    readers = [threading.Thread(target=drain, args=(process.stdout, "out"), daemon=True),
               threading.Thread(target=drain, args=(process.stderr, "err"), daemon=True)]
    for reader in readers:
        reader.start()

    def send(line):
        process.stdin.write((line + "\n").encode())
        process.stdin.flush()

    def wait_for(marker, timeout=120):
        deadline = time.time() + timeout
        while time.time() < deadline:
            with lock:
                if marker in seen["out"]:
                    return True
            if process.poll() is not None:
                return False
            time.sleep(0.05)
        return False

    send("open " + args.file)
    send("ls")  # its output marks the end of the load
    if not wait_for(b"Star Wars people"):
        print("the first load did not finish", file=sys.stderr)
        return 1
    after_load = rss_kib(process.pid)
    started = time.time()
    for index in range(args.commands):
        send(command())
        if index % 500 == 499:
            # Keep pace with the program so the pipe never holds thousands of commands.
            with lock:
                seen["out"] = b""
            send("ls")
            if not wait_for(b"Star Wars people", timeout=600):
                break
    with lock:
        seen["out"] = b""
    send("home")
    send("ls")
    finished = wait_for(b"Star Wars people", timeout=600)
    at_end = rss_kib(process.pid) if process.poll() is None else 0
    send("q")
    process.stdin.close()
    status = process.wait(timeout=120)
    elapsed = time.time() - started
    print(f"commands: {args.commands} (seed {args.seed}) in {elapsed:.1f} s; error lines: {seen['err']}")
    print(f"memory after the first load: {after_load / 1024:.1f} MiB")
    print(f"memory at the end:           {at_end / 1024:.1f} MiB ({(at_end / after_load - 1) * 100:+.1f} %)")
    print(f"exit status: {status}" + (" (killed by a signal: a crash)" if status < 0 else ""))
    return 0 if finished and status >= 0 else 1


if __name__ == "__main__":
    sys.exit(main())
