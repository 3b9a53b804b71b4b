/**
 * The import rule of ARCHITECTURE.md's layout and issue 26's flows
 * (eslint-rules/layers.js): layers point down, src never imports tests, and
 * a flow's folder imports no other flow's.
 */
import path from 'node:path';
import { describe, it } from 'vitest';
import { RuleTester } from 'eslint';
import layers from '../../../eslint-rules/layers.js';

RuleTester.describe = describe;
RuleTester.it = it;
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
const at = (file: string) => path.resolve(file);
const code = (source: string) => `import x from '${source}';\nexport default x;`;

tester.run('layers', layers.rules.layers, {
  valid: [
    // A flow's view imports its own machine, shared validation and the top-level helpers.
    { filename: at('src/ui/flows/loan/kit.tsx'), code: code('../../../machines/loan/machine.ts') },
    { filename: at('src/machines/loan/machine.ts'), code: code('../validation/account.ts') },
    { filename: at('src/machines/loan/machine.ts'), code: code('../notice.ts') },
    { filename: at('src/ui/flows/loan/kit.tsx'), code: code('../../format.ts') },
    // A view outside the flows may compose any of them (the router does).
    { filename: at('src/ui/router.tsx'), code: code('./flows/loan/loan.tsx') },
  ],
  invalid: [
    {
      filename: at('src/ui/flows/loan/kit.tsx'),
      code: code('../../../machines/withdraw/machine.ts'),
      errors: [{ message: /the loan flow may not import the withdraw flow/ }],
    },
    {
      filename: at('src/ui/flows/loan/kit.tsx'),
      code: code('../deposit/deposit.tsx'),
      errors: [{ message: /the loan flow may not import the deposit flow/ }],
    },
    {
      filename: at('src/machines/loan/machine.ts'),
      code: code('../deposit/actors.ts'),
      errors: [{ message: /the loan flow may not import the deposit flow/ }],
    },
    {
      filename: at('src/ui/flows/loan/kit.tsx'),
      code: code('../../../../tests/flows/loan/words.ts'),
      errors: [{ message: /src may not import tests/ }],
    },
    {
      filename: at('src/machines/loan/machine.ts'),
      code: code('../../ui/format.ts'),
      errors: [{ message: /machines may not import ui/ }],
    },
  ],
});
