// Types of what eslint.config.js exports beside the config, for scripts/checkImports.ts.
import type { Linter } from 'eslint';

export interface LayerRule {
  readonly files: readonly string[];
  readonly may: readonly string[];
  readonly libs?: readonly string[];
  readonly typesFrom?: readonly string[];
}
export declare const LAYER_RULES: Readonly<Record<string, LayerRule>>;
export declare const LAYER_ALLOW_LIST: readonly {
  readonly layer: string;
  readonly file: string;
  readonly allow: readonly string[];
}[];
declare const config: Linter.Config[];
export default config;
