// Which assets each entity lists, per network, in display order. This file holds only the
// editorial choice (token symbols and a few display texts); it holds no address. Every contract
// address is looked up by import-assets.mjs in the data sources (see sources.mjs), and the
// import stops if a symbol is missing from them or is ambiguous.
//
// Entry forms:
//   native(symbol, name)       the chain's native coin (written without `contract`)
//   'SYM'                      a token, looked up by symbol (case-insensitive) on that network
//   tok('SYM', options)        the same, with options:
//     src: 'lifi'              look the symbol up in this source only (where sources disagree,
//                              e.g. when a bridged token is published under the same symbol)
//     sourceName: '...'        and only entries whose source name is exactly this
//     alias: ['USD₮']          other symbols the sources publish the token under
//     name: '...'              full name, where neither the icon manifest nor a source gives a
//                              usable one (see SOURCES.md, "Names and symbols")
//     token: '...'             display symbol, where the sources' symbols differ from the issuer's
//     coldOnly: true           cold wallet only (illiquid; see SOURCES.md, "Account flags")
//     noDefi: true             no DeFi account although the family would allow it
//
// Selection rules (SOURCES.md explains them): stablecoins and majors on several chains; then
// established tokens, mostly on Ethereum and BNB Smart Chain; no meme-only tokens; no
// deprecated tokens; no bridged copy of a token on a chain where its issuer's canonical token
// exists; no bridged copy of a coin whose own chain is on the site's list (XRP, ADA, DOT, ...).

export const native = (symbol, name) => ({ native: true, symbol, name });
export const tok = (symbol, options = {}) => ({ symbol, ...options });

// Names for tokens the icon manifest lacks, so that a token has one name on every network
// (the sources' names for the same token differ from chain to chain, or are only its symbol).
export const NAMES = {
  PYUSD: 'PayPal USD',
  FDUSD: 'First Digital USD',
  USDe: 'Ethena USDe',
  sUSDe: 'Ethena Staked USDe',
  USDS: 'USDS Stablecoin',
  EURC: 'Euro Coin',
  USD1: 'World Liberty Financial USD',
  AUSD: 'Agora USD',
  cbBTC: 'Coinbase Wrapped BTC',
  WETH: 'Wrapped Ether',
  wstETH: 'Wrapped liquid staked Ether 2.0',
  weETH: 'Wrapped eETH',
  ezETH: 'Renzo Restaked ETH',
  rETH: 'Rocket Pool ETH',
  cbETH: 'Coinbase Wrapped Staked ETH',
  ETHx: 'Stader ETHx',
  LQTY: 'Liquity',
  CELR: 'Celer Network',
  GHO: 'Gho Token',
  DAI: 'Dai Stablecoin',
  AAVE: 'Aave',
};

// Drift's spot-market list, the only source of these mints, gives no names.
const SOL_JUP = tok('JUP', { name: 'Jupiter' });
const SOL_PYTH = tok('PYTH', { name: 'Pyth Network' });

// ---------------------------------------------------------------------------------------------
// Singapore entity
// ---------------------------------------------------------------------------------------------
export const SG = {
  bitcoin: [native('BTC')],
  ethereum: [
    native('ETH'),
    // Stablecoins and tokenised gold
    'USDT', 'USDC', 'DAI', tok('PYUSD'), tok('FDUSD', { noDefi: true }), 'TUSD', 'USDP', 'GUSD',
    'USDe', 'sUSDe', 'USDS', 'sDAI', 'frxUSD', 'LUSD', 'crvUSD', 'GHO',
    'RLUSD', 'USD1', 'USD0', 'USDtb', 'EURC', 'EURA', 'XAUt', 'PAXG',
    // Bitcoin on Ethereum
    'WBTC', 'cbBTC', 'tBTC', 'LBTC', 'FBTC',
    // Ether and liquid staking
    'WETH', tok('stETH', { name: 'Lido Staked Ether' }), 'wstETH', tok('rETH', { src: 'pancakeswap' }), 'cbETH', 'weETH', 'ezETH', 'rsETH', 'ETHx', 'mETH', 'frxETH',
    'sfrxETH', tok('osETH', { name: 'StakeWise Staked ETH' }), 'swETH',
    // DeFi
    'UNI', 'AAVE', 'MKR', 'SKY', 'LDO', 'RPL', 'CRV', 'CVX', 'BAL', 'COMP', 'SNX', 'SUSHI', 'YFI',
    '1INCH', tok('KNC', { src: 'yodl' }), 'ZRX', 'PENDLE', 'FXS', 'LQTY', tok('MORPHO', { src: 'superchain', sourceName: 'Morpho Token' }),
    'EIGEN', 'ETHFI', 'UMA', 'TRB', 'RSR', 'STG', 'ACX', 'AURA', 'PERP', 'MLN', 'DPI',
    tok('ALCX', { coldOnly: true }), tok('SPELL', { coldOnly: true }),
    // Infrastructure, L2 and exchange tokens
    'LINK', 'GRT', 'ENS', 'ZRO', 'AXL', 'ARB', 'POL', 'MATIC', 'MNT', 'IMX', 'WLD', 'OKB', 'LSK',
    'CELR', 'ALT', 'BICO', 'CTSI', 'T', 'OLAS', 'FET', 'TEL', 'AMP', 'LRC', 'SNT', 'IOTX',
    tok('OGN', { coldOnly: true }), tok('GTC', { coldOnly: true }),
    // Gaming, metaverse and consumer
    'APE', 'SAND', 'MANA', 'ENJ', 'BLUR', 'MASK', 'YGG', 'BAT', tok('SUPER', { coldOnly: true }),
  ],
  'bnb-smart-chain': [
    native('BNB'),
    // Stablecoins
    'USDT', 'USDC', tok('FDUSD', { noDefi: true }), 'DAI', tok('TUSD', { src: 'pancakeswap' }), 'USDe', 'USD1', 'USDD',
    tok('lisUSD'), tok('VAI', { coldOnly: true }),
    // Wrapped and pegged majors (pegged copies only of coins whose own chain is not on the list,
    // plus ETH and BTC, which BNB Smart Chain DeFi uses as collateral)
    'WBNB', tok('ETH', { src: 'lifi' }), 'BTCB', 'LINK', 'UNI', 'COMP', 'YFI', 'SUSHI', 'BAND', 'FIL', 'EOS', 'XTZ', 'ZIL',
    'IOTX', 'AXS', 'INJ', 'EGLD', tok('ONE', { src: 'lifi' }), 'FET', 'NULS',
    // Liquid staking
    'wBETH', 'slisBNB', 'BNBx', 'ankrBNB', 'SolvBTC',
    // BNB Smart Chain DeFi
    'CAKE', 'XVS', 'BAKE', 'BSW', 'LISTA', 'DODO', 'CHESS', 'BIFI', 'ALPHA', 'BEL', 'DEGO', 'SFP',
    tok('C98', { token: 'C98' }), 'TWT', 'WOO', 'RDNT', 'PENDLE', 'STG', 'ZRO', 'AXL', 'SOLV', 'PSTAKE',
    'QI', 'ANKR', 'SIS', 'HFT',
    tok('WOM', { coldOnly: true }),
    // Infrastructure, AI and data
    'ARPA', 'ATA', 'CTK', 'SXP', 'CHR', 'PHA', 'LIT', 'DUSK', 'ORBS', 'QKC', tok('XCN', { name: 'Onyxcoin' }), 'NMT', 'CGPT',
    'AIOZ', 'NFP', 'ID', 'CYBER', 'MANTA', 'DMAIL', 'ZBC', 'HOOK', 'EDU', 'ACH', 'COS', 'MASK', 'BTT',
    'WIN', 'NFT',
    // Exchange tokens
    'MX', 'TKO',
    // Gaming, metaverse and consumer
    'ALICE', 'MBOX', 'TLM', 'GMT', 'DAR', 'HIGH', 'SPS', 'SFUND', 'CEEK', 'HAI', 'ADX',
    // Fan tokens (Chiliz-issued): thin liquidity, cold wallet only
    tok('PSG', { coldOnly: true }), tok('JUV', { coldOnly: true }), tok('LAZIO', { coldOnly: true }),
    tok('PORTO', { coldOnly: true }), tok('SANTOS', { coldOnly: true }), tok('ASR', { coldOnly: true }),
    tok('ATM', { coldOnly: true, name: 'Atletico de Madrid Fan Token' }),
  ],
  tron: [native('TRX'), tok('USDT'), tok('USD1')],
  solana: [
    native('SOL'),
    'USDC', 'USDT', tok('PYUSD', { noDefi: true }), 'EURC', 'USDe', 'USDS', 'USD1',
    tok('USDY', { name: 'Ondo US Dollar Yield' }), 'cbBTC',
    'mSOL', tok('jitoSOL', { token: 'JitoSOL', name: 'Jito Staked SOL' }), 'bSOL',
    tok('BNSOL', { name: 'Binance Staked SOL' }), tok('INF', { name: 'Sanctum Infinity' }),
    SOL_JUP, tok('JTO', { name: 'Jito' }), SOL_PYTH,
    tok('RENDER', { name: 'Render' }), tok('W', { name: 'Wormhole' }), 'RAY', tok('DRIFT', { name: 'Drift' }),
    tok('TNSR', { name: 'Tensor' }), tok('ME', { name: 'Magic Eden' }), tok('CLOUD', { name: 'Sanctum' }),
  ],
  polygon: [
    native('POL', 'Polygon Ecosystem Token'),
    tok('USDT', { src: 'lifi' }), tok('USDC', { src: 'lifi' }), 'DAI', 'WETH', 'WBTC', 'WPOL',
    'LINK', 'AAVE', 'UNI', 'CRV', 'SUSHI', 'BAL', 'COMP', 'SNX', 'YFI', '1INCH', 'KNC', 'MKR', 'GRT',
    'wstETH', 'MaticX', 'GHST', 'SAND', 'MANA', 'APE', 'GNS', 'EURA',
    tok('QUICK', { name: 'QuickSwap' }), tok('DPI', { coldOnly: true }),
  ],
  arbitrum: [
    native('ETH'),
    tok('USDT', { src: 'pancakeswap' }), tok('USDC', { src: 'lifi' }), 'DAI', 'USDe', 'GHO',
    'LUSD', 'WETH', 'WBTC', 'tBTC', 'FBTC', 'wstETH', 'rETH', 'weETH', 'ezETH', 'rsETH', 'frxETH',
    'ARB', 'GMX', 'LINK', 'UNI', 'AAVE', 'CRV', 'BAL', 'COMP', 'LDO', 'PENDLE', 'GRT', 'LPT', 'RDNT',
    tok('MAGIC', { src: 'pancakeswap' }), 'STG', 'ZRO', 'GNS', 'WOO', 'SUSHI', 'DODO', 'XAI', 'ETHFI', 'KNC', 'YFI', 'CAKE',
  ],
  optimism: [
    native('ETH'),
    tok('USDT', { src: 'lifi' }), tok('USDC', { src: 'lifi' }), 'DAI', 'sUSD', 'LUSD',
    'WETH', 'WBTC', 'wstETH', tok('rETH', { src: 'yodl' }), 'cbETH', 'frxETH',
    'OP', 'LINK', 'AAVE', 'SNX', tok('VELO', { src: 'yodl' }), 'UNI', 'CRV', 'BAL', 'LDO', 'PENDLE', 'PERP', 'WLD', 'KNC',
    'YFI', 'TRB', 'OLAS',
  ],
  base: [
    native('ETH'),
    tok('USDC', { src: 'lifi' }), 'USDT', 'DAI', 'EURC', 'USDS', 'GHO', 'crvUSD',
    'cbBTC', 'LBTC', 'tBTC', 'WETH', 'cbETH', 'wstETH', tok('weETH', { src: 'pancakeswap' }), 'ezETH', 'rETH',
    'AERO', 'MORPHO', 'AAVE', 'COMP', 'SNX', 'CRV', 'BAL', 'UNI', 'LINK', 'ZRO', 'PENDLE', 'YFI',
    'VIRTUAL', 'WELL', 'PRIME',
  ],
  avalanche: [
    native('AVAX'),
    tok('USDT', { src: 'aave' }), tok('USDC', { src: 'lifi' }), 'DAI.e', 'EURC', 'GHO', 'AUSD',
    'WAVAX', 'sAVAX', 'WETH.e', 'WBTC.e', tok('BTC.b', { name: 'Bitcoin (Avalanche Bridge)' }), 'LINK.e', 'AAVE.e',
  ],
  linea: [native('ETH'), 'USDC', 'USDT', 'WETH', 'WBTC', 'wstETH', 'weETH', 'ezETH'],
  zksync: [native('ETH'), tok('USDC', { src: 'lifi' }), 'USDT', 'WETH', 'WBTC', 'ZK', 'wstETH', 'weETH'],
  scroll: [native('ETH'), 'USDC', 'USDT', 'WETH', 'WBTC', 'SCR', 'wstETH', 'weETH'],
  mantle: [native('MNT', 'Mantle'), 'USDC', tok('USDT', { src: 'lifi' }), 'USDe', 'sUSDe', 'WMNT', 'WETH', 'FBTC'],
  celo: [native('CELO', 'Celo'), tok('USDC', { src: 'lifi' }), tok('USDT', { src: 'aave', alias: ['USD₮'] }), 'cUSD', 'cEUR', tok('WETH', { src: 'aave' })],
  gnosis: [native('xDAI', 'xDAI'), tok('USDC', { src: 'aave' }), 'USDT', 'WXDAI', 'sDAI', 'WETH', 'GNO', 'EURe', 'wstETH'],
  cronos: [native('CRO', 'Cronos'), 'WCRO', tok('USDC', { src: 'lifi' }), 'USDT', 'WETH', 'WBTC'],
  sonic: [native('S', 'Sonic'), tok('USDC', { src: 'lifi' }), 'wS', 'stS', 'WETH'],
  litecoin: [native('LTC')],
  'bitcoin-cash': [native('BCH')],
  dogecoin: [native('DOGE')],
  // TON: under due diligence for the Singapore entity (announcement new-assets-ton-2026-03).
  'xrp-ledger': [native('XRP')],
  cardano: [native('ADA')],
  polkadot: [native('DOT')],
  cosmos: [native('ATOM')],
  near: [native('NEAR', 'NEAR Protocol')],
  aptos: [native('APT', 'Aptos')],
  sui: [native('SUI', 'Sui'), tok('USDC', { src: 'lifi' })],
  stellar: [native('XLM')],
  algorand: [native('ALGO')],
};

// ---------------------------------------------------------------------------------------------
// Hong Kong entity: majors and the most established stablecoins on the most established chains.
// ---------------------------------------------------------------------------------------------
export const HK = {
  bitcoin: [native('BTC')],
  ethereum: [
    native('ETH'),
    'USDT', 'USDC', 'DAI', 'WBTC', 'WETH', tok('stETH', { name: 'Lido Staked Ether' }), 'wstETH', 'LINK', 'UNI', 'AAVE', 'MKR', 'LDO',
    'CRV', 'COMP', 'SNX', 'ENS', 'GRT', 'ARB', 'POL', 'IMX', 'APE', 'SAND', 'MANA', 'BAT', '1INCH',
  ],
  'bnb-smart-chain': [native('BNB'), 'USDT', 'USDC', tok('ETH', { src: 'lifi' }), 'BTCB', 'CAKE'],
  tron: [native('TRX'), 'USDT'],
  solana: [native('SOL'), 'USDC', 'USDT', SOL_JUP, SOL_PYTH],
  polygon: [native('POL', 'Polygon Ecosystem Token'), tok('USDT', { src: 'lifi' }), tok('USDC', { src: 'lifi' })],
  arbitrum: [native('ETH'), tok('USDT', { src: 'pancakeswap' }), tok('USDC', { src: 'lifi' }), 'ARB'],
  optimism: [native('ETH'), tok('USDT', { src: 'lifi' }), tok('USDC', { src: 'lifi' }), 'OP'],
  // Base: USDC only (announcement new-assets-base-2025-06).
  base: [tok('USDC', { src: 'lifi' })],
  avalanche: [native('AVAX'), tok('USDT', { src: 'aave' }), tok('USDC', { src: 'lifi' })],
  litecoin: [native('LTC')],
  'bitcoin-cash': [native('BCH')],
  dogecoin: [native('DOGE')],
  // TON and USDT on TON (announcement new-assets-ton-2026-03).
  ton: [native('TON', 'Toncoin'), tok('USDT', { src: 'tether' })],
  'xrp-ledger': [native('XRP')],
  cardano: [native('ADA')],
  polkadot: [native('DOT')],
  cosmos: [native('ATOM')],
  near: [native('NEAR', 'NEAR Protocol')],
  aptos: [native('APT', 'Aptos')],
  sui: [native('SUI', 'Sui')],
  stellar: [native('XLM')],
  algorand: [native('ALGO')],
};

// ---------------------------------------------------------------------------------------------
// Account flags (SOURCES.md, "Account flags", states the rules these sets implement).
// Keys are `network:TOKEN` with the written token symbol.
// ---------------------------------------------------------------------------------------------

// Singapore: Oasis (off-exchange settlement) for the majors and the top stablecoins.
export const SG_OASIS = new Set([
  'bitcoin:BTC', 'ethereum:ETH', 'bnb-smart-chain:BNB', 'solana:SOL', 'xrp-ledger:XRP',
  'dogecoin:DOGE', 'tron:TRX', 'cardano:ADA', 'litecoin:LTC',
  'ethereum:USDT', 'ethereum:USDC', 'tron:USDT', 'bnb-smart-chain:USDT', 'bnb-smart-chain:USDC',
  'solana:USDT', 'solana:USDC', 'arbitrum:USDT', 'arbitrum:USDC', 'polygon:USDT', 'polygon:USDC',
  'base:USDC',
]);

// Hong Kong: segregated accounts only (`accounts` of the entity in content/site.toml), so no
// asset is marked for the DeFi or Oasis account; the content check refuses one that is.
export const HK_DEFI = new Set([]);
export const HK_OASIS = new Set([]);
