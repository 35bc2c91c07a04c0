#!/usr/bin/env python3
"""split.py: where a request's time went, in the server or in the load generator (lib.sh's
bench_split, for the --split option of compare.sh, h2.sh and scaling.sh).

Reads the text of `perf script` over a trace of the read and write system calls of both ends
(`syscalls:sys_enter_*` and `sys_exit_*` of read, readv, recvfrom, recvmsg, write, writev, sendto,
sendmsg and sendfile64), and an `ss -tnpH` listing of the connections taken during the trace.

For every connection between the load generator and the server it follows the bytes each way:
- a request waits in the server's socket from the load generator's write to the server's next
  read of that connection;
- the server works from that read to its next write on the connection;
- the answer waits in the load generator's socket from the server's write to the load
  generator's next read of the connection.

A read takes all the bytes written before it, so a wait is counted from the first write not yet
read. With HTTP/2 one read and one write carry many streams: the figures are per turn of a
connection (a server read that got an answer written), not per request.

Prints one line: `turns=N server_wait=MEAN/P99 server_work=MEAN/P99 client_wait=MEAN/P99` in
µs, and `server_share=` the share of a turn's time spent from the load generator's write to
the server's write (the rest is the answer waiting for the load generator).

The server's processes are those whose sockets listen on SERVER_PORT's side of a connection, the
load generator's those at the other end (both from the listing).

Usage: split.py SS_LISTING PERF_SCRIPT_TEXT SERVER_PORT
"""

import re
import sys

READS = ("read", "readv", "recvfrom", "recvmsg")
WRITES = ("write", "writev", "sendto", "sendmsg", "sendfile64")
LINE = re.compile(
    r"^\s*\S.*?\s+(\d+)/(\d+)\s+\[\d+\]\s+([0-9.]+):\s+syscalls:sys_(enter|exit)_(\w+):\s*(.*)$"
)
FD = re.compile(r"fd: (0x[0-9a-f]+)")
OWNER = re.compile(r"pid=(\d+),fd=(\d+)")


def connections(listing, server_port):
    """{(pid, fd): (side, connection number)} for both ends of every connection to server_port,
    side being "server" or "client" (the load generator)."""
    ends = {}
    for line in listing:
        fields = line.split()
        if len(fields) < 5:
            continue
        local, peer = fields[-3], fields[-2]
        for pid, fd in OWNER.findall(fields[-1]):
            end = (int(pid), int(fd))
            if local.endswith(f":{server_port}"):
                ends[end] = ("server", (peer, local))
            elif peer.endswith(f":{server_port}"):
                ends[end] = ("client", (local, peer))
    numbers = {}
    return {end: (side, numbers.setdefault(pair, len(numbers))) for end, (side, pair) in ends.items()}


def events(trace, ends):
    """(time µs, side, kind, connection) for every read that returned bytes and every write."""
    pids = {pid for pid, _ in ends}
    pending = {}
    found = []
    for line in trace:
        match = LINE.match(line)
        if not match:
            continue
        pid, tid, seconds, phase, call, rest = match.groups()
        pid, tid = int(pid), int(tid)
        if pid not in pids:
            continue
        time = float(seconds) * 1e6
        if phase == "enter":
            fd = FD.search(rest)
            if fd is None:
                continue
            end = ends.get((pid, int(fd.group(1), 16)))
            if end is None:
                continue
            if call in WRITES:
                found.append((time, end[0], "write", end[1]))
            elif call in READS:
                pending[tid] = end
        elif call in READS and tid in pending:
            side, connection = pending.pop(tid)
            returned = int(rest.split()[-1], 16)
            if 0 < returned < 2**63:
                found.append((time, side, "read", connection))
    found.sort()
    return found


def waits(found):
    """The three lists of µs (server wait, server work, client wait)."""
    server_wait, server_work, client_wait = [], [], []
    unread = {}  # (connection, reader side) -> time of the first write not yet read
    unanswered = {}  # connection -> time of the server's first read not yet answered
    for time, side, kind, connection in found:
        if kind == "write":
            reader = "server" if side == "client" else "client"
            unread.setdefault((connection, reader), time)
            if side == "server" and connection in unanswered:
                server_work.append(time - unanswered.pop(connection))
        else:
            written = unread.pop((connection, side), None)
            if written is None:
                continue
            (server_wait if side == "server" else client_wait).append(time - written)
            if side == "server":
                unanswered.setdefault(connection, time)
    return server_wait, server_work, client_wait


def summary(values):
    """MEAN/P99 in whole µs."""
    if not values:
        return "-/-"
    ordered = sorted(values)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return f"{sum(values) / len(values):.0f}/{p99:.0f}"


def main(argv):
    if len(argv) != 4:
        sys.exit(__doc__.strip().splitlines()[-1])
    listing_path, trace_path, server_port = argv[1:4]
    with open(listing_path, encoding="utf-8") as listing:
        ends = connections(listing, server_port)
    if not ends:
        sys.exit("split.py: no connection between the load generator and the server in the listing")
    with open(trace_path, encoding="utf-8", errors="replace") as trace:
        found = events(trace, ends)
    server_wait, server_work, client_wait = waits(found)
    if not server_wait or not client_wait:
        sys.exit("split.py: the trace has no read of a request or of an answer")
    at_server = sum(server_wait) / len(server_wait) + sum(server_work) / max(1, len(server_work))
    total = at_server + sum(client_wait) / len(client_wait)
    print(
        f"turns={len(server_work)} server_wait={summary(server_wait)} "
        f"server_work={summary(server_work)} client_wait={summary(client_wait)} "
        f"server_share={at_server / total:.2f}"
    )


if __name__ == "__main__":
    main(sys.argv)
