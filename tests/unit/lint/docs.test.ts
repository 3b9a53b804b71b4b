/**
 * TSDoc on every exported client and simulator API (eslint-rules/docs.js):
 * an exported function, class or function-valued const without a `/** *\/`
 * comment right above it is refused; types and plain values are not.
 */
import { describe, it } from 'vitest';
import { RuleTester } from 'eslint';
import docs from '../../../eslint-rules/docs.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });

tester.run('exported-api', docs.rules['exported-api'], {
  valid: [
    { code: '/** Adds. */\nexport function add(a, b) { return a + b; }' },
    { code: '/** Adds. */\nexport const add = (a, b) => a + b;' },
    { code: '/** A store. */\nexport class Store {}' },
    { code: 'export const LIMIT = 5;' },
    { code: 'function local() {}\nexport { local };' },
  ],
  invalid: [
    { code: 'export function add(a, b) { return a + b; }', errors: 1 },
    { code: '// Adds.\nexport const add = (a, b) => a + b;', errors: 1 },
    { code: 'export class Store {}', errors: 1 },
    { code: 'export default function () {}', errors: 1 },
    { code: '/** The cache. */\nconst cache = 1;\nexport const read = () => cache;', errors: 1 },
  ],
});
