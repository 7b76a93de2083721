#!/usr/bin/python3
"""Where the bytes of keystroke answers go: reads a dump written by bench/shoppers.lua
(SHOPPERS_DUMP=<file>) and prints, per block, how often it was sent and how many bytes it took,
with the `<template>` wrappers and the value-only answers (an empty template) counted apart.

    sh bench/answers.sh            # one shopper typing every card once, through the real server
    /usr/bin/python3 bench/answers.py <dump>
"""

import re
import sys
from collections import defaultdict

TEMPLATE = re.compile(r'<template data-cf-block="([^"]*)"([^>]*)>(.*?)</template>\n?', re.S)


def main():
    records = open(sys.argv[1], encoding="utf-8").read().split("\x1e")[1:]
    blocks = defaultdict(lambda: [0, 0])
    wrappers = 0
    value_only = 0
    total = 0
    by_event = defaultdict(lambda: [0, 0])
    for record in records:
        request, _, body = record.partition("\n")
        total += len(body.encode())
        event = re.search(r"event=(\w+)", request)
        kind = event.group(1) if event else request.split(" ")[0]
        by_event[kind][0] += 1
        by_event[kind][1] += len(body.encode())
        for match in TEMPLATE.finditer(body):
            name, content = match.group(1), match.group(3)
            size = len(content.encode())
            wrappers += len(match.group(0).encode()) - size
            if size == 0:
                value_only += 1
                continue
            blocks[name][0] += 1
            blocks[name][1] += size
    answers = len(records)
    if not answers:
        sys.exit("answers.py: no answers in " + sys.argv[1])
    print("%d answers, %d bytes, mean %.0f bytes per answer" % (answers, total, total / answers))
    print("%-16s %6s %9s %9s" % ("block", "sent", "bytes", "per answer"))
    for name, (count, size) in sorted(blocks.items(), key=lambda item: -item[1][1]):
        print("%-16s %6d %9d %9.1f" % (name, count, size, size / answers))
    print("%-16s %6s %9d %9.1f" % ("<template> tags", "", wrappers, wrappers / answers))
    print("value-only answers (empty template): %d" % value_only)
    print("by event:")
    for kind, (count, size) in sorted(by_event.items()):
        print("  %-8s %5d answers, mean %.0f bytes" % (kind, count, size / count))


if __name__ == "__main__":
    main()
