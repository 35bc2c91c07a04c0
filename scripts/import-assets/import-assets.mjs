#!/usr/bin/env node
// One-off import of the supported-asset lists of the two entities.
//
//   npm ci && node import-assets.mjs          writes content/assets/sg.toml and hk.toml and the
//                                             generated part of content/assets/SOURCES.md
//   node import-assets.mjs --check            writes nothing; exits 1 if a file would change
//   node import-assets.mjs --names            also prints where each row's name comes from
//
// Same input, same output: the sources are pinned npm packages (package-lock.json) and two
// vendored files whose SHA-256 is checked; nothing depends on time, locale or the network.
// The script refuses to write anything if any address fails its family's rules, if a selected
// token is missing from the sources or ambiguous in them, or if the lists disagree with the
// site's announcements (content/en/announcements.toml).

import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { parse as parseToml } from 'smol-toml';

import { checkerFor, checkEvm, selfTest, toChecksumAddress } from './checks.mjs';
import { HK, HK_DEFI, HK_OASIS, NAMES, SG, SG_OASIS } from './selection.mjs';
import { SOURCE_INFO, SOURCE_ORDER, VENDORED, installedVersions, loadEntries, loadManifest } from './sources.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..');
const checkOnly = process.argv.includes('--check');

// Sources used to look a selected symbol up. The Solana token registry is only a cross-check:
// it holds thousands of unvetted entries under duplicate symbols.
const LOOKUP_SOURCES = SOURCE_ORDER.filter((s) => s !== 'splregistry');
// Order in which a source's token name is preferred when the icon manifest has none.
// (The Yodl lists come last: their names are rewritten with punctuation removed.)
const NAME_ORDER = ['superchain', 'aave', 'lifi', 'pancakeswap', 'uniswap', 'tether', 'splregistry', 'yodl', 'drift'];
const MIN_SG_ROWS = 410;

const errors = [];
const fail = (msg) => errors.push(msg);

// --- site chains -----------------------------------------------------------------------------
const site = parseToml(readFileSync(join(repo, 'content', 'site.toml'), 'utf8'));
const chains = site.chain.map((c) => ({ id: c.id, name: c.name, family: c.family }));
const chainById = new Map(chains.map((c) => [c.id, c]));
if (chains.length !== 31) fail(`content/site.toml names ${chains.length} chains, expected 31`);

// --- sources ---------------------------------------------------------------------------------
selfTest();
const manifest = loadManifest();
const entries = loadEntries();
const isEvmNet = (network) => chainById.get(network)?.family === 'evm';
const addrKey = (network, address) => (isEvmNet(network) ? address.toLowerCase() : address);

// network -> address key -> [entries]
const byAddress = new Map();
for (const e of entries) {
  if (!chainById.has(e.network)) continue;
  if (!byAddress.has(e.network)) byAddress.set(e.network, new Map());
  const m = byAddress.get(e.network);
  const k = addrKey(e.network, e.address);
  if (!m.has(k)) m.set(k, []);
  m.get(k).push(e);
}

// Native-coin placeholders some sources use in place of a contract; never a token address.
const NATIVE_PLACEHOLDERS = new Set([
  '0x0000000000000000000000000000000000000000', '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee',
  '11111111111111111111111111111111', 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb',
  '0x0000000000000000000000000000000000000000000000000000000000000002::sui::SUI',
  'bitcoin', 'bitcoin-cash', 'litecoin', 'dogecoin',
]);

const sourceRank = (s) => SOURCE_ORDER.indexOf(s);
const words = (s) => s.toLowerCase().replace(/[^a-z0-9 ]+/g, ' ').split(/\s+/).filter(Boolean);
const SYNONYMS = { btc: 'bitcoin', eth: 'ether', ethereum: 'ether' };
const GENERIC = new Set(['token', 'coin', 'the', 'network', 'protocol', 'finance', 'wrapped', 'usd', 'dao', 'of', 'on', 'pos', 'binance', 'peg']);

/**
 * Does the manifest's entry describe the same token as the sources? The manifest is matched by
 * symbol only, and a few of its symbols belong to other, older projects (e.g. SKY, AMP, GMT, ATM),
 * so its name is used only if a source agrees (a source name shares a distinctive word with it),
 * or if no source gives more than the bare symbol.
 */
function manifestAgrees(mName, symbol, sourceNames) {
  const informative = sourceNames.filter((n) => n.toUpperCase() !== symbol.toUpperCase());
  if (!informative.length) return true;
  const all = informative.map((n) => words(n).map((w) => SYNONYMS[w] ?? w));
  const mw = words(mName).filter((w) => !GENERIC.has(w) && w.length >= 3).map((w) => SYNONYMS[w] ?? w);
  // Same word, or one word starts the other and the shorter has at least 4 letters
  // ("sushi" / "sushiswap"; not "sky" / "skycoin").
  const same = (a, b) => a === b || (Math.min(a.length, b.length) >= 4 && (a.startsWith(b) || b.startsWith(a)));
  if (mw.some((w) => all.some((n) => n.some((v) => same(v, w)) || n.join('') === w))) return true;
  return mw.length === 0 && all.some((n) => n.join(' ') === words(mName).join(' '));
}

// --- resolution --------------------------------------------------------------------------------
function resolveToken(network, sel) {
  const family = chainById.get(network).family;
  const wanted = sel.symbol.toLowerCase();
  const symbols = new Set([wanted, ...(sel.alias ?? []).map((a) => a.toLowerCase())]);
  const groups = new Map();
  for (const [k, list] of byAddress.get(network) ?? []) {
    if (NATIVE_PLACEHOLDERS.has(k)) continue;
    const hits = list.filter((e) => LOOKUP_SOURCES.includes(e.source) && symbols.has(e.symbol.toLowerCase())
      && (!sel.src || e.source === sel.src) && (!sel.sourceName || e.name === sel.sourceName));
    if (hits.length) groups.set(k, hits);
  }
  const where = `${network} ${sel.symbol}${sel.src ? ` (source ${sel.src})` : ''}`;
  if (groups.size === 0) { fail(`${where}: not found in the sources`); return null; }
  if (groups.size > 1) {
    const desc = [...groups.values()].map((h) => `${h[0].address} [${[...new Set(h.map((e) => e.source))].join(', ')}]`).join('; ');
    fail(`${where}: the sources list ${groups.size} different addresses: ${desc}`);
    return null;
  }
  const [k, hits] = [...groups][0];
  const all = byAddress.get(network).get(k); // every source's entry for this address
  hits.sort((a, b) => sourceRank(a.source) - sourceRank(b.source));
  const primary = hits[0];

  // Address as written: exactly as published, except that an EVM address published without a
  // checksum (all lower or all upper case) is written in its EIP-55 form. A published
  // mixed-case EVM address must already carry a correct checksum.
  let address = primary.address;
  if (family === 'evm') {
    for (const e of all) {
      const hex = e.address.slice(2);
      const mixed = hex !== hex.toLowerCase() && hex !== hex.toUpperCase();
      if (mixed && checkEvm(e.address) !== null) fail(`${where}: ${e.source} publishes ${e.address}, whose EIP-55 checksum is wrong`);
    }
    if (/^0x[0-9a-fA-F]{40}$/.test(address)) address = toChecksumAddress(address);
  }
  const check = checkerFor(network, family);
  if (!check) { fail(`${where}: the site accepts no token identifiers on ${network}`); return null; }
  const problem = check(address);
  if (problem) { fail(`${where}: ${address}: ${problem}`); return null; }

  // Cross-check: which sources list this same address; and which list the symbol elsewhere.
  const listedBy = [...new Set(all.map((e) => e.source))].sort((a, b) => sourceRank(a) - sourceRank(b));
  const elsewhere = [];
  for (const [k2, list] of byAddress.get(network)) {
    if (k2 === k || NATIVE_PLACEHOLDERS.has(k2)) continue;
    for (const e of list) {
      if (e.source !== 'splregistry' && symbols.has(e.symbol.toLowerCase())) elsewhere.push(`${e.source}: ${e.address}`);
    }
  }

  // Symbol and name.
  const sourceNames = all.map((e) => e.name).filter(Boolean);
  const m = manifest.get(sel.symbol.toUpperCase());
  const useManifest = m && !m.name.includes('[') && m.name.toUpperCase() !== m.symbol.toUpperCase() && manifestAgrees(m.name, sel.symbol, sourceNames);
  let name = sel.name;
  let nameFrom = 'selection';
  if (!name && useManifest) { name = m.name; nameFrom = 'manifest'; }
  if (!name && NAMES[sel.symbol]) name = NAMES[sel.symbol];
  if (!name) {
    const ordered = [...all].sort((a, b) => NAME_ORDER.indexOf(a.source) - NAME_ORDER.indexOf(b.source));
    const good = ordered.find((e) => e.name && e.name.toUpperCase() !== e.symbol.toUpperCase()) ?? ordered.find((e) => e.name);
    if (good) { name = good.name.replace(/\s+/g, ' '); nameFrom = good.source; }
  }
  if (!name) { fail(`${where}: no source gives a name; add one to the selection`); return null; }
  // Symbol as its issuer publishes it: the manifest's, else the first source's (in source order)
  // among those that list this address under the selected symbol.
  const published = [...all].sort((a, b) => sourceRank(a.source) - sourceRank(b.source)).find((e) => symbols.has(e.symbol.toLowerCase()));
  const token = sel.token ?? (useManifest ? m.symbol : published.symbol);
  const manifestNote = m && !useManifest ? `${m.symbol} = ${m.name}` : null;
  return { token, name: name.trim(), contract: address, source: primary.source, listedBy, elsewhere, nameFrom, manifestNote, sourceNames };
}

function resolveNative(network, sel) {
  const m = manifest.get(sel.symbol.toUpperCase());
  const name = sel.name ?? (m && !m.name.includes('[') ? m.name : null);
  if (!name) { fail(`${network} native ${sel.symbol}: no name in the manifest; add one to the selection`); return null; }
  return { token: sel.token ?? (m && !sel.name ? m.symbol : sel.symbol), name, contract: null, nameFrom: sel.name ? 'selection' : 'manifest' };
}

function build(entity, selection) {
  const rows = [];
  for (const network of Object.keys(selection)) {
    if (!chainById.has(network)) { fail(`${entity}: network ${network} is not a chain of content/site.toml`); continue; }
  }
  for (const chain of chains) { // site.toml order
    for (const sel of (selection[chain.id] ?? []).map((s) => (typeof s === 'string' ? { symbol: s } : s))) {
      const r = sel.native ? resolveNative(chain.id, sel) : resolveToken(chain.id, sel);
      if (!r) continue;
      const key = `${chain.id}:${r.token}`;
      let flags;
      if (entity === 'SG') {
        const warm = !sel.coldOnly;
        flags = {
          warm,
          cold: true,
          defi: warm && !sel.noDefi && (chain.family === 'evm' || chain.family === 'solana'),
          oasis: SG_OASIS.has(key),
        };
      } else {
        flags = { warm: true, cold: true, defi: HK_DEFI.has(key), oasis: HK_OASIS.has(key) };
      }
      rows.push({ ...r, network: chain.id, family: chain.family, ...flags });
    }
  }
  // Uniqueness: one native per network; (network, contract) once; (network, token) once.
  const seen = new Set();
  for (const r of rows) {
    for (const k of [r.contract ? `contract ${r.network} ${addrKey(r.network, r.contract)}` : `native ${r.network}`, `token ${r.network} ${r.token.toUpperCase()}`]) {
      if (seen.has(k)) fail(`${entity}: duplicate ${k}`);
      seen.add(k);
    }
  }
  for (const key of entity === 'SG' ? SG_OASIS : [...HK_OASIS, ...HK_DEFI]) {
    if (!rows.some((r) => `${r.network}:${r.token}` === key)) fail(`${entity}: flag rule names ${key}, which is not in the list`);
  }
  return rows;
}

const sg = build('SG', SG);
const hk = build('HK', HK);

// --- agreement with the announcements and the site's figures -------------------------------------
const find = (rows, network, token) => rows.find((r) => r.network === network && r.token === token);
function expect(rows, entity, network, token, flags, why) {
  const r = find(rows, network, token);
  if (!r) { fail(`${entity}: ${token} on ${network} is missing (${why})`); return; }
  for (const [k, v] of Object.entries(flags)) if (r[k] !== v) fail(`${entity}: ${token} on ${network} has ${k} = ${r[k]}, expected ${v} (${why})`);
}
const F = (warm, cold, defi, oasis) => ({ warm, cold, defi, oasis });
expect(sg, 'SG', 'ethereum', 'PYUSD', F(true, true, true, false), 'new-assets-pyusd-2024-07');
expect(sg, 'SG', 'solana', 'PYUSD', F(true, true, false, false), 'new-assets-pyusd-2024-07');
expect(sg, 'SG', 'base', 'USDC', F(true, true, true, true), 'new-assets-base-2025-06');
expect(sg, 'SG', 'base', 'cbBTC', F(true, true, true, false), 'new-assets-base-2025-06');
expect(sg, 'SG', 'ethereum', 'FDUSD', { warm: true, cold: true }, 'reinstatement-fdusd-2025-04');
expect(sg, 'SG', 'bnb-smart-chain', 'FDUSD', { warm: true, cold: true }, 'reinstatement-fdusd-2025-04');
expect(hk, 'HK', 'base', 'USDC', F(true, true, false, false), 'new-assets-base-2025-06');
expect(hk, 'HK', 'ton', 'TON', F(true, true, false, false), 'new-assets-ton-2026-03');
expect(hk, 'HK', 'ton', 'USDT', F(true, true, false, false), 'new-assets-ton-2026-03');
for (const r of sg) {
  if (/^BUSD$/i.test(r.token)) fail('SG: BUSD is listed (delisting-busd-2024-05)');
  if (/^USDbC$/i.test(r.token)) fail('SG: USDbC is listed (new-assets-base-2025-06: not supported)');
  if (r.network === 'ton') fail('SG: an asset on TON is listed (new-assets-ton-2026-03: under due diligence)');
}
for (const r of hk) {
  if (/^(BUSD|PYUSD|USDbC)$/i.test(r.token)) fail(`HK: ${r.token} is listed`);
  if (r.network === 'base' && r.token !== 'USDC') fail(`HK: ${r.token} on Base is listed (new-assets-base-2025-06)`);
}
for (const c of chains) {
  if (c.id !== 'ton' && !sg.some((r) => r.network === c.id && !r.contract)) fail(`SG: no native coin on ${c.id}`);
}
const claimed = site.figures?.supported_assets;
if (!(sg.length >= MIN_SG_ROWS && sg.length >= claimed)) fail(`SG: ${sg.length} rows; the site claims ${claimed}+ and the import requires ${MIN_SG_ROWS}`);
if (hk.length < 60 || hk.length > 120) fail(`HK: ${hk.length} rows, expected 60 to 120`);

if (errors.length) {
  console.error(`import-assets: refusing to write (${errors.length} problem${errors.length > 1 ? 's' : ''}):`);
  for (const e of errors) console.error(`  - ${e}`);
  process.exit(1);
}

// --- output ------------------------------------------------------------------------------------
const tomlString = (s) => `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
function toToml(entityName, rows) {
  const lines = [
    `# Supported assets of the ${entityName} entity. Generated by scripts/import-assets (see SOURCES.md);`,
    '# edit by hand only in the same format. Serial numbers are computed by the site.',
    'asset = [',
  ];
  for (const r of rows) {
    const parts = [`token = ${tomlString(r.token)}`, `name = ${tomlString(r.name)}`, `network = ${tomlString(r.network)}`];
    if (r.contract) parts.push(`contract = ${tomlString(r.contract)}`);
    parts.push(`warm = ${r.warm}`, `cold = ${r.cold}`, `defi = ${r.defi}`, `oasis = ${r.oasis}`);
    lines.push(`  { ${parts.join(', ')} },`);
  }
  lines.push(']', '');
  return lines.join('\n');
}

function countTable(rowsByEntity) {
  const out = ['| Network | Chain id | Singapore | Hong Kong |', '| --- | --- | ---: | ---: |'];
  for (const c of chains) {
    const n = rowsByEntity.map((rows) => rows.filter((r) => r.network === c.id).length);
    out.push(`| ${c.name} | \`${c.id}\` | ${n[0]} | ${n[1]} |`);
  }
  out.push(`| **Total** | | **${rowsByEntity[0].length}** | **${rowsByEntity[1].length}** |`);
  return out.join('\n');
}

function generatedSection() {
  const versions = installedVersions();
  const lines = [];
  lines.push('<!-- BEGIN GENERATED by scripts/import-assets/import-assets.mjs: do not edit by hand -->');
  lines.push('');
  lines.push('### Rows per network');
  lines.push('');
  lines.push(countTable([sg, hk]));
  lines.push('');
  lines.push('### Flags');
  lines.push('');
  lines.push('| Entity | Rows | warm | cold | defi | oasis |');
  lines.push('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const [label, rows] of [['Singapore', sg], ['Hong Kong', hk]]) {
    const c = (k) => rows.filter((r) => r[k]).length;
    lines.push(`| ${label} | ${rows.length} | ${c('warm')} | ${c('cold')} | ${c('defi')} | ${c('oasis')} |`);
  }
  lines.push('');
  lines.push('### Package versions read by the import');
  lines.push('');
  for (const [p, v] of Object.entries(versions)) lines.push(`- \`${p}\` ${v}`);
  for (const v of VENDORED) lines.push(`- \`${v.pkg}\` ${v.version}: vendored \`${v.pathInTarball.replace(/^package\//, '')}\`, SHA-256 \`${v.sha256}\``);
  lines.push('');

  // Per-address cross-check table (every row with a contract, both entities).
  const byContract = new Map();
  for (const [label, rows] of [['SG', sg], ['HK', hk]]) {
    for (const r of rows) {
      if (!r.contract) continue;
      const k = `${r.network} ${r.contract}`;
      if (!byContract.has(k)) byContract.set(k, { ...r, entities: [] });
      byContract.get(k).entities.push(label);
    }
  }
  const all = [...byContract.values()];
  const single = all.filter((r) => r.listedBy.length === 1);
  const stats = {};
  for (const r of all) stats[r.listedBy.length] = (stats[r.listedBy.length] ?? 0) + 1;
  lines.push('### Cross-check of contract addresses');
  lines.push('');
  lines.push(`${all.length} distinct (network, contract) pairs. Number of sources that list the same address on the same network:`);
  lines.push('');
  for (const n of Object.keys(stats).sort((a, b) => b - a)) lines.push(`- ${n} source${n > 1 ? 's' : ''}: ${stats[n]}`);
  lines.push('');
  lines.push(`Addresses with a single source (${single.length}): ${single.map((r) => `${r.token} on ${r.network} (${r.source})`).join(', ') || 'none'}.`);
  lines.push('');
  const others = all.filter((r) => r.elsewhere.length);
  lines.push(`Rows whose symbol some source also gives to another address on the same network (${others.length}); the row's address is the one named first, the other is a bridged or legacy token, or a different token under the same symbol, and is not listed:`);
  lines.push('');
  for (const r of others) lines.push(`- ${r.token} on ${r.network}: \`${r.contract}\`; also under this symbol: ${[...new Set(r.elsewhere)].map((e) => `\`${e}\``).join(', ')}`);
  lines.push('');
  lines.push('| Network | Token | Contract | Entity | Address from | Listed by |');
  lines.push('| --- | --- | --- | --- | --- | --- |');
  for (const r of all) lines.push(`| ${r.network} | ${r.token} | \`${r.contract}\` | ${r.entities.join(', ')} | ${r.source} | ${r.listedBy.join(', ')} |`);
  lines.push('');
  const nameFrom = {};
  for (const r of [...sg, ...hk]) nameFrom[r.nameFrom] = (nameFrom[r.nameFrom] ?? 0) + 1;
  lines.push('### Where the names come from (rows of both entities)');
  lines.push('');
  for (const [k, v] of Object.entries(nameFrom).sort((a, b) => b[1] - a[1])) lines.push(`- ${k === 'manifest' ? 'cryptocurrency-icons manifest' : k === 'selection' ? 'written in selection.mjs' : `${SOURCE_INFO[k].pkg}`}: ${v}`);
  lines.push('');
  lines.push('<!-- END GENERATED -->');
  return lines.join('\n');
}

const outDir = join(repo, 'content', 'assets');
const sourcesPath = join(outDir, 'SOURCES.md');
const sourcesText = readFileSync(sourcesPath, 'utf8');
const begin = sourcesText.indexOf('<!-- BEGIN GENERATED');
const end = sourcesText.indexOf('<!-- END GENERATED -->');
if (begin < 0 || end < begin) {
  console.error('import-assets: SOURCES.md has no generated section markers');
  process.exit(1);
}
const newSources = sourcesText.slice(0, begin) + generatedSection() + sourcesText.slice(end + '<!-- END GENERATED -->'.length);

const outputs = [
  [join(outDir, 'sg.toml'), toToml('Singapore', sg)],
  [join(outDir, 'hk.toml'), toToml('Hong Kong', hk)],
  [sourcesPath, newSources],
];

// The written TOML must parse and give back the rows.
for (const [path, text] of outputs.slice(0, 2)) {
  const parsed = parseToml(text).asset;
  const rows = path.endsWith('sg.toml') ? sg : hk;
  if (parsed.length !== rows.length || parsed.some((p, i) => p.token !== rows[i].token || (p.contract ?? null) !== rows[i].contract)) {
    console.error(`import-assets: ${path} does not parse back to its rows`);
    process.exit(1);
  }
}

let changed = 0;
for (const [path, text] of outputs) {
  let old = null;
  try { old = readFileSync(path, 'utf8'); } catch { /* new file */ }
  if (old === text) continue;
  changed++;
  if (checkOnly) console.error(`import-assets: ${path} is not up to date`);
  else writeFileSync(path, text);
}

if (process.argv.includes('--names')) {
  // Review aid: where each name came from, and the sources' own names.
  for (const r of [...sg, ...hk]) {
    console.log([r.network, r.token, r.name, r.nameFrom, (r.sourceNames ?? []).join(' / '), r.manifestNote ? `manifest not used: ${r.manifestNote}` : ''].join(' | '));
  }
}

const perNet = chains.map((c) => `${c.id} ${sg.filter((r) => r.network === c.id).length}/${hk.filter((r) => r.network === c.id).length}`).join(', ');
console.log(`Singapore: ${sg.length} rows; Hong Kong: ${hk.length} rows.`);
console.log(`Per network (SG/HK): ${perNet}.`);
console.log(checkOnly ? (changed ? `${changed} file(s) out of date.` : 'All files up to date.') : `${changed} file(s) written.`);
if (checkOnly && changed) process.exit(1);
