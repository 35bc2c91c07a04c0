// Loads every data source used by import-assets.mjs and normalises it into one shape:
//   { source, network, address, symbol, name }
// `network` is a chain id of content/site.toml; entries on chains the site does not name are
// dropped here. Addresses are returned exactly as the source publishes them (case included).
// See content/assets/SOURCES.md for the licence and version of each source.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import * as lifi from '@lifi/data-types';
import { ChainId as LifiChainId } from '@lifi/types';
import * as pancake from '@pancakeswap/tokens';

const require = createRequire(import.meta.url);
const here = dirname(fileURLToPath(import.meta.url));
// @uniswap/sdk-core's ESM build uses extensionless imports that Node cannot resolve: load its CJS build.
const { WETH9 } = require('@uniswap/sdk-core');

// EVM chain ids (EIP-155) of the site's EVM chains.
export const EVM_CHAIN_IDS = {
  1: 'ethereum',
  56: 'bnb-smart-chain',
  137: 'polygon',
  42161: 'arbitrum',
  10: 'optimism',
  8453: 'base',
  43114: 'avalanche',
  59144: 'linea',
  324: 'zksync',
  534352: 'scroll',
  5000: 'mantle',
  42220: 'celo',
  100: 'gnosis',
  25: 'cronos',
  146: 'sonic',
};

// LI.FI chain keys (enum ChainId of @lifi/types) of the site's chains.
const LIFI_KEYS = {
  ETH: 'ethereum', BSC: 'bnb-smart-chain', TRN: 'tron', SOL: 'solana', POL: 'polygon',
  ARB: 'arbitrum', OPT: 'optimism', BAS: 'base', AVA: 'avalanche', LNA: 'linea',
  ERA: 'zksync', SCL: 'scroll', MNT: 'mantle', CEL: 'celo', DAI: 'gnosis', CRO: 'cronos',
  SON: 'sonic', BTC: 'bitcoin', LTC: 'litecoin', BCH: 'bitcoin-cash', DGE: 'dogecoin',
  SUI: 'sui', XLM: 'stellar',
};

const PANCAKE_SOLANA_CHAIN_ID = 8000001001;
const SPL_REGISTRY_MAINNET = 101;

// Source ids, in order of preference. The first five are the original sources; the others were
// added because those five have no entry for an asset the announcements require
// (PYUSD on Solana, USDT on TON) and to give addresses a second, independent source.
export const SOURCE_INFO = {
  lifi: { pkg: '@lifi/data-types', licence: 'Apache-2.0' },
  pancakeswap: { pkg: '@pancakeswap/tokens', licence: 'MIT' },
  uniswap: { pkg: '@uniswap/sdk-core', licence: 'MIT' },
  superchain: { pkg: '@eth-optimism/tokenlist', licence: 'MIT' },
  aave: { pkg: '@aave-dao/aave-address-book', licence: 'MIT' },
  yodl: { pkg: '@yodlpay/tokenlists', licence: 'MIT' },
  drift: { pkg: '@drift-labs/sdk (vendored file)', licence: 'Apache-2.0' },
  tether: { pkg: '@tetherto/wdk-wallet-ton (vendored file)', licence: 'Apache-2.0' },
  splregistry: { pkg: '@solana/spl-token-registry', licence: 'Apache-2.0' },
};
export const SOURCE_ORDER = Object.keys(SOURCE_INFO);

// Vendored files: copied verbatim from the npm tarballs named here (too heavy to install for
// one constant each). Their SHA-256 is checked before use; verify-vendor.mjs re-downloads the
// tarballs with `npm pack` and compares the bytes.
export const VENDORED = [
  {
    file: 'vendor/drift-labs-sdk-2.156.0/spotMarkets.ts',
    pkg: '@drift-labs/sdk',
    version: '2.156.0',
    pathInTarball: 'package/src/constants/spotMarkets.ts',
    integrity: 'sha512-LLdahH3a0lsU2queWT98m5AarRR07M0n4TLcaSP31ejO7J7rlQgw7uruEf7h8EA0DGLxJijbay9Vqv4TYkzbiw==',
    sha256: '425c1f1ca49f5ed489fc07a7dc8bd349e712a520871dbe124cdc3a2fc1a3d0a5',
  },
  {
    file: 'vendor/tetherto-wdk-wallet-ton-1.0.0-beta.7/README.md',
    pkg: '@tetherto/wdk-wallet-ton',
    version: '1.0.0-beta.7',
    pathInTarball: 'package/README.md',
    integrity: 'sha512-83mzxz3tbUvfeUT/i9q/G9JpFW97DfcV0JfdoZ6OZDPdrOD7qhgKDTUzTNtI9i4V1S1xUD8dsX/0Sn5jFBnZxQ==',
    sha256: '861fca3fd189f9a60d8f424966f959b8c2a0ade36c289f442c99b2230b23b687',
  },
];

// Package data files are read by path: some packages' export maps hide their JSON files.
function readPackageJson(pkg, file) {
  return JSON.parse(readFileSync(join(here, 'node_modules', pkg, file), 'utf8'));
}

function readVendored(file) {
  const v = VENDORED.find((x) => x.file === file);
  const bytes = readFileSync(join(here, file));
  const sum = createHash('sha256').update(bytes).digest('hex');
  if (sum !== v.sha256) {
    throw new Error(`${file}: SHA-256 ${sum} does not match the recorded ${v.sha256}`);
  }
  return bytes.toString('utf8');
}

/** The CC0 cryptocurrency-icons manifest: symbol (upper case) -> { symbol, name }. */
export function loadManifest() {
  const manifest = readPackageJson('cryptocurrency-icons', 'manifest.json');
  const bySymbol = new Map();
  for (const m of manifest) {
    const key = m.symbol.toUpperCase();
    // The manifest lists a few symbols twice (e.g. MATIC, DASH); keep the first.
    if (!bySymbol.has(key)) bySymbol.set(key, { symbol: m.symbol, name: m.name });
  }
  return bySymbol;
}

/** All token entries of all sources, on the site's chains. */
export function loadEntries() {
  const out = [];
  const push = (source, network, address, symbol, name) => {
    if (!network || !address) return;
    out.push({ source, network, address: String(address), symbol: String(symbol ?? ''), name: String(name ?? '') });
  };

  // @lifi/data-types: basicCoins (one coin, its address on each chain) and wrappedTokens.
  const lifiNet = {};
  for (const [key, network] of Object.entries(LIFI_KEYS)) lifiNet[LifiChainId[key]] = network;
  for (const coin of lifi.basicCoins) {
    for (const [chainId, t] of Object.entries(coin.chains)) {
      push('lifi', lifiNet[chainId], t.address, t.symbol ?? coin.key, t.name ?? coin.name);
    }
  }
  for (const t of Object.values(lifi.wrappedTokens)) {
    push('lifi', lifiNet[t.chainId], t.address, t.symbol, t.name);
  }

  // @pancakeswap/tokens: the per-chain token maps.
  for (const exp of ['bscTokens', 'ethereumTokens', 'arbitrumTokens', 'baseTokens', 'lineaTokens', 'zksyncTokens', 'opBnbTokens', 'solanaTokens']) {
    for (const t of Object.values(pancake[exp])) {
      const network = t.chainId === PANCAKE_SOLANA_CHAIN_ID ? 'solana' : EVM_CHAIN_IDS[t.chainId];
      push('pancakeswap', network, t.address, t.symbol, t.name);
    }
  }

  // @pancakeswap/tokens: the Solana tokens exported on their own (RAY, mSOL, WSOL).
  for (const exp of ['RAY', 'mSOL', 'WSOL']) {
    const t = pancake[exp]?.[PANCAKE_SOLANA_CHAIN_ID];
    if (t) push('pancakeswap', 'solana', t.address, t.symbol, t.name);
  }

  // @uniswap/sdk-core: WETH9 (the wrapped native token of each chain).
  for (const [chainId, t] of Object.entries(WETH9)) {
    push('uniswap', EVM_CHAIN_IDS[chainId], t.address, t.symbol, t.name);
  }

  // @eth-optimism/tokenlist: the Superchain token list.
  const superchain = require('@eth-optimism/tokenlist').default ?? require('@eth-optimism/tokenlist');
  for (const t of superchain.tokens) {
    push('superchain', EVM_CHAIN_IDS[t.chainId], t.address, t.symbol, t.name);
  }

  // @aave-dao/aave-address-book: its token list; only the reserves' underlying assets.
  const aave = readPackageJson('@aave-dao/aave-address-book', 'tokenlist.json');
  for (const t of aave.tokens) {
    if ((t.tags ?? []).includes('underlying')) push('aave', EVM_CHAIN_IDS[t.chainId], t.address, t.symbol, t.name);
  }

  // @yodlpay/tokenlists: featured and generated lists (the native-coin placeholder 0xEeee... is skipped).
  for (const f of ['tokenlist-featured.json', 'tokenlist-generated.json']) {
    const list = readPackageJson('@yodlpay/tokenlists', `dist/${f}`);
    for (const t of list.tokens ?? list) {
      if (/^0xe{40}$/i.test(t.address)) continue;
      push('yodl', EVM_CHAIN_IDS[t.chainId], t.address, t.symbol, t.name);
    }
  }

  // @solana/spl-token-registry: the Solana token list (mainnet only).
  const spl = readPackageJson('@solana/spl-token-registry', 'dist/main/tokens/solana.tokenlist.json');
  for (const t of spl.tokens) {
    if (t.chainId === SPL_REGISTRY_MAINNET) push('splregistry', 'solana', t.address, t.symbol, t.name);
  }

  // Vendored: Drift's mainnet spot markets (symbol and mint of each market).
  const drift = readVendored('vendor/drift-labs-sdk-2.156.0/spotMarkets.ts');
  const mainnet = drift.slice(drift.indexOf('export const MainnetSpotMarkets'));
  const body = mainnet.slice(0, mainnet.indexOf('\n];'));
  for (const block of body.split(/\n\t\{\n/).slice(1)) {
    const symbol = /\n\t\tsymbol: '([^']+)'/.exec('\n' + block)?.[1];
    const mint = /\n\t\tmint: new PublicKey\(\s*'([1-9A-HJ-NP-Za-km-z]+)'\s*\)/.exec('\n' + block)?.[1];
    if (symbol && mint) push('drift', 'solana', mint, symbol, '');
  }

  // Vendored: Tether's WDK for TON, whose README names the USDT jetton master address.
  const tether = readVendored('vendor/tetherto-wdk-wallet-ton-1.0.0-beta.7/README.md');
  const seen = new Set();
  for (const m of tether.matchAll(/tokenAddress: '([A-Za-z0-9_-]{48})', \/\/ USDT Jetton/g)) {
    if (!seen.has(m[1])) push('tether', 'ton', m[1], 'USDT', 'Tether USD');
    seen.add(m[1]);
  }

  return out;
}

/** Versions of the installed packages, for SOURCES.md. */
export function installedVersions() {
  const pkgs = ['cryptocurrency-icons', '@lifi/data-types', '@pancakeswap/tokens', '@uniswap/sdk-core',
    '@eth-optimism/tokenlist', '@aave-dao/aave-address-book', '@yodlpay/tokenlists', '@solana/spl-token-registry'];
  const v = {};
  for (const p of pkgs) v[p] = readPackageJson(p, 'package.json').version;
  return v;
}
