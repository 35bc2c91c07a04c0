#!/usr/bin/env python3
"""multiply-content.py: multiplies the catalogue-sized content of a content/ folder, in place.

Used by content-10x.sh on a copy of the tree; never run it on the real content/. The content that
grows with an operator's catalogue is multiplied by --factor (default 10); everything else (pages,
marketing copy, documents, fees, routes) is left as it is:

- FAQ articles (en/faq.toml, zh/faq.toml): each article gets factor - 1 copies with ids
  `{id}-copy-2` ... `{id}-copy-{factor}` and titles and summaries marked "(copy N)" / "（副本 N）",
  placed after the originals of their category (articles stay grouped by category, in category
  order), identically in both languages so the English/Chinese parity holds.
- Announcements (en/announcements.toml, zh/announcements.toml): each announcement is followed by
  its copies, with the same date, so the list stays newest first.
- Supported assets (assets/sg.toml, assets/hk.toml): each list grows to factor times its rows.
  A copy gets the token `{token}-N`, the name "{name} (copy N)" and a new contract that is valid
  for its chain's family (site.toml): an EIP-55 checksummed address for `evm` chains, a
  base58check address for `tron`, a 32-byte base58 key for `solana`, an identifier for `other`.
  A `utxo` chain allows no contract and one native coin, so its rows cannot be copied; the
  shortfall is made up by one more round of copies of the first other rows, so every list is
  exactly factor times as long.

The files are written anew from the parsed values (comments are dropped); strings are escaped
for TOML. Contracts are derived from SHA-256 of the row, so a run is reproducible. Prints the
counts before and after on standard error.

Usage: python3 scripts/bench/multiply-content.py CONTENT_DIR [--factor 10]
"""

import argparse
import datetime
import hashlib
import re
import sys
import tomllib
from pathlib import Path

LANGS = ("en", "zh")
ASSET_FILES = ("assets/sg.toml", "assets/hk.toml")


def copy_title(text, lang, n):
    """The title or summary of copy n in the language's own punctuation."""
    return f"{text}（副本 {n}）" if lang == "zh" else f"{text} (copy {n})"


# --- TOML writing ------------------------------------------------------------------------------

BARE_KEY = re.compile(r"^[A-Za-z0-9_-]+$")
ESCAPES = {"\\": "\\\\", '"': '\\"', "\b": "\\b", "\t": "\\t", "\f": "\\f", "\r": "\\r"}


def escape(text, multiline):
    out = []
    for ch in text:
        if ch == "\n":
            out.append("\n" if multiline else "\\n")
        elif ch in ESCAPES:
            out.append(ESCAPES[ch])
        elif ord(ch) < 0x20 or ord(ch) == 0x7F:
            out.append(f"\\u{ord(ch):04X}")
        else:
            out.append(ch)
    return "".join(out)


def toml_key(key):
    return key if BARE_KEY.match(key) else f'"{escape(key, False)}"'


def toml_value(value):
    """A scalar or an array of scalars, on one line except multi-line strings."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (int, float)):
        return repr(value)
    if isinstance(value, (datetime.date, datetime.datetime, datetime.time)):
        return value.isoformat()
    if isinstance(value, str):
        if "\n" in value:
            # A newline right after the opening quotes is not part of the string.
            return '"""\n' + escape(value, True) + '"""'
        return '"' + escape(value, False) + '"'
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"cannot write {type(value).__name__} as TOML")


def is_table_array(value):
    return isinstance(value, list) and value and all(isinstance(v, dict) for v in value)


def write_table(lines, table, path):
    """Key/value pairs first, then sub-tables and arrays of tables, with full dotted headers."""
    nested = []
    for key, value in table.items():
        if isinstance(value, dict) or is_table_array(value):
            nested.append((key, value))
        else:
            lines.append(f"{toml_key(key)} = {toml_value(value)}")
    for key, value in nested:
        name = path + [toml_key(key)]
        if isinstance(value, dict):
            lines.extend(["", f"[{'.'.join(name)}]"])
            write_table(lines, value, name)
        else:
            for item in value:
                lines.extend(["", f"[[{'.'.join(name)}]]"])
                write_table(lines, item, name)


def dump(document, header):
    lines = [f"# {line}".rstrip() for line in header]
    write_table(lines, document, [])
    return "\n".join(lines).lstrip("\n") + "\n"


def dump_assets(rows, header):
    """An asset list the way the site's files hold it: one inline table per line."""
    lines = [f"# {line}" for line in header] + ["asset = ["]
    lines += [f"  {toml_value(row)}," for row in rows]
    lines.append("]")
    return "\n".join(lines) + "\n"


# --- Addresses ---------------------------------------------------------------------------------

def _keccak_constants():
    rotations = [[0] * 5 for _ in range(5)]
    x, y = 1, 0
    for t in range(24):
        rotations[x][y] = ((t + 1) * (t + 2) // 2) % 64
        x, y = y, (2 * x + 3 * y) % 5

    def rc_bit(t):
        r = 1
        for _ in range(t % 255):
            r <<= 1
            if r & 0x100:
                r ^= 0x171
        return r & 1

    rounds = []
    for i in range(24):
        rc = 0
        for j in range(7):
            if rc_bit(j + 7 * i):
                rc |= 1 << ((1 << j) - 1)
        rounds.append(rc)
    return rotations, rounds


ROTATIONS, ROUND_CONSTANTS = _keccak_constants()
MASK64 = (1 << 64) - 1


def _rotl(value, shift):
    return ((value << shift) | (value >> (64 - shift))) & MASK64 if shift else value


def _keccak_f(lanes):
    for rc in ROUND_CONSTANTS:
        c = [lanes[x] ^ lanes[x + 5] ^ lanes[x + 10] ^ lanes[x + 15] ^ lanes[x + 20] for x in range(5)]
        d = [c[(x - 1) % 5] ^ _rotl(c[(x + 1) % 5], 1) for x in range(5)]
        lanes = [lanes[i] ^ d[i % 5] for i in range(25)]
        b = [0] * 25
        for x in range(5):
            for y in range(5):
                b[y + 5 * ((2 * x + 3 * y) % 5)] = _rotl(lanes[x + 5 * y], ROTATIONS[x][y])
        lanes = [b[i] ^ (~b[(i % 5 + 1) % 5 + 5 * (i // 5)] & b[(i % 5 + 2) % 5 + 5 * (i // 5)]) for i in range(25)]
        lanes[0] ^= rc
    return lanes


def keccak256(data):
    """Keccak-256 as Ethereum uses it (the original padding, not SHA3-256's)."""
    rate = 136
    padded = bytearray(data) + b"\x01"
    padded += b"\x00" * (-len(padded) % rate)
    padded[-1] |= 0x80
    lanes = [0] * 25
    for start in range(0, len(padded), rate):
        block = padded[start:start + rate]
        for i in range(rate // 8):
            lanes[i] ^= int.from_bytes(block[8 * i:8 * i + 8], "little")
        lanes = _keccak_f(lanes)
    return b"".join(lane.to_bytes(8, "little") for lane in lanes[:4])


def eip55(raw20):
    lower = raw20.hex()
    digest = keccak256(lower.encode("ascii"))
    out = []
    for index, ch in enumerate(lower):
        nibble = (digest[index // 2] >> (4 if index % 2 == 0 else 0)) & 0x0F
        out.append(ch.upper() if ch.isalpha() and nibble >= 8 else ch)
    return "0x" + "".join(out)


B58 = "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz"


def base58(data):
    number = int.from_bytes(data, "big")
    out = ""
    while number:
        number, digit = divmod(number, 58)
        out = B58[digit] + out
    zeros = len(data) - len(data.lstrip(b"\x00"))
    return "1" * zeros + out


def tron_address(raw20):
    payload = b"\x41" + raw20
    checksum = hashlib.sha256(hashlib.sha256(payload).digest()).digest()[:4]
    return base58(payload + checksum)


def new_contract(family, seed, row, n):
    digest = hashlib.sha256(seed.encode("utf-8")).digest()
    if family == "evm":
        return eip55(digest[:20])
    if family == "tron":
        return tron_address(digest[:20])
    if family == "solana":
        return base58(digest)
    # `other`: any identifier without spaces, unique on its network.
    base = row.get("contract") or f"native-{row['token'].lower()}"
    return re.sub(r"\s", "", f"{base}-copy-{n}")


# --- Multiplying -------------------------------------------------------------------------------

def read(path):
    with open(path, "rb") as handle:
        return tomllib.load(handle)


def multiply_faq(content, factor):
    counts = {}
    for lang in LANGS:
        path = content / lang / "faq.toml"
        faq = read(path)
        articles = faq.get("article", [])
        if any("-copy-" in a["id"] for a in articles):
            sys.exit(f"{path} already holds copies: run this on a fresh copy of content/")
        grown = []
        for category in faq["category"]:
            own = [a for a in articles if a["category"] == category["id"]]
            grown += own
            for n in range(2, factor + 1):
                for article in own:
                    grown.append(dict(article, id=f"{article['id']}-copy-{n}",
                                      title=copy_title(article["title"], lang, n),
                                      summary=copy_title(article["summary"], lang, n)))
        # Articles of an unknown category are left for the site's own check to report.
        known = {c["id"] for c in faq["category"]}
        grown += [a for a in articles if a["category"] not in known]
        faq["article"] = grown
        path.write_text(dump(faq, [f"FAQ multiplied by {factor} by scripts/bench/multiply-content.py."]), "utf-8")
        counts[lang] = (len(articles), len(grown))
    return counts


def multiply_announcements(content, factor):
    counts = {}
    for lang in LANGS:
        path = content / lang / "announcements.toml"
        news = read(path)
        items = news["announcement"]
        if any("-copy-" in a["id"] for a in items):
            sys.exit(f"{path} already holds copies: run this on a fresh copy of content/")
        grown = []
        for item in items:
            grown.append(item)
            for n in range(2, factor + 1):
                grown.append(dict(item, id=f"{item['id']}-copy-{n}",
                                  title=copy_title(item["title"], lang, n),
                                  summary=copy_title(item["summary"], lang, n)))
        news["announcement"] = grown
        path.write_text(dump(news, [f"Announcements multiplied by {factor} by scripts/bench/multiply-content.py."]), "utf-8")
        counts[lang] = (len(items), len(grown))
    return counts


def multiply_assets(content, factor):
    families = {chain["id"]: chain["family"] for chain in read(content / "site.toml")["chain"]}
    counts = {}
    for name in ASSET_FILES:
        path = content / name
        rows = read(path)["asset"]
        if any(re.search(r"-\d+$", r["token"]) and "(copy " in r["name"] for r in rows):
            sys.exit(f"{path} already holds copies: run this on a fresh copy of content/")
        copyable = [(i, r) for i, r in enumerate(rows) if families.get(r["network"]) not in (None, "utxo")]
        if not copyable:
            sys.exit(f"{path}: no row can be copied")
        wanted = len(rows) * factor
        grown = list(rows)
        used = {(r["network"], r.get("contract", "")) for r in rows}
        n = 2
        while len(grown) < wanted:
            for index, row in copyable:
                if len(grown) == wanted:
                    break
                family = families[row["network"]]
                seed = f"{name}/{index}/{n}/{row['network']}/{row.get('contract', row['token'])}"
                contract = new_contract(family, seed, row, n)
                if (row["network"], contract) in used:
                    sys.exit(f"{path}: derived contract {contract} twice on {row['network']}")
                used.add((row["network"], contract))
                copy = {"token": f"{row['token']}-{n}", "name": f"{row['name']} (copy {n})",
                        "network": row["network"], "contract": contract}
                copy.update({flag: row[flag] for flag in ("warm", "cold", "defi", "oasis")})
                grown.append(copy)
            n += 1
        entity = "Singapore" if name.endswith("sg.toml") else "Hong Kong"
        header = [f"Supported assets of the {entity} entity, multiplied by {factor} by",
                  "scripts/bench/multiply-content.py."]
        path.write_text(dump_assets(grown, header), "utf-8")
        counts[name] = (len(rows), len(grown), len(rows) - len(copyable))
    return counts


def self_test():
    # Published addresses the site's own tests use.
    usdt = "0xdAC17F958D2ee523a2206206994597C13D831ec7"
    assert eip55(bytes.fromhex(usdt[2:])) == usdt, "Keccak-256 / EIP-55 is wrong"
    tron = "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t"
    number = 0
    for ch in tron:
        number = number * 58 + B58.index(ch)
    raw = number.to_bytes(25, "big")
    assert tron_address(raw[1:21]) == tron, "base58check is wrong"
    for sample in ('a "quoted" \\ back\tslash\n', "line\nwith \"\"\" quotes\n", "控制\x01字符"):
        parsed = tomllib.loads(f"s = {toml_value(sample)}\n")["s"]
        assert parsed == sample, f"TOML escaping is wrong for {sample!r}"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("content", type=Path, help="the content/ folder to change in place")
    parser.add_argument("--factor", type=int, default=10, help="how many times the content (default 10)")
    args = parser.parse_args()
    if args.factor < 1:
        sys.exit("--factor must be at least 1")
    self_test()
    if args.factor == 1:
        print("factor 1: content left as it is", file=sys.stderr)
        return
    content = args.content
    faq = multiply_faq(content, args.factor)
    news = multiply_announcements(content, args.factor)
    assets = multiply_assets(content, args.factor)
    print(f"FAQ articles: {faq['en'][0]} -> {faq['en'][1]} per language", file=sys.stderr)
    print(f"announcements: {news['en'][0]} -> {news['en'][1]} per language", file=sys.stderr)
    for name, (before, after, fixed) in assets.items():
        print(f"{name}: {before} -> {after} rows ({fixed} native coin(s) of UTXO chains cannot be copied)",
              file=sys.stderr)


if __name__ == "__main__":
    main()
