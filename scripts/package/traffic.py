#!/usr/bin/env python3
"""Visitors for the package's upgrade test (scripts/package/test.sh): clients asking for the
site's pages without pause, some over kept-alive HTTP/1.1 connections and some over a new
connection each, counting every answer and every failure: a refused connection, a connection
closed without an answer, a status other than 200. Nothing is retried.

Usage: traffic.py HOST:PORT
  Reads commands on standard input and answers each with one line on standard output:
    more N   waits until N more requests have been answered (at most 60 s), then prints the
             count of answered requests;
    stop     stops the visitors and prints what they saw, as one JSON object.
"""

import json
import socket
import sys
import threading

PATHS = ["/", "/zh", "/services", "/zh/trust-center", "/support-token"]
KEPT_ALIVE_CLIENTS = 4
FRESH_CLIENTS = 2
TIMEOUT_SECS = 10


class Tally:
    """What the visitors saw, shared by their threads."""

    def __init__(self):
        self.lock = threading.Condition()
        self.answered = 0
        self.connections = 0
        self.refused = 0
        self.failures = []

    def answer(self):
        with self.lock:
            self.answered += 1
            self.lock.notify_all()

    def connected(self):
        with self.lock:
            self.connections += 1

    def fail(self, what, refused=False):
        with self.lock:
            self.failures.append(what)
            if refused:
                self.refused += 1

    def wait_for_more(self, more):
        """Waits until `more` further requests have been answered; False after 60 s."""
        with self.lock:
            target = self.answered + more
            return self.lock.wait_for(lambda: self.answered >= target, timeout=60)

    def summary(self):
        return {
            "sent": self.answered + len(self.failures),
            "answered": self.answered,
            "failed": len(self.failures),
            "connections": self.connections,
            "refused": self.refused,
            "failures": self.failures[:20],
        }


def read_answer(stream):
    """Reads one answer; returns (status, closes) or raises ConnectionError."""
    status_line = stream.readline()
    if not status_line:
        raise ConnectionError("connection closed without an answer")
    status = int(status_line.split()[1])
    length = None
    closes = False
    while True:
        line = stream.readline()
        if not line:
            raise ConnectionError("connection closed inside the answer's head")
        if line in (b"\r\n", b"\n"):
            break
        name, _, value = line.decode("latin-1").partition(":")
        name = name.strip().lower()
        if name == "content-length":
            length = int(value.strip())
        elif name == "connection" and "close" in value.lower():
            closes = True
    if length is None:
        raise ConnectionError("an answer without content-length")
    body = stream.read(length)
    if len(body) != length:
        raise ConnectionError("connection closed inside the answer's body")
    return status, closes


def connect(address, tally):
    try:
        connection = socket.create_connection(address, timeout=TIMEOUT_SECS)
    except ConnectionRefusedError as error:
        tally.fail(f"connect: {error}", refused=True)
        return None
    except OSError as error:
        tally.fail(f"connect: {error}")
        return None
    tally.connected()
    return connection


def request(path):
    return f"GET {path} HTTP/1.1\r\nHost: site\r\nAccept-Encoding: br\r\n\r\n".encode()


def visit(address, tally, stop, kept_alive):
    turn = 0
    connection = None
    stream = None
    while not stop.is_set():
        path = PATHS[turn % len(PATHS)]
        turn += 1
        if connection is None:
            connection = connect(address, tally)
            if connection is None:
                continue
            stream = connection.makefile("rb")
        try:
            connection.sendall(request(path))
            status, closes = read_answer(stream)
        except (OSError, ValueError, IndexError) as error:
            tally.fail(f"GET {path}: {error}")
            connection.close()
            connection = None
            continue
        if status == 200:
            tally.answer()
        else:
            tally.fail(f"GET {path}: status {status}")
        if closes or not kept_alive:
            connection.close()
            connection = None
    if connection is not None:
        connection.close()


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: traffic.py HOST:PORT")
    host, _, port = sys.argv[1].rpartition(":")
    address = (host, int(port))
    tally = Tally()
    stop = threading.Event()
    clients = [True] * KEPT_ALIVE_CLIENTS + [False] * FRESH_CLIENTS
    threads = [
        threading.Thread(target=visit, args=(address, tally, stop, kept_alive))
        for kept_alive in clients
    ]
    for thread in threads:
        thread.start()
    for line in sys.stdin:
        words = line.split()
        if words[:1] == ["more"]:
            if not tally.wait_for_more(int(words[1])):
                print("timeout", flush=True)
                break
            print(tally.answered, flush=True)
        elif words == ["stop"]:
            break
    stop.set()
    for thread in threads:
        thread.join()
    print(json.dumps(tally.summary()), flush=True)


if __name__ == "__main__":
    main()
