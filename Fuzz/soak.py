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


def memory_kib(pid):
    """Resident memory, and the part of it that is the program's own (anonymous) memory.

    A memory-mapped file counts in the resident set only while its pages are touched, so the
    anonymous part is what tells a leak from the page cache.
    """
    values = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            key, _, rest = line.partition(":")
            if key in ("VmRSS", "RssAnon", "RssFile"):
                values[key] = int(rest.split()[0])
    return values


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
    seen = {"out": b"", "err": 0, "messages": {}, "errtext": b""}
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
                    seen["errtext"] = (seen["errtext"] + chunk)[-100_000:]
                    seen["err"] += chunk.count(b"\n")
                    for line in chunk.split(b"\n"):
                        key = line[:40]
                        seen["messages"][key] = seen["messages"].get(key, 0) + 1

    readers = [threading.Thread(target=drain, args=(process.stdout, "out"), daemon=True),
               threading.Thread(target=drain, args=(process.stderr, "err"), daemon=True)]
    for reader in readers:
        reader.start()

    def send(line):
        process.stdin.write((line + "\n").encode())
        process.stdin.flush()

    markers = [0]

    def sync(timeout=600):
        """Waits until the program has run every command sent so far: it answers a unique
        `open soak-marker-N` with a one-line error naming it."""
        markers[0] += 1
        marker = f"soak-marker-{markers[0]}"
        send("open " + marker)
        deadline = time.time() + timeout
        while time.time() < deadline:
            with lock:
                if marker.encode() in seen["errtext"]:
                    return True
            if process.poll() is not None:
                return False
            time.sleep(0.05)
        return False

    send("open " + args.file)
    if not sync():
        print("the first load did not finish", file=sys.stderr)
        return 1
    after_load = memory_kib(process.pid)
    started = time.time()
    samples = []
    for index in range(args.commands):
        send(command())
        if index % 500 == 499:
            # Keep pace with the program so the pipe never holds thousands of commands.
            if not sync():
                break
            samples.append((index + 1, memory_kib(process.pid).get("RssAnon", 0)))
    send("home")
    finished = sync()
    at_end = memory_kib(process.pid) if process.poll() is None else {}
    send("q")
    process.stdin.close()
    status = process.wait(timeout=120)
    elapsed = time.time() - started
    print(f"commands: {args.commands} (seed {args.seed}) in {elapsed:.1f} s; error lines: {seen['err']}")
    for key, label in (("RssAnon", "own (anonymous) memory"), ("VmRSS", "resident set (with the mapped file)")):
        first, last = after_load.get(key, 0), at_end.get(key, 0)
        change = (last / first - 1) * 100 if first else 0
        print(f"{label}: after the first load {first / 1024:.1f} MiB, at the end {last / 1024:.1f} MiB ({change:+.1f} %)")
    print("own memory every 500 commands (MiB): " + " ".join(f"{kib / 1024:.0f}" for _, kib in samples))
    print("most frequent messages:")
    for key, count in sorted(seen["messages"].items(), key=lambda item: -item[1])[:8]:
        print(f"  {count:6d}  {key.decode(errors='replace')}")
    print(f"finished: {finished}")
    print(f"exit status: {status}" + (" (killed by a signal: a crash)" if status < 0 else ""))
    return 0 if finished and status >= 0 else 1


if __name__ == "__main__":
    sys.exit(main())
