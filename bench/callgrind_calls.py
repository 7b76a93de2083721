#!/usr/bin/env python3
"""callgrind_calls.py CG.OUT REGEX — total calls (from callers) into functions whose name matches REGEX."""
import re, sys
path, pattern = sys.argv[1], re.compile(sys.argv[2])
names, total, current = {}, 0, None
for line in open(path, errors="replace"):
    if line.startswith("cfn="):
        m = re.match(r"cfn=\((\d+)\)(?: (.*))?", line.strip())
        if m:
            if m.group(2): names[m.group(1)] = m.group(2)
            current = names.get(m.group(1), "")
        else:
            current = line[4:].strip()
    elif line.startswith("fn="):
        m = re.match(r"fn=\((\d+)\)(?: (.*))?", line.strip())
        if m and m.group(2): names[m.group(1)] = m.group(2)
    elif line.startswith("calls=") and current is not None:
        if pattern.search(current): total += int(line.split("=")[1].split()[0])
        current = None
print(total)
