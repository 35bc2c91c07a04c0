#!/usr/bin/env node
// Checks that each file in vendor/ is byte for byte the file of the npm tarball it was copied
// from: downloads the tarball with `npm pack` (from the npm registry), checks the tarball's
// integrity against the value recorded in sources.mjs, extracts the file and compares SHA-256.
// Not needed to run the import (which checks the recorded SHA-256 itself); run it to re-verify
// the provenance of the vendored files.

import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

import { VENDORED } from './sources.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const tmp = mkdtempSync(join(tmpdir(), 'import-assets-vendor-'));
let bad = 0;
try {
  for (const v of VENDORED) {
    const out = execFileSync('npm', ['pack', `${v.pkg}@${v.version}`, '--pack-destination', tmp, '--json'], { encoding: 'utf8' });
    const [info] = JSON.parse(out);
    const tarball = join(tmp, info.filename);
    const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
    execFileSync('tar', ['-xzf', tarball, '-C', tmp, v.pathInTarball]);
    const original = readFileSync(join(tmp, v.pathInTarball));
    const vendored = readFileSync(join(here, v.file));
    const sum = createHash('sha256').update(original).digest('hex');
    const ok = integrity === v.integrity && sum === v.sha256 && original.equals(vendored);
    if (!ok) bad++;
    console.log(`${ok ? 'ok  ' : 'FAIL'} ${v.file} <- ${v.pkg}@${v.version}:${v.pathInTarball}` +
      (ok ? '' : ` (tarball ${integrity === v.integrity ? 'ok' : 'differs'}, file ${sum === v.sha256 && original.equals(vendored) ? 'ok' : 'differs'})`));
    rmSync(join(tmp, 'package'), { recursive: true, force: true });
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
process.exit(bad ? 1 : 0);
