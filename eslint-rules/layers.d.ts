/** Types of the layers rule (layers.js), for its test. */
import type { Rule } from 'eslint';

declare const plugin: { rules: { layers: Rule.RuleModule } };
export default plugin;
