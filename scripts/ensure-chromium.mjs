/**
 * Makes sure Debian's Chromium is there for the e2e tests: installs it with
 * apt-get when missing and running as root, otherwise says how and stops.
 * Nothing downloads a browser of its own.
 */
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function ensureChromium() {
  if (existsSync(CHROMIUM)) return CHROMIUM;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root) {
    console.error(
      `Chromium is missing at ${CHROMIUM}. Install Debian's package first:\n` +
        '  sudo apt-get update && sudo apt-get install -y chromium\n' +
        'or point CHROMIUM_PATH at a Chromium binary.',
    );
    process.exit(1);
  }
  console.log('Installing Debian chromium (apt-get)…');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  });
  if (!existsSync(CHROMIUM)) {
    console.error(`apt-get finished but ${CHROMIUM} is still missing.`);
    process.exit(1);
  }
  return CHROMIUM;
}

/** heif-enc (Debian's libheif-examples) makes a real HEIC for the image tests; installed like Chromium. */
export function ensureHeifEnc() {
  try {
    execSync('command -v heif-enc', { stdio: 'ignore' });
    return;
  } catch {
    /* missing: install below */
  }
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root) {
    console.error('heif-enc is missing: sudo apt-get install -y libheif-examples');
    process.exit(1);
  }
  console.log('Installing Debian libheif-examples (apt-get)…');
  execSync(
    'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libheif-examples',
    { stdio: 'inherit' },
  );
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
