#!/usr/bin/env python3
"""Times commands in interleaved rounds and writes the results as hyperfine's JSON export does.

Usage: rounds.py --runs N [--warmup] [--prepare CMD] [--once TEXT] --export-json FILE COMMAND...

Each round runs every command once, each round starting one command further on, so that a
drift of the machine's speed (a shared host's speed moves by a third within minutes) falls on
every command alike instead of on whichever ran in that stretch, as timing each command's runs
one after another does. `--prepare` runs before every command (it is not timed); `--warmup`
runs one untimed round first. A command holding a `--once` text is timed in the first round
only: a peer many times slower than the rest, whose ratio no drift could change, and whose runs
were most of the time of a benchmark. Each result has hyperfine's fields (command, mean, stddev,
median, min, max, user, system, times, exit_codes) and `cpu_median`: the median of user plus
system time, which another process on the machine moves less than the wall clock.
"""
import argparse
import json
import os
import statistics
import subprocess
import sys
import time


def run(command):
    """Runs `command` through the shell; returns (wall, user, system, exit code)."""
    start = time.perf_counter()
    process = subprocess.Popen(
        command, shell=True, stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    _, status, usage = os.wait4(process.pid, 0)
    wall = time.perf_counter() - start
    return wall, usage.ru_utime, usage.ru_stime, os.waitstatus_to_exitcode(status)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, required=True)
    parser.add_argument("--warmup", action="store_true")
    parser.add_argument("--prepare")
    parser.add_argument("--once", action="append", default=[])
    parser.add_argument("--export-json", required=True)
    parser.add_argument("commands", nargs="+")
    options = parser.parse_args()
    if options.runs < 1:
        parser.error("--runs must be 1 or more")
    commands = options.commands
    timed = {command: [] for command in commands}

    def one(command, record):
        if options.prepare:
            subprocess.run(options.prepare, shell=True, check=False)
        result = run(command)
        if record:
            timed[command].append(result)

    once = {command for command in commands if any(text in command for text in options.once)}
    if options.warmup:
        for command in commands:
            if command not in once:
                one(command, False)
    for round_number in range(options.runs):
        for offset in range(len(commands)):
            command = commands[(round_number + offset) % len(commands)]
            if round_number == 0 or command not in once:
                one(command, True)

    results = []
    for command in commands:
        walls = [wall for wall, _, _, _ in timed[command]]
        users = [user for _, user, _, _ in timed[command]]
        systems = [system for _, _, system, _ in timed[command]]
        results.append(
            {
                "command": command,
                "mean": statistics.mean(walls),
                "stddev": statistics.stdev(walls) if len(walls) > 1 else 0.0,
                "median": statistics.median(walls),
                "min": min(walls),
                "max": max(walls),
                "user": statistics.mean(users),
                "system": statistics.mean(systems),
                "cpu_median": statistics.median(u + s for u, s in zip(users, systems)),
                "times": walls,
                "exit_codes": [code for _, _, _, code in timed[command]],
            }
        )
    with open(options.export_json, "w") as output:
        json.dump({"results": results}, output, indent=1)
    failed = [r["command"] for r in results if any(r["exit_codes"])]
    if failed:
        print("rounds.py: these commands failed: " + "; ".join(failed), file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
