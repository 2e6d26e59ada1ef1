import type { Logger } from 'pino';
import type { Config } from '#server/config.ts';
import type { LlmComposer } from '../pipeline.ts';

/** The LLM composer when LLM_BASE_URL and LLM_MODEL are set (issue 11 §8); null means the embedded composer. */
export function createLlmComposerFromConfig(_config: Config, _log: Logger): LlmComposer | null {
  return null;
}
