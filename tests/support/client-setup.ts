import { afterEach, vi } from 'vitest';
import { cleanup } from '@testing-library/react';

// Every client test starts clean: nothing rendered, the real `fetch` (and any other global a test stubbed, as
// `stubApiFetch` does) and no `vi.spyOn` spy left over. `vi.fn` mocks and `vi.mock` modules are not touched.
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
