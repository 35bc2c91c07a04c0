// Address rules per chain family. Each check returns an error message, or null when the address
// passes. None of them changes an address: import-assets.mjs writes an address only after its
// check returned null, and refuses to write anything otherwise.

import { sha256 } from '@noble/hashes/sha2.js';
import { keccak_256 } from '@noble/hashes/sha3.js';
import { base58, createBase58check } from '@scure/base';

const base58check = createBase58check(sha256);

/** EIP-55 mixed-case checksum form of a 0x + 40 hex address. */
export function toChecksumAddress(address) {
  const hex = address.slice(2).toLowerCase();
  const hash = keccak_256(new TextEncoder().encode(hex));
  let out = '0x';
  for (let i = 0; i < 40; i++) {
    const nibble = (hash[i >> 1] >> (i % 2 === 0 ? 4 : 0)) & 0xf;
    out += nibble >= 8 ? hex[i].toUpperCase() : hex[i];
  }
  return out;
}

/**
 * EVM: 0x + 40 hex digits with a correct EIP-55 checksum. The written form must be the
 * checksummed form. (import-assets.mjs derives that form only from an all-lower-case or
 * all-upper-case source address, which carries no checksum; a mixed-case source address
 * whose checksum is wrong is refused, never corrected.)
 */
export function checkEvm(address) {
  if (!/^0x[0-9a-fA-F]{40}$/.test(address)) return 'not 0x followed by 40 hexadecimal digits';
  if (/^0x0{40}$/.test(address)) return 'the zero address is not a token contract';
  if (toChecksumAddress(address) !== address) return `EIP-55 checksum is wrong (expected ${toChecksumAddress(address)})`;
  return null;
}

/** Tron: base58check of 21 bytes whose first byte is 0x41. */
export function checkTron(address) {
  let bytes;
  try {
    bytes = base58check.decode(address);
  } catch (e) {
    return `not valid base58check (${e.message})`;
  }
  if (bytes.length !== 21) return `decodes to ${bytes.length} bytes, not 21`;
  if (bytes[0] !== 0x41) return `first byte is 0x${bytes[0].toString(16)}, not 0x41`;
  return null;
}

/** Solana: base58 that decodes to exactly 32 bytes. */
export function checkSolana(address) {
  let bytes;
  try {
    bytes = base58.decode(address);
  } catch (e) {
    return `not valid base58 (${e.message})`;
  }
  if (bytes.length !== 32) return `decodes to ${bytes.length} bytes, not 32`;
  if (base58.encode(bytes) !== address) return 'not in canonical base58 form';
  return null;
}

// CRC-16/XMODEM, used by TON user-friendly addresses.
function crc16xmodem(bytes) {
  let crc = 0;
  for (const b of bytes) {
    crc ^= b << 8;
    for (let i = 0; i < 8; i++) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc;
}

/**
 * TON (jetton master, user-friendly form): 48 characters of URL-safe base64 encoding 36 bytes:
 * tag 0x11 (bounceable, not test-only), workchain 0x00 (basechain), 32-byte account id and a
 * CRC-16/XMODEM of the first 34 bytes.
 */
export function checkTon(address) {
  if (!/^[A-Za-z0-9_-]{48}$/.test(address)) return 'not 48 characters of URL-safe base64';
  const bytes = Buffer.from(address.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
  if (bytes.length !== 36) return `decodes to ${bytes.length} bytes, not 36`;
  if (bytes[0] !== 0x11) return `tag byte 0x${bytes[0].toString(16)} is not 0x11 (bounceable, main network)`;
  if (bytes[1] !== 0x00) return `workchain ${bytes[1]} is not the basechain (0)`;
  const crc = crc16xmodem(bytes.subarray(0, 34));
  if (crc !== bytes.readUInt16BE(34)) return 'CRC-16 checksum is wrong';
  return null;
}

/** Sui coin type: 0x + 64 hex digits (package id), then ::module::Name. */
export function checkSui(address) {
  if (!/^0x[0-9a-f]{64}::[A-Za-z_][A-Za-z0-9_]*::[A-Za-z_][A-Za-z0-9_]*$/.test(address)) {
    return 'not a Sui coin type (0x + 64 lower-case hex digits ::module::Name)';
  }
  return null;
}

/** The check for a token identifier on `network` of `family`, or null if the site has none. */
export function checkerFor(network, family) {
  switch (family) {
    case 'evm': return checkEvm;
    case 'tron': return checkTron;
    case 'solana': return checkSolana;
    case 'utxo': return null; // UTXO chains carry native coins only.
    case 'other':
      if (network === 'ton') return checkTon;
      if (network === 'sui') return checkSui;
      return null; // no token identifiers are accepted on the other "other" chains.
    default: return null;
  }
}

// Self-test with published reference values, run before every import.
export function selfTest() {
  const fail = (m) => { throw new Error(`address-check self-test failed: ${m}`); };
  // EIP-55 test vectors from the EIP.
  for (const a of ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359',
    '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB', '0xD1220A0cf47c7B9Be7A2E6BA89F429762e7b9aDb']) {
    if (checkEvm(a) !== null) fail(`EIP-55 vector ${a} rejected`);
    if (checkEvm(a.toLowerCase()) === null) fail(`lower-case ${a} accepted`);
  }
  if (checkTron('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6u') === null) fail('Tron address with a bad checksum accepted');
  if (checkTron('TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t') !== null) fail('Tron USDT contract rejected');
  if (checkSolana('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v') !== null) fail('Solana USDC mint rejected');
  if (checkSolana('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwy') === null) fail('short Solana key accepted');
  if (crc16xmodem(new TextEncoder().encode('123456789')) !== 0x31c3) fail('CRC-16/XMODEM check value');
}
