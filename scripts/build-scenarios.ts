/**
 * `npm run scenarios:build`: writes the scenario library (scenario-library.ts)
 * to public/scenarios/<name>.json and its index, public/scenarios/index.json,
 * which the console lists and `?scenario=<name>` loads.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { format } from 'prettier';
import { LIBRARY, buildScenario, libraryIndex } from './scenario-library.ts';

const dir = path.resolve(import.meta.dirname, '../public/scenarios');
mkdirSync(dir, { recursive: true });
const write = async (name: string, value: unknown) => {
  const file = path.join(dir, `${name}.json`);
  writeFileSync(file, await format(JSON.stringify(value), { parser: 'json', filepath: file }));
};
for (const e of LIBRARY) {
  await write(e.name, await buildScenario(e));
  console.log(`public/scenarios/${e.name}.json`);
}
await write('index', libraryIndex());
console.log('public/scenarios/index.json');
