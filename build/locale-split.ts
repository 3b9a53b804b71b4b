/**
 * `<locale>.json?first` and `<locale>.json?rest`: the two parts of one locale
 * file (src/i18n/first-texts.ts), each its own JSON module and so its own
 * chunk. The file stays whole in the repository (translators and tests read it).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { FIRST_TEXTS, splitTexts, type Texts } from '../src/i18n/first-texts.ts';

export function localeSplit(file: string): Plugin {
  const abs = path.resolve(file);
  return {
    name: 'locale-split',
    enforce: 'pre',
    // Named by their part (`en-rest-<hash>.js`), so a waterfall and a test tell them apart.
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            chunkFileNames: (c: { name: string; facadeModuleId: string | null }) => {
              const part =
                c.facadeModuleId?.startsWith(`${abs}?`) && c.facadeModuleId.split('?')[1];
              return `assets/${c.name}${part ? `-${part}` : ''}-[hash].js`;
            },
          },
        },
      },
    }),
    load(id) {
      const [p, query] = id.split('?');
      if (path.resolve(p ?? '') !== abs || (query !== 'first' && query !== 'rest')) return null;
      this.addWatchFile(abs);
      const parts = splitTexts(JSON.parse(readFileSync(abs, 'utf8')) as Texts, FIRST_TEXTS);
      // A JSON text is a JavaScript expression.
      return { code: `export default ${JSON.stringify(parts[query])};`, moduleType: 'js' };
    },
  };
}
