/** Types of the docs rule (docs.js), for its test. */
import type { Rule } from 'eslint';

declare const plugin: { rules: { 'exported-api': Rule.RuleModule } };
export default plugin;
